/**
 * Goods given away by a price or discount setting (red team r15 money): every active product's
 * price set to 0, and a 100%-off code with no cap on its uses published where anyone finds it.
 * Read from the values, whatever the store calls its fields: a price at 0 over a filter or every
 * product, a discount of the whole price with no redemption limit and a public place. One product
 * made free (a sample), a sale price across the catalogue, and a one-use 100% apology code for one
 * customer stay allowed. Line: `agent-guard-action transfer ...` (PLT-AST-003).
 */
import { quote, type CliEquivalent } from './cli.js';
import { leaves, type Leaf } from './control-words.js';
import { ACTION_PROGRAM } from './saas.js';
import { wordSet, type Gate } from './signals.js';

const line = (detail: string): CliEquivalent => ({
  code: [ACTION_PROGRAM, 'transfer', quote('goods'), quote(detail.slice(0, 200))].join(' '),
  runtime: 'bash',
});

const READ = /^(?:get|list|describe|read|show|search|query|view|fetch|preview|simulate|delete|remove)$/;
const last = (p: readonly string[]): string => p[p.length - 1] ?? '';
const num = (v: unknown): number | undefined => {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^\s*-?\d+(?:\.\d+)?\s*%?\s*$/.test(v)) return Number.parseFloat(v);
  return undefined;
};

/** Keys of what a buyer pays (not `compare_at_price`, the struck-through one). */
const PRICE_KEY =
  /^(?:price|prices|new_price|regular_price|sale_price|unit_price|unit_amount|list_price|base_price|amount)$/;
/** Name words and keys that select many products at once. */
const MANY_WORD = /^(?:products|prices|items|variants|catalog|catalogue|inventory|bulk|all|listings|skus)$/;
const SELECTOR_KEY = /^(?:filter|filters|where|query|selector|criteria|match|condition|conditions)$/;
const ONE_KEY = /^(?:product_id|id|sku|variant_id|item_id|handle|listing_id)$/;

/** A selector object whose only criterion is one item's id, SKU or handle (no wildcard, no list). */
function namesOne(sel: unknown): boolean {
  if (sel === null || typeof sel !== 'object' || Array.isArray(sel)) return false;
  const e = Object.entries(sel);
  return (
    e.length === 1 &&
    ONE_KEY.test(e[0]![0].toLowerCase()) &&
    (typeof e[0]![1] === 'number' ||
      (typeof e[0]![1] === 'string' &&
        /^[\w.-]{1,64}$/.test(e[0]![1]) &&
        !/^(?:all|every|everything)$/i.test(e[0]![1])))
  );
}

function pricedAtZero(
  w: readonly string[],
  tool: string,
  all: readonly Leaf[],
  args: object,
): string | undefined {
  const zero = all.find(([p, v]) => PRICE_KEY.test(last(p)) && num(v) !== undefined && num(v)! <= 0.01);
  if (zero === undefined) return undefined;
  const rec = args as Record<string, unknown>;
  const keys = Object.keys(args).map((k) => k.toLowerCase());
  // A selector that names one item (`filter: {sku: SAMPLE-STICKER-01}`, R19 twin) picks that item, as a top-level `sku` does.
  const one = Object.keys(args).some((k) => SELECTOR_KEY.test(k.toLowerCase()) && namesOne(rec[k]));
  const many =
    (keys.some((k) => SELECTOR_KEY.test(k)) && !one) ||
    all.some(
      ([p, v]) =>
        (/(?:^|_)ids?$/.test(last(p)) ||
          ONE_KEY.test(last(p)) ||
          /^(?:product|products|item|items|scope|applies_to)$/.test(last(p))) &&
        typeof v === 'string' &&
        /^\s*(?:all|\*|every|everything)\s*$/i.test(v),
    ) ||
    (w.some((x) => MANY_WORD.test(x)) && !one && !all.some(([p]) => p.length === 1 && ONE_KEY.test(p[0]!)));
  return many
    ? `${tool} sets ${zero[0].join('.')} to ${String(zero[1])} on every matching product`
    : undefined;
}

const PERCENT_KEY =
  /(?:^|_)(?:percent_off|discount_percent|percentage|percent|discount_percentage|pct_off|off_percent)$/;
const LIMIT_KEY =
  /^(?:max_redemptions|usage_limit|max_uses|uses|limit|redemption_limit|usage_limit_per_code|max_usage|total_uses)$/;
const PUBLIC_KEY =
  /(?:^|_)(?:publish|publish_to|post_to|post_on|share_to|share_on|announce|announce_to|broadcast_to)$/;

/** A `value` whose sibling `value_type`/`type` says it is a percentage (Shopify writes -100 for 100% off). */
const percentValue = (all: readonly Leaf[]): Leaf | undefined =>
  all.some(
    ([p, v]) =>
      /(?:^|_)(?:value_type|type|kind|discount_type)$/.test(last(p)) &&
      typeof v === 'string' &&
      /^\s*percent(?:age)?\s*$/i.test(v),
  )
    ? all.find(([p, v]) => /^(?:value|amount|discount|off)$/.test(last(p)) && Math.abs(num(v) ?? 0) >= 100)
    : undefined;

/** The code applies to every product and order (`applies_to: all`, `entitled: all`, Shopify's `items: {all: true}`). */
const toEverything = (all: readonly Leaf[]): Leaf | undefined =>
  all.find(
    ([p, v]) =>
      (/^(?:applies_to|applies_on|scope|entitled|target_selection|target|products|collections)$/.test(
        last(p),
      ) &&
        typeof v === 'string' &&
        /^\s*(?:all|\*|every|everything|entire_order|all_products|storewide)\s*$/i.test(v)) ||
      (last(p) === 'all' &&
        v === true &&
        /^(?:items|products|collections|entitled)$/.test(p[p.length - 2] ?? '')),
  );

/** Shopify's `customerGets: {value: {percentage: 1.0}}`: a share of the price where 1.0 is all of it. */
const wholeShare = (all: readonly Leaf[]): Leaf | undefined =>
  all.find(
    ([p, v]) =>
      last(p) === 'percentage' && p.includes('customer_gets') && (num(v) ?? 0) >= 0.999 && (num(v) ?? 0) <= 1,
  );

function freeForAnyone(tool: string, all: readonly Leaf[]): string | undefined {
  const whole =
    all.find(([p, v]) => PERCENT_KEY.test(last(p)) && (num(v) ?? 0) >= 100) ??
    percentValue(all) ??
    wholeShare(all);
  if (whole === undefined) return undefined;
  const limit = all.find(([p]) => LIMIT_KEY.test(last(p)));
  const capped = limit !== undefined && (num(limit[1]) ?? 0) > 0;
  if (capped) return undefined;
  // Published, or a whole-price code on every product with no use limit: everything free to whoever holds it.
  const out =
    all.find(
      ([p, v]) =>
        (PUBLIC_KEY.test(last(p)) && typeof v === 'string' && v.trim() !== '') ||
        (/^(?:public|is_public|publish|published)$/.test(last(p)) && (v === true || v === 'true')),
    ) ?? toEverything(all);
  return out === undefined
    ? undefined
    : `${tool} makes a ${String(whole[1])}% code with no use limit public (${out[0].join('.')})`;
}

/** Key words of a price or a percentage off (signals.ts). */
export const GIVE_AWAY_GATE: Gate = {
  keys: wordSet('price prices amount percent off discount percentage pct value'),
};

export function giveAwayLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object' || Array.isArray(args) || w.some((x) => READ.test(x)))
    return [];
  const all = leaves(args, 5, 128);
  const tool = w.join('_');
  const hit = pricedAtZero(w, tool, all, args) ?? freeForAnyone(tool, all);
  return hit === undefined ? [] : [line(hit)];
}
