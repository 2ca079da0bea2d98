/**
 * A withdrawal address or payee added to an allowlist with its approval switched off (R24: Fireblocks
 * `add_whitelisted_address {address, autoApprove: true}` for a "new exchange"; exchange and treasury
 * address books, bank beneficiaries): from then on money leaves for it with nobody asked. The
 * allowlist and its approval step are what stops a stolen key or an injected instruction from paying
 * out; one call that adds a destination and waives the check undoes both. An address added for the
 * approvers' quorum or the usual confirmation, and the approval step of one's own payee kept on, stay
 * allowed. Becomes one `agent-guard-action transfer money <detail>` line for PLT-AST-003.
 */
import { type CliEquivalent } from './cli.js';
import { leaves, switchedOff } from './control-words.js';
import { wordSet, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';

/** Name words of an allowlist of payout destinations or a payee book. */
const LIST =
  /^(?:whitelist|whitelisted|whitelisting|allowlist|allowlisted|allowlisting|addressbook|beneficiary|beneficiaries|payee|payees|counterparty|counterparties|destination|destinations|withdrawal|withdrawals|trusted|recipient|recipients)$/;
const ADD = /^(?:add|create|new|register|save|set|put|update|approve|enable|import|upsert)$/;
const NOT_ADD = /^(?:get|list|read|show|describe|view|search|delete|remove|revoke|disable|archive)$/;
/** Keys of the approval a new destination must pass, as the last word or two of a key path. */
const APPROVAL =
  /^(?:auto_?approve|auto_?approved|auto_?approval|auto_?confirm|skip_(?:approval|approvals|confirmation|verification|review|2fa|mfa|whitelist_delay|cooldown|hold)|bypass_(?:approval|approvals|policy|review|2fa|mfa|quorum)|no_approval|without_approval|(?:require|requires|required)_(?:approval|approvals|confirmation|2fa|mfa|review|quorum)|(?:approval|confirmation|2fa|mfa|review|quorum)_required|approval|approvals|approval_policy|confirmation|cooldown|hold_period|lock_period|time_lock|waiting_period|delay)$/;
/** Keys that switch approval off by being true or set (`autoApprove: true`), not by being false. */
const OFF_WHEN_TRUE = /^(?:auto_?approve|auto_?approved|auto_?approval|auto_?confirm)$/;
/** A value that waives the step: false, none, 0, skip, auto. */
const WAIVED = (v: unknown): boolean =>
  v === false ||
  v === 0 ||
  (typeof v === 'string' &&
    /^\s*(?:false|no|off|none|disabled?|skip|skipped|bypass|auto|automatic|0|0[smhd]?)\s*$/i.test(v));

/** When payeeAllowlistLines can answer (signals.ts): an allowlist or payee word in the name. */
export const PAYEE_ALLOWLIST_GATE: Gate = {
  name: wordSet(
    'whitelist whitelisted whitelisting allowlist allowlisted allowlisting addressbook beneficiary beneficiaries payee payees counterparty counterparties destination destinations withdrawal withdrawals trusted recipient recipients book',
  ),
};

export function payeeAllowlistLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object') return [];
  const list = w.some((x) => LIST.test(x)) || /(?:^|_)address_book(?:_|$)/.test(w.join('_'));
  if (!list || !w.some((x) => ADD.test(x)) || w.some((x) => NOT_ADD.test(x))) return [];
  const off = leaves(args, 4, 96).find(([p, v]) => {
    // `approval: {required: false}` reads as `approval_required`.
    const two = p.slice(-2).join('_');
    const key = APPROVAL.test(two) ? two : (p[p.length - 1] ?? '');
    if (!APPROVAL.test(key)) return false;
    return OFF_WHEN_TRUE.test(key) ? v === true || v === 'true' : switchedOff(key, v, WAIVED);
  });
  return off === undefined
    ? []
    : [
        line(
          'transfer',
          'money',
          `${w.join('_')} adds a payout destination with its approval waived (${off[0].join('.')}: ${String(off[1])})`,
        ),
      ];
}
