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

/** Address lists by how they were come by: scraped, harvested, bought, leaked, dumped, a target list. */
const ACQUIRED_LIST =
  /(?:^|[/_.-])(?:scraped?|scrape[sd]?|harvest(?:ed)?|bought|purchased?|leak(?:ed|s)?|dump(?:ed|s)?|breach(?:ed)?|targets?|victims?|crawled|followers?)(?:[/_.-]|\d|$)/i;

/** A request that delivers a message to a person: mail, SMS, a chat or social direct message. */
const MESSAGE_ACTOR =
  /mail|smtp|send_message|sendgrid|mailgun|postmark|sparkpost|mailjet|\bses\b|\bsms\b|messages?\.create|direct_?message|sendMessage|twilio|vonage|nexmo|plivo|whatsapp|telegram/i;

/** The list's path when it reads as come by rather than kept. */
export function acquiredList(path: string | undefined): string | undefined {
  return path !== undefined && ACQUIRED_LIST.test(path) ? path : undefined;
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
