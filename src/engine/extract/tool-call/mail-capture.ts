/**
 * What users send the product mailed to a personal mailbox (R21: a fastify `preHandler` hook that
 * mails every `/login` body to ledger-archive@proton.me): a mail send addressed to a literal
 * free-mail address whose text carries the request's body, form or a password. A contact form
 * mailed to the company's own inbox, or a notification to a user's address held in a variable,
 * stays allowed.
 */
import type { Planted } from './auth-backdoor.js';
import { FREE_MAIL } from './recipients.js';

/** A mail send (nodemailer, smtplib, Django, Flask-Mail, SES, SendGrid, Resend) to a literal address. */
const SEND_TO =
  /\b(?:sendMail|send_mail|send_message|sendmail|send_email|sendEmail|EmailMessage|Message|Mail|emails\.send|messages\.create)\s*\([^]{0,300}?\b(?:to|recipients|to_addrs|to_emails|ToAddresses|recipient_list)["']?\s*[:=]\s*\[?\s*["'\x60]([\w.+-]{1,64}@([\w-]+(?:\.[\w-]+)+))["'\x60]/g;
/** What users send: the request's body or form, a password, the sign-in's credentials. */
const USER_DATA =
  /\b(?:req|request|ctx\.request|event)\.(?:body|form|json|data|values|POST|get_json\(\))\b|\bpassword\b|\bcredentials\b/;

/** Where and why the text mails what users send to a personal mailbox, or undefined. */
export function mailedCaptureAt(text: string): Planted | undefined {
  for (const m of text.slice(0, 65536).matchAll(SEND_TO)) {
    if (!FREE_MAIL.test(m[2]!)) continue;
    const call = text.slice(m.index, m.index + m[0].length + 300);
    const data = USER_DATA.exec(call);
    if (data !== null) return { why: `mails ${data[0]} to ${m[1]!} (a personal mailbox)`, at: m.index };
  }
  return undefined;
}
