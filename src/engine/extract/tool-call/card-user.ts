/**
 * A person put on the user's card or bank account (InjecAgent/R24: `add_authorized_user` with a
 * stranger's Gmail box, a joint holder added, an additional cardholder): they get a card of their
 * own and spend on the user's credit. A holder named at a work domain (a colleague on a company
 * card), listing, removing or limiting holders stay allowed. One `agent-guard-action grant card
 * <detail>` line for PLT-AST-003.
 */
import { type CliEquivalent } from './cli.js';
import { snakeEntries } from './snake-entries.js';
import { wordSet, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';
import { FREE_MAIL, registrable } from './recipients.js';

const ADD = /^(?:add|create|new|invite|request|issue|enroll|enrol|register|open)$/;
const READ = /^(?:get|list|read|show|view|search|remove|delete|revoke|cancel|suspend|freeze|lock|limit)$/;
/** Words of a second holder, and of what they hold. */
const SECOND = /^(?:authorized|authorised|additional|supplementary|supplemental|secondary|joint|extra)$/;
const HOLDER = /^(?:user|users|cardholder|cardholders|holder|holders|card|cards|owner|owners|member|signer)$/;
/** Keys of who the new holder is. */
const PERSON_KEY =
  /^(?:name|first_name|last_name|full_name|cardholder_name|holder_name|user_name|email|email_address|phone|date_of_birth|dob|ssn|address|holder|cardholder|user)$/;
const MAIL_KEY = /(?:^|_)email(?:_address)?$/;

/** When cardUserLines can answer (signals.ts): a second holder's word in the name. */
export const CARD_USER_GATE: Gate = {
  name: wordSet(
    'authorized authorised additional supplementary supplemental secondary joint extra cardholder cardholders',
  ),
};

export function cardUserLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object' || w.some((x) => READ.test(x))) return [];
  if (!w.some((x) => ADD.test(x))) return [];
  const second =
    (w.some((x) => SECOND.test(x)) && w.some((x) => HOLDER.test(x))) ||
    w.some((x) => /^cardholders?$/.test(x));
  if (!second) return [];
  const all = snakeEntries(args, { depth: 3, pairs: 64, items: 8 });
  // A card or bank account in the call (`card: Visa ending 4411`), not a seat added to a SaaS plan.
  const money =
    w.some((x) => /^(?:card|cards|cardholder|cardholders|credit|bank|banking|joint)$/.test(x)) ||
    all.some(
      ([k, v]) =>
        /(?:^|_)(?:card|cards|card_id|card_number|credit_card|account_number|iban)$/.test(k) ||
        (typeof v === 'string' && /\bending\s+(?:in\s+)?\d{4}\b/i.test(v)),
    );
  if (!money) return [];
  if (!all.some(([k, v]) => PERSON_KEY.test(k) && (typeof v === 'string' || typeof v === 'object')))
    return [];
  // A colleague at a work domain on a company card is the company's decision, as outsider-admin reads it.
  const mails = all
    .filter(([k, v]) => MAIL_KEY.test(k) && typeof v === 'string')
    .map(([, v]) => /@([a-z0-9-]+(?:\.[a-z0-9-]+)+)\s*$/i.exec(String(v).trim())?.[1]);
  if (mails.length > 0 && mails.every((d) => d !== undefined && !FREE_MAIL.test(registrable(d)))) return [];
  const who = all.find((e): e is [string, string] => PERSON_KEY.test(e[0]) && typeof e[1] === 'string')?.[1];
  return [
    line(
      'grant',
      'card',
      `${w.join('_')} adds ${(who ?? 'a person').slice(0, 60)} as a holder who spends on the account`,
    ),
  ];
}
