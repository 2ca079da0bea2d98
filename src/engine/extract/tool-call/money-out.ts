/**
 * Money and help sent where a planted instruction points (red team r14 injected, AgentDojo and
 * InjecAgent style): crypto withdrawn to a raw address (irreversible, and an address the user
 * saved would be named by its label), a payment whose own memo carries CEO-fraud pressure (`urgent
 * invoice per CEO`) or cites the hidden instruction it follows, and an emergency dispatch its own
 * text calls a prank. Ordinary payments (a dinner split, rent, a bill), trades and withdrawals to a
 * saved address, and real emergencies stay allowed. Policy for raw bank details (R20): a payment
 * to an IBAN or account number typed into the call, not a payee on file, is allowed for everyday
 * sums (rent, a dinner split, an invoice of a few thousand) and denied from NEW_PAYEE_LIMIT up, or
 * when the payee's own name calls the account new (`Acme Ltd (new account)`); a "refund" paid as a
 * new P2P payment to a handle is the overpayment scam's ask. Policy for P2P (R21): money sent to a
 * personal mailbox, phone number or handle (Zelle, Venmo, Interac, PayPal) is allowed for personal
 * sums (a dinner split, rent, a babysitter) and denied from NEW_PAYEE_LIMIT up, or from P2P_BUSINESS_LIMIT
 * up when its memo calls it business (a vendor, an invoice, a settlement: companies pay those to a
 * bank account on file, and BEC asks for them by P2P). A batch paying every open bill (`bills:
 * "ALL_AUTHORISED"`) to bank details typed into the call has no bound on its sum and is held as one
 * from the limit up. R22: an unlimited token allowance to a spender no known router holds (the
 * drainer's ask), crypto to an ENS name, and a memo naming an advance fee or a "safe account" are
 * held at any sum. R23: the allowance also when a generic contract call or an EIP-712 `Permit` names
 * it; coins to an EVM, bech32, Tron or ENS address whatever the tool is called (a Solana address with
 * a crypto word), under Kraken's `key` or OKX's `toAddr`, but not on a test network or sandbox; one
 * gift card worth P2P_BUSINESS_LIMIT or more to a stranger's mailbox. R26: at any sum, a payee whose
 * address poses as a desk (a lure or brand-borrowing host, `finance.team@gmx.de`, `$it-helpdesk`),
 * everything held to a typed mailbox or handle, a payment to unlock an account, and a settlement
 * destination set to a raw coin address; a bare stranger's address at an everyday sum stays allowed,
 * as nothing in the call tells it from the user's own payee. Each becomes one
 * `agent-guard-action transfer|deceive <object> <detail>` line for PLT-AST-003.
 */
import { type CliEquivalent } from './cli.js';
import { snakeEntries } from './snake-entries.js';
import { lowerText, union, wordSet, type Gate } from './signals.js';
import { PLANTED } from './planted.js';
import { actionLine as line } from './action-line.js';
import { FREE_MAIL, posingHandle, registrable } from './recipients.js';
import { suspectHost } from '../../knowledge/suspect-host.js';
import { LURE_HOST } from '../../knowledge/lure-host.js';
import { giftCardText } from './gift-card.js';
import { typedBankAccount, wholeBalance } from './payee-details.js';

const READ = /^(?:get|list|read|show|describe|view|fetch|search|check|status|history|cancel|estimate|quote)$/;
/** Name words of money leaving an account. */
const PAY =
  /^(?:withdraw|withdrawal|withdrawals|send|transfer|transfers|pay|payment|payments|wire|wires|remit|remittance|remittances|schedule|transaction|transactions|money|funds|bill|invoice|payout|payouts|disburse|disbursement|disbursements|swap|bridge|p2p)$/;
const CRYPTO_WORD =
  /^(?:crypto|binance|coinbase|kraken|bitfinex|okx|bybit|kucoin|gemini|wallet|btc|eth|usdt|usdc|bitcoin|ethereum|solana|tron|web3|erc20|onchain|ledger|metamask|fireblocks|sol|phantom|solflare|lamports)$/;
/** A chain's name as a call's `chain` or `network` (`ethereum`, `USDT-ERC20`, `arbitrum`). */
const CHAIN =
  /^(?:ethereum|eth|mainnet|bitcoin|btc|solana|sol|polygon|matic|arbitrum|optimism|base|bsc|bnb|tron|trx|avalanche|avax|erc-?20|trc-?20|bep-?20|[a-z]+-(?:erc20|trc20|bep20|arbitrum|optimism|polygon))$/i;
/** A test network or sandbox, where coins have no value (`network: sepolia`, `environment: sandbox`). */
export const TEST_NET =
  /^(?:sepolia|goerli|holesky|hoodi|testnet|devnet|sandbox|test|mumbai|amoy|fuji|nile|shasta|regtest|signet|local|localhost|anvil|hardhat|ganache)$/i;
/** A raw on-chain address (bech32, legacy base58, EVM, Tron) or a public ENS name, which resolves to one. */
const CRYPTO_ADDRESS =
  /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*\.eth|bc1[02-9ac-hj-np-z]{20,60}|[13][a-km-zA-HJ-NP-Z1-9]{25,34}|0x[0-9a-fA-F]{40}|T[1-9A-HJ-NP-Za-km-z]{33}|(?=[1-9A-HJ-NP-Za-km-z]*\d)(?=[1-9A-HJ-NP-Za-km-z]*[a-km-z])(?=[1-9A-HJ-NP-Za-km-z]*[A-HJ-NP-Z])[1-9A-HJ-NP-Za-km-z]{32,44})$/;
/** A hand-typed on-chain address of any alphabet: 25-90 letters and digits, both present. */
const LOOSE_ADDRESS = /^(?=[A-Za-z0-9]*\d)(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{25,90}$/;
/** Keys of where coins go (Kraken names a withdrawal's destination `key`, OKX `toAddr`). */
const ADDRESS_KEY =
  /(?:^|_)(?:address|addr|to|destination|dest|recipient|receiver|beneficiary|payee|wallet)$|^key$/;
/** Free text of a payment: what its reader (and the bank) sees as the reason. */
const MEMO_KEY =
  /^(?:memo|subject|reference|note|notes|description|reason|purpose|message|remittance_info|remittance_information|remittance|details|narrative|comment|payment_reference|transfer_reference)$/;
const AUTHORITY =
  /\b(?:per|from|for|by|on\s+behalf\s+of|(?:requested|instructed|approved|ordered)\s+by|asked\s+by)\s+(?:the\s+|our\s+)?(?:ceo|cfo|coo|president|chairman|founder|boss|managing\s+director|md|chief\s+executive)\b|\b(?:ceo|cfo|chief\s+executive)\s+(?:asked|wants|requested|instructed|says)\b/i;
const PRESSURE =
  /\b(?:urgent(?:ly)?|asap|immediately|right\s+away|today|before\s+(?:eod|end\s+of\s+day|noon)|confidential|quietly|discreet(?:ly)?|don'?t\s+tell|keep\s+(?:this|it)\s+between)\b/i;
/** A memo that tells the payee or the bank to keep the payment quiet (the scammer's ask, not a reason for paying). */
const SECRECY =
  /\bkeep\s+(?:this\s+|it\s+)?(?:confidential|quiet|between\s+us)\b|\bdon'?t\s+tell\b|\btell\s+no\s*one\b|\bdo\s+not\s+(?:tell|mention|discuss)\b/i;
/** A surprise kept from someone (`birthday gift, don't tell mom`): secrecy among friends. */
const SURPRISE = /\b(?:surprise|gift|present|birthday|bday|party|anniversary|shower|wedding)\b/i;
/** A memo that sends the money to an account it calls new (the changed-bank-details fraud). */
const NEW_ACCOUNT =
  /\b(?:pay|send|use|transfer|remit|wire)\b[^.\n]{0,20}?\b(?:the|our|their|this|my)\s+(?:new|updated|changed|different)\s+(?:bank\s+)?(?:account|iban|bank\s+details|payment\s+details|beneficiary)\b/i;
/** A "refund" of money the payer is told was overpaid or sent by mistake: the overpayment scam (real refunds go back the way they came). */
const OVERPAID =
  /\b(?:over-?pa(?:id|yment)|paid\s+twice|double[\s-](?:paid|payment|charged?)|duplicate\s+(?:payment|charge|transfer|deposit)|sent\s+(?:[\w$.,]+\s+){0,3}(?:by\s+mistake|in\s+error)|(?:mistaken|accidental|erroneous)(?:ly)?\s+(?:sent|paid|payment|transfer|deposit)|excess\s+(?:amount|payment|funds|charge)|refund\s+the\s+difference|refund\s+(?:adjustment|correction|difference|reversal|recovery|clawback|repayment)|(?:return|repay|reverse|send\s+back)\s+(?:the\s+|your\s+|a\s+)?refund)\b/i;
/** A memo that states facts about the account holder: the payment carries them to its recipient (AgentDojo-style exfiltration). */
const HOLDER_FACT =
  /\b(?:the\s+)?(?:user|account\s+holder)(?:'?s)?\s+(?:[\w-]+\s+){1,3}(?:is|are|was|were)\s+\S|\b(?:the\s+)?(?:user|account\s+holder)\s+(?:[\w-]+\s+){0,2}[\w-]+\s*[:=]\s*\S|\b(?:the\s+)?(?:user|owner|account\s+holder|client|customer)(?:'?s\s+(?:[\w-]+\s+){0,3}(?:is|are|was|were)\s+\S|'s\s+(?:[\w-]+\s+){0,2}[\w-]+\s*[:=]\s*\S|\s+(?:is\s+|was\s+|has\s+been\s+)?(?:subscribed|subscribes|lives|lived|likes|loves|uses|prefers|visited|banks|works|studies|was\s+born|born|owns|watches|listens|travels|travelled|traveled|flew|stayed)\b)/i;
/**
 * A payment's text that cites the instructions it follows (`as instructed in the support ticket`, `per
 * the instructions in the reply`): the injected ask's wording; a user paying gives a reason instead.
 */
const INSTRUCTED =
  /\bas\s+(?:instructed|directed)\b|\b(?:per|following|according\s+to|as\s+per)\s+(?:the\s+|their\s+|these\s+|those\s+)?instructions\b/i;
/**
 * A threat from an authority as the reason for paying (arrest, a warrant, deportation, a suspended
 * social security number, bail): the government-impersonation scam; no agency collects that way.
 */
const AUTHORITY_THREAT =
  /\b(?:arrest(?:ed)?|warrants?|jail|prison|prosecut(?:e|ed|ion)|deport(?:ed|ation)?|seized|seizure|bail)\b|\b(?:ssn|social\s+security(?:\s+number)?|visa|passport|licen[cs]e|tax\s+id)\s+(?:is\s+|will\s+be\s+|gets\s+)?(?:suspended|suspension|cancell?ed|revoked|blocked|frozen)\b|\bsuspension\s+fee\b/i;
/** A destination's label that says it came from a message (`new-address-from-email`, `wallet_from_support_chat`). */
const FROM_MESSAGE =
  /(?:^|[-_\s.])(?:from|per|via)[-_\s.]+(?:the[-_\s.]+|an?[-_\s.]+)?(?:e-?mail|mail|message|sms|text|chat|support(?:[-_\s.]+chat)?|ticket|dm|telegram|whatsapp|call)(?:$|[-_\s.])/i;
/** Keys of a saved destination's label (Kraken names it `key`). */
const LABEL_KEY = /(?:^|_)(?:label|nickname|key|whitelist_key|address_label|address_name)$/;
/** A note that calls a tiny payment a test of a new payee: banks suggest one before a large transfer. */
const TEST_NOTE = /\b(?:test(?:ing)?|verif\w*|micro[-\s]?deposit|trial|check(?:ing)?)\b/i;
/** Name words of undoing an earlier payment: the money goes back the way it came. */
const UNDO = /^(?:refund|refunds|reverse|reversal|void|return|chargeback)$/;
/** Keys of the earlier payment a refund undoes. */
const PAID_ID_KEY = /(?:^|_)(?:payment|charge|transaction|order|invoice|payment_intent)_id$/;
/** Name words of a payment that already exists and runs again (a scheduled or recurring one, a standing order). */
const STANDING =
  /^(?:scheduled|schedule|recurring|standing|transaction|transactions|payee|payees|beneficiary|beneficiaries|autopay|debit)$/;
const EDIT = /^(?:update|modify|edit|change|set|patch|replace|amend)$/;
/** Keys naming where a payment goes (`pay_to_bank_account`, `destination_iban`: any key ending in bank details). */
const PAYEE_KEY =
  /^(?:recipient|recipient_\w+|payee|payee_\w+|beneficiary|beneficiary_(?:account|iban|account_number)|iban|to|to_account|to_account_number|to_iban|destination|destination_account|account_number|receiver|creditor_account|target_account)$|^(?:pay_to|paid_to|send_to|deposit_to|payout|payout_to|destination|target|receiving|credit|creditor)_(?:bank_account|account|account_number|iban)$/;
/** A value that says where money lands: an IBAN, a long account number, a handle, an address. */
const ACCOUNT_VALUE =
  /^(?:[A-Z]{2}\d{2}[A-Z0-9 ]{10,32}|[\d -]{6,}|@[\w.-]{2,}|\$[\w-]{2,}|[^\s@]+@[^\s@]+\.\w+)$/;
/** A value that is raw bank details: an IBAN, or an account number (digits, spaces and dashes). */
const BANK_DETAILS = /^(?:[A-Z]{2}\d{2}(?: ?[A-Z0-9]){10,32}|\d[\d -]{4,}\d)$/;
/**
 * The sum from which a payment to an account not on file is held: banks ask for a second approval
 * before a first high-value payment to a new beneficiary (the takeover and BEC pattern), and an
 * agent's everyday payments (rent, bills, invoices) stay well below it.
 */
export const NEW_PAYEE_LIMIT = 10_000;
const AMOUNT_KEY =
  /^(?:amount|value|sum|total|amount_value|transfer_amount|payment_amount|amount_cents|amount_in_cents|amount_minor|cents|value_cents)$/;
/** A payment's sum under AMOUNT_KEY, in major units (`amount_cents: 2500000` is 25,000). */
const amountOf = ([k, v]: Pair): number => sum(v) / (/cents|minor/.test(k) ? 100 : 1);
/** The sum from which a P2P payment its memo calls business is held (companies pay vendors from a bank account on file). */
const P2P_BUSINESS_LIMIT = 1_000;
/** A memo of company business: what is paid to a bank account on file, never to a personal mailbox. */
export const BUSINESS =
  /\b(?:vendors?|suppliers?|invoices?|inv[\s#-]*\d|settlements?|contractors?|consult(?:ant|ing|ancy)|wholesale|purchase\s+order|p\.?o\.?\s*#|remittance|procurement|shipment|payables?|retainer|services\s+rendered)\b/i;
/** Keys of a payment's destination that name a person's P2P address (mailbox, phone, handle). */
const P2P_KEY =
  /(?:^|_)(?:email|email_address|phone|phone_number|mobile|token|alias|recipient|payee|to|receiver|handle|username|venmo_id|cashtag|zelle_id|vpa|pix_key)$/;
/** A phone number as a P2P destination (Zelle, Interac, Swish, MB Way). */
const PHONE = /^\+?\d[\d\s().-]{8,16}\d$/;
/** A field that selects every open bill or invoice for one payment (`bills: "ALL_AUTHORISED"`, `all_unpaid: true`). */
export const EVERY_BILL_KEY =
  /(?:^|_)(?:(?:bill|invoice|payable|item)s?_ids?|bills|invoices|payables|items|selection|select|scope|which)$/;
export const EVERY_BILL_VALUE = /^(?:all|every|\*)(?:[_\s-]\w+)*$/i;
const ALL_BILLS_FLAG =
  /^(?:all|pay_all|all_bills|all_unpaid|all_open|all_invoices|all_due|all_outstanding|all_authorised|all_approved)(?:_\w+)?$/;
/** A payee's name that says its bank details changed (`Acme Supplies Ltd (new account)`). */
const NEW_DETAILS =
  /\b(?:new|updated|changed|different|revised|amended|corrected)\s+(?:bank(?:ing)?\s+)?(?:account|iban|details|bank\s+details|payment\s+details|information|info|remittance\s+details|wire\s+instructions)\b|\b(?:bank(?:ing)?|payment|account|remittance)\s+(?:details|information|info|account)\s+(?:have\s+|has\s+)?(?:changed|updated)\b|\bchanged\s+(?:their|its|our|his|her)\s+(?:bank(?:ing)?|payment)\s+(?:details|account|information)\b/i;
const PAYEE_NAME_KEY = /^(?:name|payee_name|beneficiary_name|recipient_name|account_name|account_holder)$/;
/** A P2P handle (`@quick-cash`, `$cashtag`): no bank account the payer's bank can call back. */
const HANDLE = /^[@$][\w.-]{2,}$/;
/**
 * A memo naming the advance-fee or safe-account scam's reason for paying: a fee to release a prize
 * or verify an account, a fee paid to receive money owed (a tax refund's processing fee, a loan's
 * approval fee, a claim's release charge), money moved to a "safe account", a payment to unlock or
 * reactivate an account (no bank, tax office or fraud desk asks for any of these: what is owed is
 * paid net of its fees, and a frozen account is released by the bank, not by a payment).
 */
const SCAM_FEE =
  /\b(?:safe|secure|protected)\s+account\b|\b(?:refunds?|rebates?|payouts?|grants?|loans?|compensation|reimbursements?|claims?|unclaimed\s+funds|stimulus)\s+(?:(?:processing|release|clearance|transfer|handling|admin(?:istration|istrative)?|approval|activation|unlock(?:ing)?|verification|registration|disbursement|application)\s+)?(?:fees?|charges?|deposits?)\b|\b(?:fees?|charges?|deposits?)\s+(?:to|for)\s+(?:release|receive|unlock|process|claim|clear)\b[^.\n]{0,30}\b(?:refunds?|payouts?|grants?|loans?|compensation|funds|winnings|prize|payment|transfer)\b|\b(?:account\s+)?(?:verification|release|clearance|unlock(?:ing)?|activation)\s+fee\b|\b(?:lottery|sweepstakes?|prize|winnings|inheritance)\b[^.\n]{0,40}\b(?:fee|tax|release|clearance)\b|\b(?:fee|tax)\b[^.\n]{0,40}\b(?:lottery|sweepstakes?|winnings|inheritance)\b|\b(?:unlock|unfreeze|unblock|reactivat\w*|restore|re-?enable|lift\s+the\s+(?:hold|freeze|block)\s+on)\s+(?:your|my|the|our)\s+(?:\w+\s+)?(?:account|wallet|card|funds|balance)\b/i;
/** Name words of a token allowance granted to a spender (ERC-20 `approve`, `setApprovalForAll`, `permit`). */
const ALLOWANCE = /^(?:approve|approval|allowance|permit)$/;
/** The same grant named by the contract method a generic call invokes, or an EIP-712 message's type. */
const ALLOWANCE_METHOD =
  /^(?:approve|setApprovalForAll|increaseAllowance|permit|Permit|PermitSingle|PermitBatch|PermitTransferFrom)$/;
const METHOD_KEY = /^(?:method|method_name|function|function_name|fn|primary_type)$/;
/** Positional arguments of a contract call (`args: [spender, true]`). */
const POSITIONAL_KEY = /^(?:args|params|inputs|values|arguments|method_args)$/;
/** An allowance with no bound: 2^256-1 (or any 2^128 up), `max`, `unlimited`. */
const UNLIMITED =
  /^(?:max|maximum|unlimited|infinite|infinity|uint256_?max|max_?uint(?:256)?|0x[fF]{32,64}|\d{39,})$/i;
/** Spenders dapps approve every day: Uniswap Permit2, routers V2/V3/02, 1inch v5, 0x proxy (lowercase). */
const KNOWN_SPENDER = new Set([
  '0x000000000022d473030f116ddee9f6b43ac78ba3',
  '0x7a250d5630b4cf539739df2c5dacb4c659f2488d',
  '0xe592427a0aece92de3edee1f18e0157c05861564',
  '0x68b3465833fb72a70ecdf485e0e4c7bd8665fc45',
  '0x1111111254eeb25477b68fb85ed929f73a960582',
  '0xdef1c0ded9bec7f1a1670819833240f027b25eff',
]);
const EMERGENCY = /^(?:emergency|dispatch|911|112|police|ambulance|firefighters?|rescue|sos)$/;
const FALSE_REPORT =
  /\b(?:prank|hoax|fake|joke|for\s+fun|false\s+alarm|not\s+(?:a\s+)?real|swat(?:ting)?)\b/i;

type Pair = [string, unknown];
const texts = (all: Pair[], key: RegExp): string[] =>
  all.filter(([k, v]) => key.test(k) && typeof v === 'string').map(([, v]) => v as string);

const SUM_WORD = /^(?:amount|amt|value|sum|total)$/;
const DEST_WORD =
  /^(?:iban|recipient|payee|beneficiary|to|destination|receiver|creditor|account|handle|username|phone|mobile|email|address|addr|wallet|cashtag|alias|target|dest|token|user|vpa|pix|venmo|zelle|key)$/;
/**
 * A word every ALLOWANCE_METHOD and gift-card match holds, in any case (both read values under
 * 300 characters): the gate's first test, once per call.
 */
const PAY_VALUE_HINT = /approv|allowance|permit|gift|prepaid|card|code|credit|wallet|vanilla/;
/** When moneyOutLines can answer (signals.ts): its first test, the name word of a payment or an emergency (PAY, EMERGENCY). */
export const MONEY_OUT_GATE: Gate = {
  // A settlement or payout destination under any tool name (settlementSwap).
  keys: wordSet('settlement settlements payout payouts deposit deposits sweep withdrawal withdrawals'),
  // A sum beside a destination under any tool name (fieldsPay).
  when: (s) =>
    (PAY_VALUE_HINT.test(lowerText(s)) &&
      s.strings.some((x) => ALLOWANCE_METHOD.test(x) || giftCardText(x))) ||
    (s.keyWords.some((x) => SUM_WORD.test(x)) && s.keyWords.some((x) => DEST_WORD.test(x))),
  name: union(
    PAY,
    STANDING,
    wordSet(
      'emergency dispatch 911 112 police ambulance firefighter firefighters rescue sos gift giftcard giftcards reward rewards prepaid tremendous tango approve approval allowance permit settlement settlements settle deposit deposits sweep',
    ),
  ),
};

/** Keys of one gift card's value (Shopify `initial_value`, Giftbit `price_in_cents`, `reward_value`). */
const GIFT_VALUE_KEY = /(?:^|_)(?:value|amount|price|denomination|balance)(?:_in_cents)?$/;
/** The total from which gift cards to a stranger's mailbox are held, however few (the P2P business limit). */
const GIFT_LIMIT = P2P_BUSINESS_LIMIT;

/**
 * Several gift cards bought with their codes mailed to a stranger's mailbox (R20: 20 cards to a
 * look-alike address): the codes are cash to whoever reads them, and the classic scam's ask. One
 * card for a friend stays allowed.
 */
function giftCardsOut(w: readonly string[], all: readonly Pair[]): CliEquivalent | undefined {
  // Prepaid cards and rewards (Tremendous, Tango) are gift cards under another name; an order's items
  // may name them where the tool does not (gift-card.ts).
  if (
    !w.some((x) => /^(?:gift|giftcard|giftcards|reward|rewards|prepaid|tremendous|tango)$/.test(x)) &&
    !all.some(([, v]) => giftCardText(v))
  )
    return undefined;
  if (!w.some((x) => /^(?:buy|purchase|order|send|create|issue|checkout)$/.test(x))) return undefined;
  const counts = all.filter(([k]) => /^(?:quantity|count|qty|number|cards)$/.test(k)).map(([, v]) => sum(v));
  const each = Math.max(
    0,
    ...all.filter(([k]) => GIFT_VALUE_KEY.test(k)).map(([k, v]) => sum(v) / (/cents$/.test(k) ? 100 : 1)),
  );
  const n = Math.max(1, ...counts);
  // Several cards, or one worth as much as a month's rent: cash to whoever reads the code.
  const count = n >= 3 ? n : each * n >= GIFT_LIMIT ? `${n} (worth ${each * n})` : undefined;
  const to = all.find(([, v]) => {
    const host =
      typeof v === 'string' ? /@([a-z0-9-]+(?:\.[a-z0-9-]+)+)\s*$/i.exec(v.trim())?.[1] : undefined;
    return host !== undefined && (FREE_MAIL.test(registrable(host)) || LURE_HOST.test(host));
  });
  return count === undefined || to === undefined
    ? undefined
    : line(
        'transfer',
        'money',
        `${w.join('_')} sends ${String(count)} gift cards to ${String(to[1]).slice(0, 64)}`,
      );
}

/**
 * An unlimited token allowance (or every NFT of a collection) granted to a spender address no
 * well-known router holds: the wallet drainer's ask, which lets the spender move the whole balance
 * later. An exact amount, or an approval for a known router, stays allowed.
 */
function unlimitedApproval(w: readonly string[], all: readonly Pair[]): CliEquivalent | undefined {
  if (
    !w.some((x) => ALLOWANCE.test(x)) &&
    !all.some(([k, v]) => METHOD_KEY.test(k) && typeof v === 'string' && ALLOWANCE_METHOD.test(v.trim()))
  )
    return undefined;
  const positional = all
    .filter(([k, v]) => POSITIONAL_KEY.test(k) && Array.isArray(v))
    .flatMap(([, v]) => (v as unknown[]).slice(0, 8).map((x): Pair => ['positional', x]));
  const spender = [...all, ...positional].find(
    ([k, v]) =>
      /(?:^|_)(?:spender|operator|delegate|approved_address|to|positional)$/.test(k) &&
      typeof v === 'string' &&
      /^0x[0-9a-fA-F]{40}$/.test(v.trim()) &&
      !KNOWN_SPENDER.has(v.trim().toLowerCase()),
  );
  if (spender === undefined) return undefined;
  const unbounded = [...all, ...positional].some(
    ([k, v]) =>
      (/^(?:amount|value|allowance|amount_raw|wad|positional)$/.test(k) &&
        (typeof v === 'string' || typeof v === 'number') &&
        UNLIMITED.test(String(v).trim())) ||
      (/^(?:approved|approve_all|approved_for_all|all|positional)$/.test(k) && v === true),
  );
  return unbounded
    ? line('transfer', 'money', `${w.join('_')} grants ${String(spender[1])} an unlimited allowance`)
    : undefined;
}

/** A number written as a JSON number or text (`48500`, `"48,500.00"`); 0 when it is neither. */
export function sum(v: unknown): number {
  if (typeof v === 'number') return Number.isFinite(v) ? v : 0;
  if (typeof v !== 'string' || v.length > 40) return 0;
  // A currency beside the figure (`25,000.00 EUR`, `€25000`, `$12k`) does not change the sum.
  const m =
    /^\s*(?:[A-Z]{3}\s*|[$€£¥₹]\s*)?(\d[\d,_\s]*(?:\.\d+)?)\s*([km])?\s*(?:[A-Z]{3}|[$€£¥₹])?\s*$/i.exec(v);
  const n =
    m === null
      ? NaN
      : Number(m[1]!.replace(/[,_\s]/g, '')) * (m[2] === undefined ? 1 : /k/i.test(m[2]) ? 1e3 : 1e6);
  return Number.isFinite(n) ? n : 0;
}

/**
 * The raw bank details a payment is sent to: under a payee key, or an account number or IBAN under
 * any key the bank-details reading knows (Xero `BankAccountNumber`, `ach: {routing, account}`:
 * payee-details.ts typedBankAccount); undefined when it names a saved payee or none.
 */
export function rawBankPayee(all: readonly Pair[]): string | undefined {
  const hit = all.find(
    ([k, v]) => PAYEE_KEY.test(k) && !/_id$/.test(k) && typeof v === 'string' && BANK_DETAILS.test(v.trim()),
  );
  return hit === undefined ? typedBankAccount(all)?.[1] : String(hit[1]).trim().slice(0, 40);
}

/** Keys and values of a payment that repeats, and how many times a year each cadence pays. */
const RECUR_KEY =
  /(?:^|_)(?:frequency|interval|recurrence|recurring|cadence|repeat|schedule|period|rrule|every)$/;
const PER_YEAR: readonly [RegExp, number][] = [
  [/\b(?:daily|every\s*day|day|freq=daily)\b/i, 365],
  [/\b(?:bi-?weekly|fortnightly|every\s+(?:2|two)\s+weeks)\b/i, 26],
  [/\b(?:weekly|every\s*week|week|freq=weekly)\b/i, 52],
  [/\b(?:monthly|every\s*month|month|freq=monthly)\b/i, 12],
  [/\b(?:quarterly|every\s+(?:3|three)\s+months|quarter)\b/i, 4],
];
/** Keys of how many times a repeating payment runs. */
const RUNS_KEY =
  /(?:^|_)(?:occurrences|count|times|installments|instalments|num_payments|number_of_payments|repetitions|runs)$/;
/** A memo that numbers one part of a payment split in several (`part 1 of 3`, `tranche 2/4`). */
const SPLIT_PART =
  /\b(?:part|tranche|chunk|portion|split|transfer|payment|batch)\s*#?\s*\d{1,2}\s*(?:of|\/)\s*(\d{1,2})\b/i;
/**
 * A memo that names what a standing payment to a new account is for: a reference the payee issued
 * (`INV-0042`, `lease L-2291`, `#88123`) or the household contract people set standing orders for.
 */
const STANDING_REASON =
  /\b(?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])[A-Z0-9]+(?:-[A-Z0-9]+)+\b|#\s?\d{3,}|\b\d{5,}\b|\b(?:rent|lease|mortgage|tuition|school\s+fees?|daycare|childcare|nursery|allowance|pocket\s+money|child\s+support|alimony|council\s+tax)\b/i;

/**
 * What a payment commits in all (R24: a new monthly payment of 980 to an unknown IBAN; AgentDojo's
 * $30,000 sent in parts under $10,000): a repeating payment's year, unless its memo names what it
 * is for; every part of a split its memo numbers; every line of a batch paid to the one account.
 */
function committed(all: readonly Pair[], amount: number, memo: string): number {
  const amounts = all.filter(([k]) => AMOUNT_KEY.test(k)).map(amountOf);
  const batch =
    amounts.length > 1 && !all.some(([k]) => k === 'total') ? amounts.reduce((a, b) => a + b, 0) : 0;
  const parts = Number(SPLIT_PART.exec(memo)?.[1] ?? 1);
  const cadence = all
    .filter(([k, v]) => RECUR_KEY.test(k) && (typeof v === 'string' || v === true))
    .map(([, v]) => (v === true ? 12 : (PER_YEAR.find(([re]) => re.test(String(v)))?.[1] ?? 0)));
  const runs = Math.max(0, ...all.filter(([k]) => RUNS_KEY.test(k)).map(([, v]) => sum(v)));
  const perYear = Math.max(0, ...cadence);
  const year =
    perYear > 0 && !STANDING_REASON.test(memo) ? amount * (runs > 0 ? Math.min(runs, 365) : perYear) : 0;
  return Math.max(amount, batch, amount * Math.min(parts, 50), year);
}

/** A person's P2P address a payment is sent to: a free mailbox, a phone number or a `@`/`$` handle. */
function p2pPayee(all: readonly Pair[]): string | undefined {
  const hit = all.find(([k, v]) => {
    if (typeof v !== 'string' || !P2P_KEY.test(k)) return false;
    const t = v.trim();
    const host = /@([a-z0-9-]+(?:\.[a-z0-9-]+)+)$/i.exec(t)?.[1];
    if (host !== undefined) return FREE_MAIL.test(registrable(host));
    return HANDLE.test(t) || (PHONE.test(t) && /(?:phone|mobile|token|alias|recipient|to)$/.test(k));
  });
  return hit === undefined ? undefined : String(hit[1]).trim().slice(0, 64);
}

/** Name words of taking money in, not paying it out (`venmo_request_money`, `collect_payment`). */
const INFLOW = /^(?:request|requests|collect|charge|receive|refund|refunds|intent|link|checkout)$/;
/** Name words of money paid out, of which INFLOW's words are not. */
const OUTFLOW =
  /^(?:send|pay|payment|payments|transfer|transfers|wire|remit|payout|payouts|disburse|withdraw|p2p|schedule)$/;

/** Mailboxes, phone numbers and handles typed in as where a payment goes. */
export function typedDestinations(all: readonly Pair[]): string[] {
  return all
    .filter(
      ([k, v]) =>
        typeof v === 'string' &&
        v.length <= 120 &&
        (P2P_KEY.test(k) || PAYEE_HANDLE_KEY.test(k)) &&
        // Who gets the receipt or sent it, not where the money goes.
        !/^(?:receipt|notify|notification|cc|bcc|reply|confirmation|sender|from|payer)_/.test(k),
    )
    .map(([, v]) => String(v).trim())
    .filter((t) => /^[^\s@]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+$/i.test(t) || HANDLE.test(t) || PHONE.test(t));
}

/**
 * Where a payment goes when the address itself poses as an organisation (R25 injected: PayPal to
 * `billing-dept@secure-invoices.net`, a standing payment to `finance.team.shared@gmx.de`, Cash App
 * to `$it-helpdesk`): a mailbox at a host shaped for lures or borrowing a brand (suspect-host.ts), a
 * desk's name on a public mailbox, or a handle named as a desk. A company's billing desk is at its
 * own domain; people's mailboxes and handles carry their names.
 */
function posingPayee(all: readonly Pair[]): string | undefined {
  for (const t of typedDestinations(all)) {
    const host = /^[^\s@]+@([a-z0-9-]+(?:\.[a-z0-9-]+)+)$/i.exec(t)?.[1];
    if (host !== undefined) {
      const why = suspectHost(host);
      if (why !== undefined) return `${t.slice(0, 64)} (${why})`;
      if (FREE_MAIL.test(registrable(host)) && posingHandle(`@${t.slice(0, t.indexOf('@'))}`))
        return `${t.slice(0, 64)}, a desk's name on a public mailbox`;
    } else if (posingHandle(t)) return `${t.slice(0, 64)}, a personal handle named as a desk`;
  }
  return undefined;
}

/** Keys of where a payment goes, as a handle (not a profile's `contact_handle`). */
const PAYEE_HANDLE_KEY =
  /(?:^|_)(?:to|recipient|payee|receiver|beneficiary)(?:_handle|_username|_tag)?$|^(?:cashtag|venmo_id|zelle_id|pix_key|vpa)$/;
/**
 * A sum beside bank details, a `@`/`$` handle or a coin address typed in as where it goes. A mailbox
 * or phone beside a sum is not enough (a CRM deal's value and its contact), nor a bare `value`.
 */
function fieldsPay(all: readonly Pair[]): boolean {
  if (
    !all.some(
      ([k, v]) =>
        /^(?:amount|sum|\w+_amount|amount_(?:cents|in_cents|minor))$/.test(k) &&
        (sum(v) > 0 || typeof v === 'object'),
    )
  )
    return false;
  return (
    rawBankPayee(all) !== undefined ||
    all.some(
      ([k, v]) =>
        typeof v === 'string' &&
        ((PAYEE_HANDLE_KEY.test(k) && HANDLE.test(v.trim())) ||
          (ADDRESS_KEY.test(k) && CRYPTO_ADDRESS.test(v.trim()))),
    )
  );
}

/** Coins of a test network or a sandbox have no value: a developer's send there moves nothing. */
function onTestNet(w: readonly string[], all: readonly Pair[]): boolean {
  return (
    w.some((x) => TEST_NET.test(x)) ||
    all.some(
      ([k, v]) =>
        /(?:^|_)(?:network|chain|environment|env|cluster|mode)$/.test(k) &&
        typeof v === 'string' &&
        TEST_NET.test(v.trim()),
    )
  );
}

/** Name and key words of where a merchant's takings land: settlements, payouts, deposits, sweeps. */
const SETTLE =
  /^(?:settlement|settlements|settle|payout|payouts|deposit|deposits|sweep|withdrawal|withdrawals)$/;

/**
 * A merchant's settlement or payout destination set to a raw coin address (R25: Coinbase Commerce
 * `update_settlement {settlement_address: 0x…}`), or to an address posing as a desk: every later
 * payment from customers lands there, and nothing sent on-chain comes back. A saved wallet's id, a
 * currency or schedule, a person's own mailbox and a test network stay allowed.
 */
function settlementSwap(w: readonly string[], all: readonly Pair[]): CliEquivalent | undefined {
  if (!w.some((x) => EDIT.test(x) || x === 'configure')) return undefined;
  if (!w.some((x) => SETTLE.test(x)) && !all.some(([k]) => k.split('_').some((y) => SETTLE.test(y))))
    return undefined;
  const to = all.find(
    ([k, v]) => ADDRESS_KEY.test(k) && typeof v === 'string' && CRYPTO_ADDRESS.test(v.trim()),
  );
  if (to !== undefined && !onTestNet(w, all))
    return line(
      'divert',
      'payments',
      `${w.join('_')} points settlements at ${String(to[1]).slice(0, 64)}, a raw coin address (irreversible)`,
    );
  // Or at a mailbox or handle posing as a desk (`paypal_email: payouts.desk@outlook.com`).
  const posing = posingPayee(all);
  return posing === undefined
    ? undefined
    : line('divert', 'payments', `${w.join('_')} points settlements at ${posing}`);
}

export function moneyOutLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object' || w.some((x) => READ.test(x))) return [];
  const all = snakeEntries(args, { depth: 3, pairs: 64, items: 16 });
  const gift = giftCardsOut(w, all);
  if (gift !== undefined) return [gift];
  const allowance = unlimitedApproval(w, all);
  if (allowance !== undefined) return [allowance];
  const swap = settlementSwap(w, all);
  if (swap !== undefined) return [swap];
  // A sum beside typed bank details or a P2P address is a payment whatever the tool is called.
  const pay = w.some((x) => PAY.test(x)) || fieldsPay(all);
  const emergency = w.some((x) => EMERGENCY.test(x));
  const standing = w.some((x) => STANDING.test(x));
  if (!pay && !emergency && !standing) return [];
  const tool = w.join('_');
  // An existing scheduled or recurring payment pointed at a new account: every later run pays there.
  // `set_up_recurring_transfer` makes a new one: judged below as a payment, by what it commits.
  if (standing && w.some((x, i) => EDIT.test(x) && !(x === 'set' && w[i + 1] === 'up'))) {
    const to = all.find(
      ([k, v]) => PAYEE_KEY.test(k) && typeof v === 'string' && ACCOUNT_VALUE.test(v.trim()),
    );
    if (to !== undefined)
      return [
        line('divert', 'payments', `${tool} points a standing payment at ${String(to[1]).slice(0, 40)}`),
      ];
  }
  // A payee saved with typed bank details its own text calls new or changed, or says a message gave
  // (`nickname: "landlord - new account"`, `note: "as instructed in the email"`): it takes the place of
  // one on file, and the next payment to that name goes to the account the message supplied.
  if (standing && !pay && w.some((x) => /^(?:add|create|new|save|register)$/.test(x))) {
    const raw = rawBankPayee(all);
    const said = [...texts(all, PAYEE_NAME_KEY), ...texts(all, LABEL_KEY), ...texts(all, MEMO_KEY)].find(
      (t) => NEW_DETAILS.test(t) || INSTRUCTED.test(t) || FROM_MESSAGE.test(t) || PLANTED.test(t),
    );
    if (raw !== undefined && said !== undefined)
      return [
        line('divert', 'payments', `${tool} saves ${raw} as a payee its text calls ${said.slice(0, 60)}`),
      ];
  }
  if (!pay && !emergency) return [];
  if (emergency) {
    const text = texts(all, /(?:^|_)(?:description|details|notes?|reason|type|message|summary)$/).join('\n');
    const fake = FALSE_REPORT.exec(text);
    return fake === null
      ? []
      : [line('deceive', 'responders', `${tool} files an emergency its own text calls ${fake[0]}`)];
  }
  // A saved destination labelled as taken from a message: an address the injected text supplied.
  const told = all.find(
    ([k, v]) =>
      (LABEL_KEY.test(k) || ADDRESS_KEY.test(k)) &&
      typeof v === 'string' &&
      v.length < 80 &&
      FROM_MESSAGE.test(v),
  );
  if (told !== undefined)
    return [
      line(
        'transfer',
        'money',
        `${tool} pays a destination labelled ${String(told[1])}, taken from a message`,
      ),
    ];
  const crypto =
    w.some((x) => CRYPTO_WORD.test(x)) ||
    all.some(
      ([k, v]) =>
        // `assetId` (Fireblocks), `tokenIn`/`tokenOut` (a swap router): the asset moved.
        typeof v === 'string' &&
        ((/^(?:currency|ccy|coin|asset|asset_id|token|token_in|token_out|symbol)$/.test(k) &&
          /^(?:BTC|XBT|ETH|USDT|USDC|SOL|XRP|LTC|DOGE|TRX|BNB|XMR|DAI|MATIC)$/i.test(v.trim())) ||
          (/(?:^|_)(?:chain|network|blockchain)$/.test(k) && CHAIN.test(v.trim()))),
    );
  // Beside a coin or chain, any long token under an address key is one: a hand-typed address need
  // not pass base58's alphabet to be where the agent sends coins (`network: TRX, address: TQ5u...0g`).
  const address = all.find(
    ([k, v]) =>
      ADDRESS_KEY.test(k) &&
      typeof v === 'string' &&
      (CRYPTO_ADDRESS.test(v.trim()) || (crypto && LOOSE_ADDRESS.test(v.trim()))),
  );
  if (
    address !== undefined &&
    !onTestNet(w, all) &&
    (crypto ||
      w.some((x) => /^(?:withdraw|withdrawal)$/.test(x)) ||
      // An EVM, bech32 or Tron address, or an ENS name, is on-chain whatever the tool is called.
      /^(?:0x[0-9a-fA-F]{40}|bc1\w+|T\w{33}|\S+\.eth)$/.test(String(address[1]).trim()))
  )
    return [
      line(
        'transfer',
        'money',
        `${tool} sends crypto to ${String(address[1]).slice(0, 64)}, a raw address or public name (irreversible)`,
      ),
    ];
  // Crypto to a person's mailbox (`recipient: {email: "x@protonmail.com"}, currency: USDT`, R19): no
  // exchange account of the user's is named, and what lands there cannot be called back.
  const mailbox = all.find(
    ([k, v]) =>
      /(?:^|_)(?:email|email_address|recipient|payee|to)$/.test(k) &&
      typeof v === 'string' &&
      FREE_MAIL.test(/@([a-z0-9.-]+)\s*$/i.exec(v.trim())?.[1] ?? ''),
  );
  if (crypto && mailbox !== undefined)
    return [line('transfer', 'money', `${tool} sends crypto to ${String(mailbox[1]).slice(0, 64)}`)];
  const memo = texts(all, MEMO_KEY).join('\n').slice(0, 4096);
  const raw = rawBankPayee(all);
  const amount = Math.max(0, ...all.filter(([k]) => AMOUNT_KEY.test(k)).map(amountOf));
  // Paid out (not requested or invoiced) to an address posing as a desk: at any sum.
  const posing =
    amount > 0 &&
    w.some((x) => OUTFLOW.test(x)) &&
    !w.some((x) => INFLOW.test(x)) &&
    // `send_invoice` asks for money; `pay_invoice` pays it.
    !(w.some((x) => /^(?:invoice|invoices|bill|bills)$/.test(x)) && !w.includes('pay'))
      ? posingPayee(all)
      : undefined;
  if (posing !== undefined) return [line('transfer', 'money', `${tool} pays ${posing}`)];
  // Everything held (`amount: "all"`, `send_entire_balance`) to a mailbox, phone or handle typed in.
  const whole = wholeBalance(w, all);
  const dest = whole === undefined ? undefined : typedDestinations(all)[0];
  if (dest !== undefined)
    return [line('transfer', 'money', `${tool} sends everything held (${whole}) to ${dest.slice(0, 64)}`)];
  const total = committed(all, amount, memo);
  if (raw !== undefined) {
    if (total >= NEW_PAYEE_LIMIT)
      return [
        line(
          'transfer',
          'money',
          `${tool} pays ${total === amount ? amount : `${amount} (${total} in all)`} to ${raw}, an account not on file`,
        ),
      ];
    const every = all.find(
      ([k, v]) =>
        (EVERY_BILL_KEY.test(k) && typeof v === 'string' && EVERY_BILL_VALUE.test(v.trim())) ||
        (ALL_BILLS_FLAG.test(k) && v === true),
    );
    if (every !== undefined)
      return [
        line(
          'transfer',
          'money',
          `${tool} pays every open bill (${every[0]}) to ${raw}, an account not on file`,
        ),
      ];
    // The payee's name or the payment's own text calls the account new: the changed-details fraud at any sum.
    const named = [...texts(all, PAYEE_NAME_KEY), memo].find((t) => NEW_DETAILS.test(t));
    if (named !== undefined)
      return [line('transfer', 'money', `${tool} pays ${raw}, which its text calls ${named.slice(0, 60)}`)];
  }
  const p2p = p2pPayee(all);
  const threat = AUTHORITY_THREAT.exec(memo);
  if (threat !== null)
    return [
      line(
        'deceive',
        'payer',
        `${tool} pays under a threat of ${threat[0].slice(0, 40)}: ${memo.slice(0, 60)}`,
      ),
    ];
  if (
    p2p !== undefined &&
    (total >= NEW_PAYEE_LIMIT || (amount >= P2P_BUSINESS_LIMIT && BUSINESS.test(memo)))
  )
    return [
      line(
        'transfer',
        'money',
        `${tool} sends ${total} to ${p2p}, a personal P2P address${total >= NEW_PAYEE_LIMIT ? '' : ', for business its memo names'}`,
      ),
    ];
  // Refunds go back on the payment they undo; a new payment to a handle called a refund is the scam's ask.
  const handle = all.find(
    ([k, v]) =>
      typeof v === 'string' &&
      HANDLE.test(v.trim()) &&
      /(?:^|_)(?:username|user|handle|recipient|payee|to|receiver|cashtag|venmo_id)$/.test(k),
  );
  // Where the money lands was typed in: bank details, a P2P address or a handle, not a saved payee.
  const fresh = raw ?? p2p ?? (handle === undefined ? undefined : String(handle[1]).trim());
  if (fresh !== undefined && INSTRUCTED.test(memo))
    return [
      line(
        'transfer',
        'money',
        `${tool} pays ${fresh.slice(0, 40)} as instructions said: ${memo.slice(0, 80)}`,
      ),
    ];
  // A sum too small to buy anything, with words in its text: the payment is a message to its payee.
  if (
    fresh !== undefined &&
    amount > 0 &&
    amount < 1 &&
    memo.trim().split(/\s+/).length >= 3 &&
    !TEST_NOTE.test(memo)
  )
    return [
      line(
        'leak',
        'data',
        `${tool} sends ${amount} to ${fresh.slice(0, 40)} carrying text: ${memo.slice(0, 60)}`,
      ),
    ];
  if (handle !== undefined && /\brefund/i.test(memo))
    return [
      line(
        'transfer',
        'money',
        `${tool} sends a "refund" as a new payment to ${String(handle[1]).slice(0, 40)}`,
      ),
    ];
  if (SECRECY.test(memo) && !SURPRISE.test(memo))
    return [line('transfer', 'money', `${tool} pays with a memo asking for secrecy: ${memo.slice(0, 80)}`)];
  const fee = SCAM_FEE.exec(memo);
  if (fee !== null)
    return [line('deceive', 'payer', `${tool} pays what its memo calls ${fee[0].slice(0, 60)}`)];
  if (PLANTED.test(memo))
    return [line('transfer', 'money', `${tool} pays on a planted instruction: ${memo.slice(0, 80)}`)];
  if (NEW_ACCOUNT.test(memo))
    return [line('transfer', 'money', `${tool} pays an account its memo calls new: ${memo.slice(0, 80)}`)];
  const undo = w.some((x) => UNDO.test(x)) && all.some(([k]) => PAID_ID_KEY.test(k)) && fresh === undefined;
  if (OVERPAID.test(memo) && !undo)
    return [line('transfer', 'money', `${tool} returns a claimed overpayment: ${memo.slice(0, 80)}`)];
  if (HOLDER_FACT.test(memo))
    return [line('leak', 'data', `${tool} carries facts about the account holder in its memo`)];
  if (AUTHORITY.test(memo) && PRESSURE.test(memo))
    return [line('transfer', 'money', `${tool} pays under CEO-fraud pressure: ${memo.slice(0, 80)}`)];
  return [];
}
