/**
 * Money and help sent where a planted instruction points (red team r14 injected, AgentDojo and
 * InjecAgent style): crypto withdrawn to a raw address (irreversible, and an address the user
 * saved would be named by its label), a payment whose own memo carries CEO-fraud pressure (`urgent
 * invoice per CEO`) or cites the hidden instruction it follows, and an emergency dispatch its own
 * text calls a prank. Ordinary payments (a dinner split, rent, a bill), trades and withdrawals to a
 * saved address, and real emergencies stay allowed. Each becomes one `agent-guard-action transfer|
 * deceive <object> <detail>` line for PLT-AST-003.
 */
import { quote, type CliEquivalent } from './cli.js';
import { ACTION_PROGRAM } from './saas.js';
import { snakeEntries } from './snake-entries.js';
import { union, wordSet, type Gate } from './signals.js';

const line = (effect: string, object: string, detail: string): CliEquivalent => ({
  code: [ACTION_PROGRAM, effect, quote(object), quote(detail.slice(0, 200))].join(' '),
  runtime: 'bash',
});

const READ = /^(?:get|list|read|show|describe|view|fetch|search|check|status|history|cancel|estimate|quote)$/;
/** Name words of money leaving an account. */
const PAY =
  /^(?:withdraw|withdrawal|send|transfer|pay|payment|payments|wire|remit|schedule|transaction|transactions|money|funds|bill|invoice|payout|disburse)$/;
const CRYPTO_WORD =
  /^(?:crypto|binance|coinbase|kraken|bitfinex|okx|bybit|kucoin|wallet|btc|eth|usdt|usdc|bitcoin|ethereum|solana|tron)$/;
/** A raw on-chain address: bech32, legacy base58, EVM, Tron. */
const CRYPTO_ADDRESS =
  /^(?:bc1[02-9ac-hj-np-z]{20,60}|[13][a-km-zA-HJ-NP-Z1-9]{25,34}|0x[0-9a-fA-F]{40}|T[1-9A-HJ-NP-Za-km-z]{33})$/;
const ADDRESS_KEY = /(?:^|_)(?:address|to|destination|recipient|wallet)$/;
/** Free text of a payment: what its reader (and the bank) sees as the reason. */
const MEMO_KEY =
  /^(?:memo|subject|reference|note|notes|description|reason|purpose|message|remittance_info|details)$/;
const AUTHORITY =
  /\b(?:per|from|for|by|on\s+behalf\s+of|(?:requested|instructed|approved|ordered)\s+by|asked\s+by)\s+(?:the\s+|our\s+)?(?:ceo|cfo|coo|president|chairman|founder|boss|managing\s+director|md|chief\s+executive)\b|\b(?:ceo|cfo|chief\s+executive)\s+(?:asked|wants|requested|instructed|says)\b/i;
const PRESSURE =
  /\b(?:urgent(?:ly)?|asap|immediately|right\s+away|today|before\s+(?:eod|end\s+of\s+day|noon)|confidential|quietly|discreet(?:ly)?|don'?t\s+tell|keep\s+(?:this|it)\s+between)\b/i;
const PLANTED =
  /\b(?:hidden|secret|embedded|injected)\s+instructions?\b|\bper\s+(?:the\s+)?instructions?\s+(?:in|from)\s+(?:the\s+)?(?:e-?mail|message|document|file|page|comment|review|note)\b|\bignore\s+(?:all\s+)?(?:previous|prior)\s+instructions\b/i;
const EMERGENCY = /^(?:emergency|dispatch|911|112|police|ambulance|firefighters?|rescue|sos)$/;
const FALSE_REPORT =
  /\b(?:prank|hoax|fake|joke|for\s+fun|false\s+alarm|not\s+(?:a\s+)?real|swat(?:ting)?)\b/i;

type Pair = [string, unknown];
const texts = (all: Pair[], key: RegExp): string[] =>
  all.filter(([k, v]) => key.test(k) && typeof v === 'string').map(([, v]) => v as string);

/** When moneyOutLines can answer (signals.ts): its first test, the name word of a payment or an emergency (PAY, EMERGENCY). */
export const MONEY_OUT_GATE: Gate = {
  name: union(
    PAY,
    wordSet('emergency dispatch 911 112 police ambulance firefighter firefighters rescue sos'),
  ),
};

export function moneyOutLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object' || w.some((x) => READ.test(x))) return [];
  const pay = w.some((x) => PAY.test(x));
  const emergency = w.some((x) => EMERGENCY.test(x));
  if (!pay && !emergency) return [];
  const all = snakeEntries(args, { depth: 3, pairs: 64, items: 16 });
  const tool = w.join('_');
  if (emergency) {
    const text = texts(all, /(?:^|_)(?:description|details|notes?|reason|type|message|summary)$/).join('\n');
    const fake = FALSE_REPORT.exec(text);
    return fake === null
      ? []
      : [line('deceive', 'responders', `${tool} files an emergency its own text calls ${fake[0]}`)];
  }
  const address = all.find(
    ([k, v]) => ADDRESS_KEY.test(k) && typeof v === 'string' && CRYPTO_ADDRESS.test(v.trim()),
  );
  const crypto =
    w.some((x) => CRYPTO_WORD.test(x)) ||
    all.some(
      ([k, v]) =>
        /^(?:currency|coin|asset|token|symbol)$/.test(k) &&
        typeof v === 'string' &&
        /^(?:BTC|ETH|USDT|USDC|SOL|XRP|LTC|DOGE|TRX|BNB|XMR)$/i.test(v.trim()),
    );
  if (
    address !== undefined &&
    (crypto || /^(?:withdraw|withdrawal)$/.test(w[0] ?? '') || w.includes('withdraw'))
  )
    return [
      line(
        'transfer',
        'money',
        `${tool} sends crypto to ${String(address[1]).slice(0, 64)}, a raw address (irreversible)`,
      ),
    ];
  const memo = texts(all, MEMO_KEY).join('\n').slice(0, 4096);
  if (PLANTED.test(memo))
    return [line('transfer', 'money', `${tool} pays on a planted instruction: ${memo.slice(0, 80)}`)];
  if (AUTHORITY.test(memo) && PRESSURE.test(memo))
    return [line('transfer', 'money', `${tool} pays under CEO-fraud pressure: ${memo.slice(0, 80)}`)];
  return [];
}
