/**
 * Browser code (issue 22, R14/R16: a checkout skimmer, a cookie beacon, a keylogger, a clipboard
 * hijacker): what a page holds for its user is a source (`page` in facts.ts): its cookies, its web
 * storage, what the user types into its fields, and what the user copies; the page's senders that
 * are no HTTP client (a beacon, an image or frame source, a navigation) are requests. SEC-AST-010
 * judges where the page's secrets go, and a clipboard read and rewritten is the hijack
 * code/clipboard-swap.ts reads. The tool-call reader's browser tools hand their scripts here.
 */
import type { DataSource } from '../../facts.js';
import type { SyntaxNode } from '../../parse/index.js';
import { clipboardWrite } from '../code/clipboard-swap.js';
import { request } from '../code/effects.js';
import { named } from '../code/syntax.js';
import { constText, opaque, refVal, strVal, UNKNOWN, type Val } from '../code/value.js';
import type { JsWalker } from '../node.js';
import { callAs, JS_CALLS, type JsCall } from './calls.js';

const COOKIES: DataSource = { kind: 'page', what: 'cookies' };
const STORAGE: DataSource = { kind: 'page', what: 'storage' };
const INPUT: DataSource = { kind: 'page', what: 'input' };
/** The keys a key event reports one by one: gathered and sent, they are a keylogger's log. */
const KEYS: DataSource = { kind: 'page', what: 'keys' };

/** An element of the page (looked up in the document, an event's target, a form's field). */
const ELEMENT = 'HTMLElement()';
/** What the clipboard held, as code/capture.ts labels a clipboard read (`xclip -o`). */
const CLIPBOARD: DataSource = { kind: 'output', program: 'xclip' };

const STORES = new Set(['localStorage', 'sessionStorage']);
const STORAGE_API = new Set(['getItem', 'setItem', 'removeItem', 'clear', 'key', 'length']);
/** Members of an element that hold what the user typed or chose. */
const TYPED = new Set(['value', 'valueAsNumber', 'checked', 'files', 'innerText', 'textContent']);

const element: Val = { ...UNKNOWN, ref: ELEMENT };
const elements: Val = { ...UNKNOWN, ref: ELEMENT, items: [element], each: element };
const typed: Val = { ...UNKNOWN, sources: [INPUT] };
const keyed: Val = { ...UNKNOWN, sources: [KEYS] };

/** A page global read by name (`localStorage`, `window.sessionStorage`): web storage carries its items. */
export function pageGlobal(ref: string, name: string): Val | undefined {
  return STORES.has(ref) ? { ...refVal(ref, name), sources: [STORAGE] } : undefined;
}

/** `document.cookie`, `localStorage.token`, `input.value`: a member that reads what the page holds. */
export function pageMember(base: Val, prop: string, dotted: string): Val | undefined {
  if (base.ref === 'document' && prop === 'cookie')
    return { ...refVal('document.cookie', dotted), sources: [COOKIES] };
  if (base.ref !== undefined && STORES.has(base.ref) && !STORAGE_API.has(prop))
    return { ...UNKNOWN, sources: [{ kind: 'page', what: `storage:${prop}` }] };
  if (base.ref === ELEMENT) {
    if (TYPED.has(prop)) return typed;
    if (/^(?:elements|children|form|parentElement|parentNode)$/.test(prop)) return elements;
  }
  if (base.ref === 'document' && /^(?:forms|body|documentElement|activeElement)$/.test(prop)) return elements;
  return undefined;
}

/** An event handed to a listener: what the user typed travels in its key, data and target. */
function eventVal(kind: string): Val {
  const keys = /^(?:key|input|change|submit|paste|beforeinput|composition)/.test(kind);
  const pressed = /^key(?:down|up|press)$/.test(kind) ? keyed : typed;
  const fields = new Map<string, Val>([
    ['target', element],
    ['currentTarget', element],
    ['srcElement', element],
    ...(keys
      ? (['key', 'code', 'data', 'keyCode', 'which', 'char'] as const).map((k) => [k, pressed] as const)
      : []),
  ]);
  // A service worker's fetch event: its request carries what the page's user submits (a form post's body).
  if (kind === 'fetch') fields.set('request', { ...UNKNOWN, ref: 'Request()', sources: [INPUT] });
  if (/^(?:copy|cut|paste)$/.test(kind))
    fields.set('clipboardData', { ...UNKNOWN, ref: 'DataTransfer()', sources: [CLIPBOARD] });
  return { ...UNKNOWN, ref: 'Event()', fields, sources: keys ? [INPUT] : [] };
}

/** `el.addEventListener(type, f)` / `onkeydown = f`: the listener runs with the event the page fires. */
function listen(w: JsWalker, c: JsCall): Val | undefined {
  const kind = constText(c.args[0]);
  const f = c.args[1];
  if (kind === null || f === undefined) return undefined;
  callAs(w, c, f, [eventVal(kind)]);
  return undefined;
}

/** A request the page makes by another means than an HTTP client. */
function send(w: JsWalker, c: JsCall, actor: string, url: Val | undefined, body?: Val): Val | undefined {
  if (url === undefined) return undefined;
  return request(w.col, c.span, actor, {
    url,
    payload: body ? [body] : [],
    sends: body !== undefined,
    method: body ? 'POST' : 'GET',
  });
}

/** Members whose assignment makes the page request a URL (an image's or frame's source, a navigation). */
const LOADS = new Set(['src', 'href', 'location', 'action', 'data', 'srcset', 'background']);

/**
 * `img.src = url`, `new Image().src = url`, `location.href = url`, `window.location = url`: the page
 * requests url (with what it carries in its query). Other member assignments pass untouched.
 */
export function pageAssign(w: JsWalker, target: SyntaxNode, v: Val): void {
  const [base, prop] = [named(target)[0], named(target).at(-1)];
  if (base === undefined || prop === undefined || !LOADS.has(w.src(prop))) return;
  const name = w.src(prop);
  const obj = name === 'location' ? undefined : w.visit(base);
  const page =
    name === 'location'
      ? /^(?:window|document|self|top|parent|globalThis)$/.test(w.src(base))
      : obj?.ref === ELEMENT ||
        obj?.ref === 'new Image()' ||
        obj?.ref === 'location' ||
        obj?.ref === 'document.location';
  if (!page) return;
  const at = { start: target.start, end: target.end };
  // A form's action is where the page posts every field the user fills in.
  const form = name === 'action';
  request(w.col, at, `${w.src(base)}.${name}`, {
    url: v,
    payload: form ? [typed] : [],
    sends: form,
    method: form ? 'POST' : 'GET',
  });
}

const LOOKUPS = [
  'querySelector',
  'querySelectorAll',
  'getElementById',
  'getElementsByTagName',
  'getElementsByName',
  'getElementsByClassName',
  'createElement',
  'elementFromPoint',
];

JS_CALLS.add(
  LOOKUPS.map((m) => `document.${m}`),
  () => elements,
);
// An element's own lookups find more elements (`form.querySelectorAll('input')`).
JS_CALLS.methods(
  [
    'querySelector',
    'querySelectorAll',
    'getElementsByTagName',
    'getElementsByName',
    'getElementsByClassName',
    'closest',
  ].map((m) => [m, (_w, c) => (c.recv?.ref === ELEMENT ? elements : undefined)] as const),
);
JS_CALLS.add(['new Image', 'new Audio'], () => ({ ...UNKNOWN, ref: 'new Image()' }));
// A form's fields, as the page sends them on submit.
JS_CALLS.add(['new FormData', 'new URLSearchParams(new FormData)'], (_w, c) =>
  c.args[0]?.ref === ELEMENT ? { ...opaque(c.args), ref: 'FormData()', sources: [INPUT] } : undefined,
);
// A browser extension's cookie store: every site's cookies, in the callback or the promise.
JS_CALLS.add(['chrome.cookies.getAll', 'browser.cookies.getAll'], () => ({ ...UNKNOWN, sources: [COOKIES] }));
JS_CALLS.add(['localStorage.getItem', 'sessionStorage.getItem'], (_w, c) => {
  const key = constText(c.args[0]);
  return { ...UNKNOWN, sources: [key === null ? STORAGE : { kind: 'page', what: `storage:${key}` }] };
});
JS_CALLS.add(['navigator.sendBeacon'], (w, c) => send(w, c, 'navigator.sendBeacon', c.args[0], c.args[1]));
JS_CALLS.add(['location.assign', 'location.replace', 'open', 'document.location.assign'], (w, c) =>
  send(w, c, c.name, c.args[0]),
);
JS_CALLS.add(['document.addEventListener', 'addEventListener'], listen);
// An unbound name listened on (`form.addEventListener` in an edit's fragment) is the page's element.
const unboundElement = (w: JsWalker, ref: string | undefined): boolean =>
  ref !== undefined && /^[A-Za-z_$][\w$]*$/.test(ref) && !w.env.has(ref);
JS_CALLS.methods([
  [
    'addEventListener',
    (w, c) => (c.recv?.ref === ELEMENT || unboundElement(w, c.recv?.ref) ? listen(w, c) : undefined),
  ],
]);
// The async clipboard: what it reads is the clipboard (a capture), what it writes replaces it.
// The selection is what a copy puts on the clipboard.
JS_CALLS.add(
  ['navigator.clipboard.readText', 'navigator.clipboard.read', 'getSelection', 'document.getSelection'],
  () => ({
    ...UNKNOWN,
    sources: [CLIPBOARD],
  }),
);
JS_CALLS.add(['navigator.clipboard.writeText', 'navigator.clipboard.write'], clipboardWrite);
JS_CALLS.methods([
  [
    'getData',
    (_w, c) => (c.recv?.ref === 'DataTransfer()' ? { ...UNKNOWN, sources: [CLIPBOARD] } : undefined),
  ],
  ['setData', (w, c) => (c.recv?.ref === 'DataTransfer()' ? clipboardWrite(w, c) : undefined)],
]);

/**
 * In-page miners (CoinHive and its successors: CoinImp's `Client`, Crypto-Loot's `CRLT`,
 * deepMiner, WebMinePool): a miner object made in the page mines with every visitor's CPU. Written
 * as the miner command line it amounts to, so RUN-AST-006 judges it with the others.
 */
const PAGE_MINERS = ['CoinHive', 'Client', 'CRLT', 'CoinImp', 'deepMiner', 'WMP', 'Miner'].flatMap((ns) =>
  ['Anonymous', 'User', 'Token'].map((kind) => `new ${ns}.${kind}`),
);
JS_CALLS.add(PAGE_MINERS, (w, c) => {
  w.col.nested(
    'xmrig --url stratum+tcp://in-page-miner.invalid:3333',
    'bash',
    c.span,
    `${c.name} (an in-page miner)`,
  );
  return { ...UNKNOWN, ref: 'Miner()' };
});
// new Blob([text]) and URL.createObjectURL(blob): a URL whose content is that text (a Worker's code).
JS_CALLS.add(['new Blob'], (_w, c) => {
  const text = c.args[0]?.items?.map((i) => constText(i));
  return text !== undefined && text.every((t): t is string => t !== null)
    ? { ...UNKNOWN, ref: 'Blob()', fields: new Map([['text', strVal(text.join(''))]]) }
    : undefined;
});
JS_CALLS.add(['URL.createObjectURL'], (_w, c) => {
  const text = constText(c.args[0]?.ref === 'Blob()' ? c.args[0].fields?.get('text') : undefined);
  return text === null ? undefined : strVal(`data:text/javascript,${text}`);
});
