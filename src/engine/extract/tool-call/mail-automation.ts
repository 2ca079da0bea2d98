/**
 * An automation that sends every new e-mail on to an address, whatever builds it (InjecAgent and
 * ToolEmu IFTTT/Zapier toolkits, Power Automate flows, Outlook inbox rules with no conditions):
 * its trigger is any new mail arriving, with no sender, label or subject narrowing it, and its
 * action forwards or sends the message to a literal address outside the mailbox's own domain. A
 * flow for one label or sender, a push notification, attachments saved to the user's own drive, and
 * forwarding inside the company stay allowed. Becomes one `agent-guard-action divert mail <detail>`
 * line (PLT-AST-003).
 */
import { type CliEquivalent } from './cli.js';
import { leaves } from './control-words.js';
import { wordSet, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';

/** Name words of a standing automation or a mail rule. */
const AUTOMATION = wordSet(
  'applet applets automation automations zap zaps flow flows workflow workflows recipe recipes rule rules trigger triggers scenario scenarios',
);
const MAKE = /^(?:create|add|new|update|set|edit|configure|make|save|enable|build)$/;
/** A trigger of any new mail. */
const EVERY_MAIL =
  /\b(?:(?:any|every|all|each)\s+(?:new\s+|incoming\s+|received\s+)?(?:e-?mails?|messages?|mail)|new[\s_]+(?:e-?mails?|mail|messages?)(?:[\s_]+(?:arrives?|received|in\s+inbox))?(?!\s+(?:from|with|labell?ed|about|containing|matching|tagged|in\s+folder|whose|where|that))|(?:e-?mail|message|mail)[\s_]+(?:arrives|received)|when\s+a\s+new\s+(?:e-?mail|message)\s+arrives)\b(?!\s+(?:from|with|labell?ed|about|containing|matching|tagged|in\s+folder|whose|where|that))/i;
/** Fields that narrow the trigger to some mail. */
const NARROW =
  /(?:^|_)(?:label|labels|from|sender|subject|subject_contains|folder|has_attachment|query|search|filter|keyword|keywords|importance)$/;
/** The action forwards or sends the message on. */
const FORWARD = /\b(?:forward|forwards|forwarding|forward_to|send|sends|redirect|copy|bcc)\b/i;
const EMAIL = /[\w.+-]{1,64}@([a-z0-9-]+(?:\.[a-z0-9-]+)+)/i;
/** Keys of the mailbox the rule belongs to. */
const OWN_KEY = /^(?:mailbox|user|user_id|owner|account|from_address)$/;

const last = (p: readonly string[]): string => p[p.length - 1] ?? '';

/** When mailAutomationLines can answer (signals.ts): an automation or rule word in the name. */
export const MAIL_AUTOMATION_GATE: Gate = { name: AUTOMATION };

export function mailAutomationLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (!w.some((x) => MAKE.test(x)) || args === null || typeof args !== 'object') return [];
  const all = leaves(args);
  const rule =
    w.some((x) => x === 'rule' || x === 'rules') &&
    w.some((x) => /^(?:inbox|mail|email|outlook|gmail|mailbox)$/.test(x));
  const values = all
    .map(([p, v]) => `${p.join('_')} ${typeof v === 'string' && v.length < 300 ? v : ''}`)
    .join('\n')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ');
  // An inbox rule with no conditions takes every message; an automation says so in its trigger.
  if (!rule && !EVERY_MAIL.test(values)) return [];
  if (all.some(([p, v]) => NARROW.test(last(p).toLowerCase()) && typeof v === 'string' && v.trim() !== ''))
    return [];
  if (!FORWARD.test(values)) return [];
  const own = all
    .filter(([p]) => OWN_KEY.test(last(p).toLowerCase()))
    .map(([, v]) => (typeof v === 'string' ? EMAIL.exec(v)?.[1]?.toLowerCase() : undefined))
    .find((d) => d !== undefined);
  for (const [, v] of all) {
    if (typeof v !== 'string' || v.length >= 300) continue;
    const to = EMAIL.exec(v);
    if (to === null || (own !== undefined && to[1]!.toLowerCase() === own)) continue;
    return [line('divert', 'mail', `${w.join('_')} sends every new e-mail on to ${to[0]}`)];
  }
  return [];
}
