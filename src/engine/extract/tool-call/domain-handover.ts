/**
 * A registered domain handed to another owner (R25: Route 53
 * `transfer_domain_to_another_aws_account`, a registrar's transfer out or account push): whoever
 * receives it controls its mail and web, so every reset link and sign-in on it. Transfers into the
 * user's registrar, status checks, locks and cancellations stay allowed. One `agent-guard-action
 * grant domain <detail>` line for PLT-AST-003.
 */
import { type CliEquivalent } from './cli.js';
import { snakeEntries } from './snake-entries.js';
import { wordSet, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';

const HAND = /^(?:transfer|push|handover|give|assign|move|change)$/;
/** Words of a transfer in, or of a call about one that moves nothing. */
const NOT_OUT =
  /^(?:in|into|inbound|import|incoming|accept|from|get|list|describe|check|status|availability|eligibility|cancel|reject|lock|enable|renew|price|pricing)$/;
/** Words of the other side: another account, owner or registrar. */
const OUT = /^(?:out|outbound|another|other|owner|account|registrant)$/;
/** Keys naming who receives the domain. */
const TO_KEY =
  /(?:^|_)(?:account_id|target_account|to_account|gaining_account|receiving_account|recipient|new_owner|owner_email|registrant_email|to_registrar|gaining_registrar|push_to|destination_account|customer_id)$/;
const DOMAIN_KEY = /(?:^|_)(?:domain|domain_name|sld|fqdn|name)$/;

/** When domainHandoverLines can answer (signals.ts): a domain word in the name. */
export const DOMAIN_HANDOVER_GATE: Gate = { name: wordSet('domain domains') };

export function domainHandoverLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object' || w.some((x) => NOT_OUT.test(x))) return [];
  if (!w.some((x) => HAND.test(x))) return [];
  const all = snakeEntries(args, { depth: 3, pairs: 64, items: 8 });
  const to = all.find(([k, v]) => TO_KEY.test(k) && (typeof v === 'string' || typeof v === 'number'));
  if (to === undefined && !w.some((x) => OUT.test(x))) return [];
  const named = all.find(([k, v]) => DOMAIN_KEY.test(k) && typeof v === 'string')?.[1];
  const domain = typeof named === 'string' ? named : 'the domain';
  return [
    line(
      'grant',
      'domain',
      `${w.join('_')} hands ${domain.slice(0, 80)} to ${to === undefined ? 'another owner' : String(to[1]).slice(0, 80)}`,
    ),
  ];
}
