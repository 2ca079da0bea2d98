/**
 * Ways node runs a code string that the plain `eval`/`Function` handlers do not see (issue 22, r3):
 * the Function constructor reached through a function's prototype, a function built from text
 * called with `require` or `module` as an argument, and a Worker started from a `data:` URL.
 */
import { decodeBase64 } from '../code/collector.js';
import { percentDecode } from '../code/decoders.js';
import { constText, opaque, refVal, render, strVal, type Val } from '../code/value.js';

/** Object.getPrototypeOf(f) of a function: Function.prototype (its `.constructor` is Function). */
export function prototypeOf(v: Val | undefined): Val | undefined {
  if (v === undefined) return undefined;
  if (v.fn !== undefined || v.ref === 'Function' || v.ref === 'Function.prototype')
    return refVal('Function.prototype', 'Function.prototype');
  return undefined;
}

/** `x.constructor` where x is a function or Function.prototype: the Function constructor itself. */
export function isFunctionConstructorOf(base: Val, prop: string): boolean {
  if (prop !== 'constructor') return false;
  if (base.fn !== undefined || base.ref === 'Function' || base.ref === 'Function.prototype') return true;
  // Any value's constructor's constructor (`''['constructor']['constructor']`) is Function.
  const hole = base.parts?.length === 1 ? base.parts[0] : undefined;
  const named = base.ref ?? (hole !== undefined && typeof hole !== 'string' ? hole.hole : '');
  return CONSTRUCTOR_END.test(named);
}

/** Source text ending in a constructor member (`x.constructor`, `x['constructor']`). */
const CONSTRUCTOR_END = /(?:\.\s*constructor|\[\s*['"`]constructor['"`]\s*\])$/;

/** Values a function built from text may be given that name node's own objects (`fn(require)`). */
const PASSABLE: ReadonlySet<string> = new Set(['require', 'module', 'process', 'globalThis', 'global']);

/**
 * The source of `v` as an argument of a function built from text: a string literal, or the
 * expression that yields the same object (`require`, `module`, `require("child_process")`);
 * undefined when the walk cannot write it.
 */
export function argSource(v: Val | undefined): string | undefined {
  if (v === undefined) return undefined;
  if (v.ref !== undefined) {
    if (PASSABLE.has(v.ref)) return v.ref;
    if (v.module === true && /^[\w@/.:-]+$/.test(v.ref)) return `require(${JSON.stringify(v.ref)})`;
    return undefined;
  }
  const t = constText(v);
  return t !== null ? JSON.stringify(t) : undefined;
}

/** Parameters bound to a call's arguments, as a prelude to the function's body; undefined when none is known. */
export function paramPrelude(params: readonly string[], args: readonly Val[]): string | undefined {
  const sources = params.map((_, i) => argSource(args[i]));
  if (sources.every((s) => s === undefined)) return undefined;
  return params.map((p, i) => `const ${p} = ${sources[i] ?? 'undefined'};`).join(' ');
}

/**
 * The code a `data:` URL carries (`data:text/javascript,CODE`, `;base64,`): decoded, marked
 * generated (code hidden in a URL); undefined when `v` is not a data: URL. A URL whose payload the
 * walk cannot read is still generated code (fail closed).
 */
export function dataUrlCode(v: Val | undefined): Val | undefined {
  const first = v?.parts?.[0];
  if (v === undefined || typeof first !== 'string' || !/^\s*data:/i.test(first)) return undefined;
  const text = constText(v);
  const comma = (text ?? render(v)).indexOf(',');
  if (text === null || comma < 0) return { ...opaque([v]), generated: true };
  const header = text.slice(0, comma);
  const body = text.slice(comma + 1);
  // A base64 payload that is plain code already: the walk folds an encoder's output as its input
  // (`Buffer.from(code).toString('base64')` is `code`).
  const code = /;base64$/i.test(header)
    ? (decodeBase64(body) ?? (/[^A-Za-z0-9+/=\s]/.test(body) ? body : null))
    : percentDecode(body);
  if (code === null) return { ...opaque([v]), generated: true };
  // Code written out in the URL as it is hides nothing: it is judged as what it does.
  return { ...strVal(code), sources: v.sources, lits: v.lits, generated: code !== body };
}
