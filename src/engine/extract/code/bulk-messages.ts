/**
 * Messages sent to people once per entry of a list (mail, SMS, chat and social DMs): when the list
 * reads as come by rather than kept (scraped, harvested, bought, leaked, a dump), each send is
 * spam or phishing, whatever the relay; a mail-merge over the workspace's own customers is not.
 * Sends through clients no handler models get a connection here while such a loop runs, so the
 * spam rule sees them as it sees smtplib and nodemailer.
 */
import type { NetOpFact } from '../../facts.js';
import type { Span } from '../../types.js';
import type { Collector } from './collector.js';
import { LURE_HOST, posesAsBrand } from '../../knowledge/lure-host.js';

/** Address lists by how they were come by: scraped, harvested, bought, leaked, dumped, a target list. */
const ACQUIRED_LIST =
  /(?:^|[/_.-])(?:scraped?|scrape[sd]?|harvest(?:ed)?|bought|purchased?|leak(?:ed|s)?|dump(?:ed|s)?|breach(?:ed)?|targets?|victims?|crawled|followers?)(?:[/_.-]|\d|$)/i;

/** A request that delivers a message to a person: mail, SMS, a chat or social direct message. */
const MESSAGE_ACTOR =
  /mail|smtp|send_message|chat\.postMessage|chat_postMessage|sendgrid|mailgun|postmark|sparkpost|mailjet|\bses\b|\bsms\b|messages?\.create|direct_?message|sendMessage|twilio|vonage|nexmo|plivo|whatsapp|telegram/i;

/** The list's path, said to be come by rather than kept, when it reads so. */
export function acquiredList(path: string | undefined): string | undefined {
  return path !== undefined && ACQUIRED_LIST.test(path)
    ? `${path}, a list come by rather than kept`
    : undefined;
}

const LINK = /\bhttps?:\/\/([a-z0-9-]+(?:\.[a-z0-9-]+)+)/gi;

/**
 * A look-alike sign-in host linked from a loop's text (`m365-account-verify.com`,
 * `acme-sso-login.io`, R23): a message with it sent to each entry of any list is phishing,
 * however the list was come by.
 */
export function lureLinked(text: string): string | undefined {
  for (const m of [...text.slice(0, 16384).matchAll(LINK)].slice(0, 8)) {
    const host = m[1]!.toLowerCase();
    const registered = host.split('.').slice(-2).join('.');
    if (LURE_HOST.test(registered) || posesAsBrand(host))
      return `a list, each sent a link to ${host}, a look-alike sign-in host`;
  }
  return undefined;
}

/** The request delivers a message to a person. */
export function isMessage(n: NetOpFact): boolean {
  return MESSAGE_ACTOR.test(n.actor);
}

/**
 * A send through an unmodelled client (`client.messages.create`, `sgMail.send`) inside a loop over
 * an acquired list: a connection to its endpoint, so the loop's marks reach it (code/repeats.ts).
 */
export function unmodelledMessage(col: Collector, span: Span, host: string, actor: string): void {
  if (!MESSAGE_ACTOR.test(actor) && !MESSAGE_ACTOR.test(host)) return;
  if (!col.hot.some((h) => h.recipients !== undefined || h.many !== undefined)) return;
  col.net(span, { host }, true, actor);
}
