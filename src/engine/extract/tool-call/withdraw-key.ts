/**
 * An API key that can take money out, made through a tool call (R22 injected: a Binance key with
 * `withdraw` for a "tax tool" and delivered to its site; InjecAgent exchange toolkits): a key,
 * token or credential created, or its rights changed, with a permission to withdraw, transfer or
 * pay out. Whoever holds it can empty the account without the user's sign-in, IP lock or not (injected
 * text can name the IP too); the line names where the key is sent when the call delivers it. Read-only
 * keys, trading keys without withdrawal, a `send` scope of mail or chat, and listing or deleting keys
 * stay allowed. The one place that reads such keys (payee-details.ts once had a copy). Becomes one
 * `agent-guard-action grant 'api key' <detail>` line (PLT-AST-003).
 */
import { type CliEquivalent } from './cli.js';
import { leaves } from './control-words.js';
import { wordSet, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';

/** Name words of a key, token or credential given to a program. */
const KEY = /^(?:key|keys|apikey|apikeys|api_key|token|tokens|credential|credentials|secret|access_key)$/;
/** Name words of making one or changing its rights. */
const MAKE =
  /^(?:create|add|new|generate|issue|make|update|edit|modify|set|enable|grant|change|rotate|regenerate)$/;
const NOT_MAKE = /^(?:get|list|read|show|describe|view|search|delete|remove|revoke|disable)$/;
/** A permission that moves money out of the account, as a key, a key part or a value. */
const MONEY_OUT =
  /(?:^|[_\s:.-])(?:withdraw|withdrawal|withdrawals|withdraw_funds|payout|payouts|transfer|transfers|internal_transfer|universal_transfer|send_funds|send_crypto)(?:$|[_\s:.-])/i;
/** `send` as a right over money (Coinbase `wallet:transactions:send`, `funds.send`), not over mail or chat. */
const MONEY_SEND =
  /(?:^|[_\s:.-])(?:wallet|transactions?|funds|money|crypto|coins?|payments?)[_:.-]send(?:$|[_\s:.-])|(?:^|[_\s:.-])send[_:.-](?:funds|money|crypto|coins?|payments?|transactions?)(?:$|[_\s:.-])/i;
/** Keys that deliver the new key somewhere: the line names where. */
const DELIVER_KEY =
  /(?:^|_)(?:deliver_to|send_to|post_to|webhook|webhook_url|callback|callback_url|notify_url|forward_to|share_with|email_to)$/;
/** Keys under which a key's rights are listed or switched. */
const RIGHTS =
  /(?:^|_)(?:permissions?|scopes?|rights|abilities|capabilities|access|roles?|enable|enabled|allow|allowed|can)(?:_|$)/;

const last = (p: readonly string[]): string => p[p.length - 1] ?? '';
const on = (v: unknown): boolean =>
  v === true ||
  (typeof v === 'string' && /^\s*(?:true|yes|on|enabled?|write|read_write|rw|full|all|admin)\s*$/i.test(v));

/** When withdrawKeyLines can answer (signals.ts): a key word in the name. */
export const WITHDRAW_KEY_GATE: Gate = {
  name: wordSet('key keys apikey apikeys api_key token tokens credential credentials secret access_key'),
};

export function withdrawKeyLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object') return [];
  if (!w.some((x) => KEY.test(x)) || !w.some((x) => MAKE.test(x)) || w.some((x) => NOT_MAKE.test(x)))
    return [];
  const right = leaves(args).find(
    ([p, v]) =>
      // `permissions: ["withdraw"]`, `scopes: "read,withdraw"`.
      (typeof v === 'string' &&
        v.length < 200 &&
        p.some((k) => RIGHTS.test(k)) &&
        (MONEY_OUT.test(` ${v} `) || MONEY_SEND.test(` ${v} `))) ||
      // `enable_withdrawals: true`, `permissions: {withdraw: true}`, Stripe `permissions: {payouts: write}`.
      (on(v) && MONEY_OUT.test(`_${last(p)}_`)),
  );
  if (right === undefined) return [];
  const sent = leaves(args).find(
    ([p, v]) => DELIVER_KEY.test(last(p)) && typeof v === 'string' && /[/@]/.test(v),
  );
  const to = sent === undefined ? '' : ` and is sent to ${String(sent[1]).slice(0, 60)}`;
  return [
    line(
      'grant',
      'api key',
      `${w.join('_')} ${right[0].join('.')} ${String(right[1])}: the key can move money out${to}`,
    ),
  ];
}
