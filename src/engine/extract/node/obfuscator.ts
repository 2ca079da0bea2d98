/**
 * javascript-obfuscator's runtime (issue 22, gdog r11): its string table is rotated on start by
 * `t['push'](t['shift']())` until a checksum matches, and every name the program uses is then read
 * from that table. Quoting `push` and `shift` as strings is the obfuscator's own spelling (a person
 * or a minifier writes `t.push(t.shift())`), so the call marks the code as unreadable and run.
 */
import type { SyntaxNode } from '../../parse/index.js';
import { named } from '../code/syntax.js';

/** The quoted member name of `obj['name']`, or null. */
function quotedMember(n: SyntaxNode | undefined, text: string): string | null {
  if (n?.type !== 'subscript_expression') return null;
  const key = named(n)[1];
  if (key?.type !== 'string') return null;
  return text.slice(key.start + 1, key.end - 1);
}

/** `t['push'](t['shift']())`: the string-table rotation of javascript-obfuscator's output. */
export function rotatesStringTable(
  fnNode: SyntaxNode,
  argsNode: SyntaxNode | undefined,
  text: string,
): boolean {
  if (quotedMember(fnNode, text) !== 'push' || argsNode === undefined) return false;
  const arg = named(argsNode)[0];
  return arg?.type === 'call_expression' && quotedMember(arg.children[0], text) === 'shift';
}
