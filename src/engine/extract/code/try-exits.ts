/**
 * What a try statement means to the loops inside it (issue 22 loop false positives): an error
 * raised in a loop of the try's body leaves the loop for the handler, the way
 * `try: while True: out.append(next(it)) except StopIteration: return out` ends. Knows the
 * python and JavaScript grammars' try, except/catch and call nodes.
 */
import type { SyntaxNode } from '../../parse/index.js';

/**
 * A try statement's protected body, whether a handler catches errors, and whether one catches
 * every error (JavaScript's catch, python's bare `except:` or `except Exception`): an error a
 * handler for named types does not catch goes on to the enclosing try.
 */
export function tryParts(
  n: SyntaxNode,
  text: string,
): { body: SyntaxNode | undefined; catches: boolean; catchesAll: boolean } {
  let body: SyntaxNode | undefined;
  let catches = false;
  let catchesAll = false;
  for (const c of n.children) {
    if (body === undefined && (c.type === 'block' || c.type === 'statement_block')) body = c;
    // Any handler ends the loop: `except KeyboardInterrupt` is the author's way out of a demo
    // that redraws until stopped; a loop of quiet calls or plain arithmetic still has none.
    else if (c.type === 'catch_clause') catches = catchesAll = true;
    else if (c.type === 'except_clause' || c.type === 'except_group_clause') {
      catches = true;
      const block = c.children.find((b) => b.type === 'block');
      const header = text.slice(c.start, block?.start ?? c.end);
      if (CATCH_ALL.test(header)) catchesAll = true;
    }
  }
  return { body, catches, catchesAll };
}

/** `except:`, `except Exception as e:`, `except (BaseException):`. */
const CATCH_ALL = /^except\s*(?:\(?\s*(?:Exception|BaseException)\s*\)?\s*(?:as\s+\w+\s*)?)?:\s*$/;

const words = (list: string): ReadonlySet<string> => new Set(list.trim().split(/\s+/));

/** Functions and methods that do not raise in practice: a loop of only these runs on inside any try. */
const QUIET_FUNCTIONS = words(`print len repr str bool id type abs isinstance hash range enumerate zip
  sorted reversed round sum String Number Boolean`);
const QUIET_METHODS = words(`append extend add update digest hexdigest format join upper lower strip
  copy items keys values push toString toFixed concat log info debug warn`);
/** Modules whose functions are arithmetic, hashing, clocks or console output. */
const QUIET_MODULES =
  /^(?:math|cmath|hashlib|Math|console|Date|performance)\.|^time\.(?:time|monotonic|perf_counter)(?:_ns)?$/;

/** Whether calling `callee` (its source text) can raise an error a handler sees. */
function calleeMayRaise(callee: string): boolean {
  const dot = callee.lastIndexOf('.');
  if (dot < 0) return !QUIET_FUNCTIONS.has(callee);
  return !QUIET_METHODS.has(callee.slice(dot + 1)) && !QUIET_MODULES.test(callee);
}

/**
 * Whether walking `n` can raise an error a handler sees: a call of anything but a quiet one,
 * or a python subscript (IndexError, KeyError end `while True: x = items[i]; i += 1`).
 */
export function mayRaise(n: SyntaxNode, text: string): boolean {
  if (n.type === 'subscript') return true;
  if (n.type !== 'call' && n.type !== 'call_expression') return false;
  const callee = n.children[0];
  return callee === undefined || calleeMayRaise(text.slice(callee.start, callee.end));
}
