/**
 * What a call of a function defined in the input yields (issue 22). Walked again with its
 * arguments, the call yields what the body returned, with that value's own taint: text the body
 * builds in plain sight (literals, arguments, folded concatenation and formatting) is what the same
 * code written inline would be, so it is not "generated"; text built from character codes, by
 * reversal, translation or decoding already carries the mark from the handler that built it.
 */
import { opaque, type Val } from './value.js';

/**
 * A call not walked again (budget, no known argument): what the body returned with its parameters
 * unknown, joined with the arguments' taint; generated only when one of them was.
 */
export function ownReturnAtDefinition(returned: Val, args: readonly Val[]): Val {
  return {
    ...opaque([returned, ...args]),
    ...(returned.parts !== null && !returned.dynamic ? { parts: returned.parts, dynamic: false } : {}),
  };
}
