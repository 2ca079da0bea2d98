/**
 * JavaScript accessors (issue 22, r6): reading a member with a getter runs the getter, so
 * `{ get root() { return home } }`, a class's `get root()` and `Object.defineProperty(o, 'root',
 * { get: () => home })` make `o.root` what the getter returns; a delete of `o.root` then reaches home.
 */
import type { SyntaxNode } from '../../parse/index.js';
import { membersOf } from '../code/records.js';
import { constText, type Val } from '../code/value.js';
import type { JsWalker } from '../node.js';
import { JS_CALLS, type JsCall } from './calls.js';

/**
 * A `get name() {...}` method just walked (w.lastReturn holds what it returned): its name and the
 * value reading the member gives, recorded as what that member may hold; undefined for other methods.
 */
export function getterValue(w: JsWalker, m: SyntaxNode): [string, Val] | undefined {
  if (!m.children.some((c) => c.type === 'get')) return undefined;
  const name = m.children.find((c) => c.type === 'property_identifier');
  const v = w.lastReturn;
  if (!name || v === undefined) return undefined;
  membersOf(w).record(w.src(name), v);
  return [w.src(name), v];
}

/** A property descriptor's value: its `value`, or what its `get` function returns. */
function descriptorValue(w: JsWalker, d: Val | undefined): Val | undefined {
  const get = d?.fields?.get('get');
  if (get?.fn !== undefined) return w.defReturn(get.fn);
  return d?.fields?.get('value');
}

/** `Object.defineProperty(o, 'k', desc)`: member k of any object may hold the descriptor's value. */
function defineProperty(w: JsWalker, c: JsCall): undefined {
  const key = c.args[1] ? constText(c.args[1]) : null;
  const v = descriptorValue(w, c.args[2]);
  if (key !== null && v !== undefined) membersOf(w).record(key, v);
  return undefined;
}

/** `Object.defineProperties(o, { k: desc, ... })`: each key as defineProperty records it. */
function defineProperties(w: JsWalker, c: JsCall): undefined {
  for (const [key, d] of c.args[1]?.fields ?? []) {
    const v = descriptorValue(w, d);
    if (v !== undefined) membersOf(w).record(key, v);
  }
  return undefined;
}

JS_CALLS.add(['Object.defineProperty', 'Reflect.defineProperty'], defineProperty);
JS_CALLS.add(['Object.defineProperties'], defineProperties);
