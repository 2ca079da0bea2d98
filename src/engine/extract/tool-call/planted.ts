/**
 * Text of a call that says it follows an instruction found in content the agent read (red team
 * r11-r17 injected: `as instructed in the message`, `per the instructions in the note`, `following
 * the instructions from the support chat`): a user asks in their own words and never cites an e-mail
 * or a web page as the authority for moving money or sending data out. Shared by the money
 * (money-out.ts) and sending (outside-send.ts) readers, which add what is moved and where it goes.
 */

/** Where a planted instruction lives: a message, document or page the agent read. */
const SOURCE = String.raw`(?:e-?mails?|messages?|texts?(?:\s+messages?)?|sms|notes?|documents?|docs?|files?|pages?|web\s?pages?|websites?|sites?|comments?|reviews?|chats?|attachments?|pdfs?|posts?|tweets?|calendar\s+(?:events?|invites?)|invites?|readme|memo|letter|dm|voicemail|screenshot|image)`;
const ARTICLE = String.raw`(?:(?:the|this|that|a|an|your|their|his|her)\s+)?(?:[\w-]+\s+){0,2}`;

export const PLANTED = new RegExp(
  [
    String.raw`\b(?:hidden|secret|embedded|injected)\s+instructions?\b`,
    String.raw`\bignore\s+(?:all\s+)?(?:previous|prior)\s+instructions\b`,
    // `as instructed in the message`, `as requested in the note`, `as told by the e-mail`.
    String.raw`\b(?:as|per)\s+(?:instructed|requested|asked|directed|told|specified|demanded)\s+(?:in|by|on)\s+${ARTICLE}${SOURCE}\b`,
    // `per the instructions in the note`, `following the instructions from the support chat`.
    String.raw`\b(?:per|following|according\s+to|as\s+per|as\s+described\s+in|as\s+in)\s+${ARTICLE}instructions?\s+(?:in|from|on|of|inside)\s+${ARTICLE}${SOURCE}\b`,
    // `per the note in the shared doc`, `as stated in the comment on the page`: content found inside content.
    String.raw`\b(?:per|as\s+per|according\s+to|following|as\s+(?:noted|stated|written|described|specified|mentioned|listed|requested|asked))\s+(?:in\s+)?${ARTICLE}${SOURCE}\s+(?:in|from|on|inside|at|of)\s+${ARTICLE}${SOURCE}\b`,
    // `as the note instructs`, `as the e-mail told me`.
    String.raw`\bas\s+${ARTICLE}${SOURCE}(?:\s+(?:from|by)\s+(?:the\s+)?[\w-]+)?\s+(?:instructs|instructed|tells|told|asks|asked|demands|demanded|directs|directed)\b`,
    String.raw`\binstructions?\s+(?:in|from|inside)\s+${ARTICLE}${SOURCE}\s+(?:say|says|said|ask|asks|asked|tell|tells|told)\b`,
  ].join('|'),
  'i',
);
