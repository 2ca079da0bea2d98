/**
 * What a call of a function defined in the input yields (issue 22). Walked again with its
 * arguments, the call yields what the body returned, with that value's own taint: text the body
 * builds in plain sight (literals, arguments, folded concatenation and formatting) is what the same
 * code written inline would be, so it is not "generated"; text built from character codes, by
 * reversal, translation or decoding already carries the mark from the handler that built it.
 */
import { constText, opaque, type Val } from './value.js';

/**
 * A call not walked again (budget, no known argument): what the body returned with its parameters
 * unknown, joined with the arguments' taint; generated only when one of them was.
 */
export function ownReturnAtDefinition(returned: Val, args: readonly Val[]): Val {
  return {
    ...opaque([returned, ...args]),
    ...(returned.parts !== null && !returned.dynamic ? { parts: returned.parts, dynamic: false } : {}),
    // With no arguments the call returns what the definition did: a list, mapping or generator of
    // paths stays one (`for p in targets(): rmtree(p)`, r6).
    ...(args.length === 0 ? containerOf(returned) : {}),
  };
}

/** The container shape of a value: its items, fields and what iterating it yields. */
function containerOf(v: Val): Partial<Val> {
  return {
    ...(v.items !== undefined ? { items: v.items } : {}),
    ...(v.fields !== undefined ? { fields: v.fields } : {}),
    ...(v.each !== undefined ? { each: v.each } : {}),
  };
}

/**
 * A call given only constants whose result the walk could not compute at all: text the function
 * derives from constants out of sight (an obfuscator's string-table accessor, `_0x1f2e('0x2')`),
 * not visible in the source, so generated when run or loaded.
 */
export function hiddenResult(v: Val, args: readonly Val[]): boolean {
  if (args.length === 0 || !args.every((a) => constText(a) !== null || a.num !== undefined)) return false;
  if (v.sources.length > 0 || v.ref !== undefined || v.fn !== undefined || v.items !== undefined)
    return false;
  if (v.fields !== undefined || v.module === true || v.num !== undefined || v.bool !== undefined)
    return false;
  return v.parts === null || v.parts.every((p) => typeof p !== 'string');
}
