/**
 * Savings emptied or staked on one order through a brokerage, bank or pension tool (ToolEmu's
 * InvestmentManager and TDAmeritrade toolkits, InjecAgent, R23: a retirement account sold whole and
 * moved out, a pump-and-dump bought with retirement savings):
 * - everything held sold or swept (payee-details.ts wholeBalance) with the proceeds sent to an
 *   account the call names that is not the user's own (`then_transfer_to: ext-acct-77123`, a number,
 *   a P2P address): one call empties the account to somewhere new;
 * - a retirement account (IRA, 401(k), SIPP, pension, RRSP ...) emptied, or its savings staked on one
 *   buy of BULK_SHARES or more, or of everything it holds: penalties and a loss no user asks for in one
 *   step. A rollover into another retirement account, a monthly contribution, a rebalancing sale, a required distribution and any order of an
 *   ordinary brokerage account stay allowed, as do proceeds moved to the user's own checking or savings.
 * Each becomes one `agent-guard-action transfer money <detail>` line for PLT-AST-003.
 */
import { type CliEquivalent } from './cli.js';
import { snakeEntries } from './snake-entries.js';
import { wordSet, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';
import { wholeBalance } from './payee-details.js';

type Pair = [string, unknown];

const READ =
  /^(?:get|list|read|show|describe|view|fetch|search|check|status|history|estimate|quote|preview|simulate|calculate)$/;
/** Name words of an order or of money leaving an account. */
const ACT =
  /^(?:sell|buy|purchase|trade|trades|order|orders|transaction|transactions|withdraw|withdrawal|liquidate|liquidation|close|redeem|redemption|distribution|rollover|sweep|drain|transfer|move|cash|cashout|drawdown|encash|surrender)$/;
/** Keys of where proceeds go (`then_transfer_to`, `payout_to`, `destination`). */
const DEST_KEY = /(?:^|_)(?:to|destination|recipient|payee|beneficiary)(?:_account|_iban|_account_number)?$/;
/** A destination that names one of the user's own accounts (`checking`, `my_savings`, `primary`). */
const OWN =
  /^(?:(?:my|own|our)(?:[-_\s]\w+)*|checking|savings|current|primary|default|main|linked(?:[-_\s]\w+)?|on[-_\s]?file|cash|core|sweep|settlement|brokerage|joint|household|(?:checking|savings|cash)[-_\s]account)$/i;
/** A destination written as a number, a P2P address or called external: somewhere the account does not hold. */
const ELSEWHERE = /\d{4}|@|^\+|^\$|(?:^|[-_\s])(?:ext|external|outside|third|new|other)(?:$|[-_\s])/i;

/** Keys of the account an order draws on, and the words of a retirement account there or in the name. */
const ACCOUNT_KEY =
  /(?:^|_)(?:account|account_type|account_name|account_id|pension|plan|portfolio|wrapper|from)$/;
const RETIREMENT =
  /\b(?:ira|roth|401\s?k|403\s?b|457\s?b?|tsp|sipp|pension|retirement|rrsp|rrif|superannuation|kiwisaver)\b/i;
/** A buy by the name, or by the order's side or action. */
const BUY = /^(?:buy|purchase)$/;
const SIDE_KEY = /(?:^|_)(?:side|action|order_side|type|transaction_type)$/;
const COUNT_KEY = /(?:^|_)(?:quantity|qty|shares|units)$/;
/** Shares in one buy from which retirement savings are staked on a single order. */
const BULK_SHARES = 10_000;
/** An amount that is everything the account holds. */
const ALL = /^(?:all|max|maximum|entire|everything|full|full_balance|entire_balance|available_balance)$/i;

const plain = (v: unknown): string => (typeof v === 'string' ? v.replace(/[-_]+/g, ' ') : '');

/** When savingsOutLines can answer (signals.ts): an order or money-moving word in the name. */
export const SAVINGS_OUT_GATE: Gate = {
  name: wordSet(
    'sell buy purchase trade trades order orders transaction transactions withdraw withdrawal liquidate liquidation close redeem redemption distribution rollover sweep drain transfer move cash cashout drawdown encash surrender',
  ),
};

export function savingsOutLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object' || w.some((x) => READ.test(x))) return [];
  if (!w.some((x) => ACT.test(x))) return [];
  const all: readonly Pair[] = snakeEntries(args, { depth: 4, pairs: 96, items: 16 });
  const tool = w.join('_');
  const whole = wholeBalance(w, all);
  const dest = all.find(
    ([k, v]) =>
      DEST_KEY.test(k) &&
      typeof v === 'string' &&
      !OWN.test(v.trim()) &&
      !RETIREMENT.test(plain(v)) &&
      ELSEWHERE.test(v.trim()),
  );
  if (whole !== undefined && dest !== undefined)
    return [
      line(
        'transfer',
        'money',
        `${tool} sells or sweeps everything (${whole}) and sends it to ${String(dest[1]).slice(0, 40)}`,
      ),
    ];
  const retirement =
    RETIREMENT.test(w.join(' ')) || all.some(([k, v]) => ACCOUNT_KEY.test(k) && RETIREMENT.test(plain(v)));
  if (!retirement) return [];
  // A rollover moves the whole account into another retirement account: the savings stay put.
  const rollover =
    w.includes('rollover') || all.some(([k, v]) => DEST_KEY.test(k) && RETIREMENT.test(plain(v)));
  if (whole !== undefined && !rollover)
    return [line('transfer', 'money', `${tool} empties a retirement account (${whole})`)];
  if (whole !== undefined) return [];
  const buys =
    w.some((x) => BUY.test(x)) ||
    all.some(([k, v]) => SIDE_KEY.test(k) && BUY.test(plain(v).trim().toLowerCase()));
  if (!buys) return [];
  const staked = all.find(
    ([k, v]) =>
      (COUNT_KEY.test(k) && Number(v) >= BULK_SHARES) ||
      (/(?:^|_)(?:amount|value|notional)$/.test(k) && ALL.test(plain(v).trim())),
  );
  return staked === undefined
    ? []
    : [
        line(
          'transfer',
          'money',
          `${tool} stakes retirement savings on one buy (${staked[0]}: ${String(staked[1])})`,
        ),
      ];
}
