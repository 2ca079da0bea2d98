/**
 * Syntax-tree helpers shared by the python and node extractors: named children, and the parts of
 * the tree the parser had to invent (MISSING tokens), which become UnparsedFacts like ERROR regions.
 */
import type { SyntaxNode } from '../../parse/index.js';
import type { Collector } from './collector.js';

/** Named children, skipping comments. */
export function named(n: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (const c of n.children) if (c.named && c.type !== 'comment') out.push(c);
  return out;
}

/**
 * One UnparsedFact per node holding a MISSING token (a `)` or `:` the parser inserted), with the
 * enclosing node's text. ERROR nodes are reported by the walkers, which also walk inside them.
 */
export function reportMissing(root: SyntaxNode, text: string, col: Collector): void {
  const stack: SyntaxNode[] = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    for (const c of n.children) {
      if (c.missing) {
        col.unparsed({ start: n.start, end: n.end }, text.slice(n.start, n.end));
        break;
      }
    }
    for (const c of n.children) if (c.children.length > 0) stack.push(c);
  }
}

/**
 * Whether a loop condition can change between iterations: it calls something (`callType`), or
 * reads a name the input assigns more than once (`reassigned`, worked out only when needed).
 */
export function conditionMayChange(
  cond: SyntaxNode,
  text: string,
  callType: string,
  reassigned: () => ReadonlySet<string>,
): boolean {
  const names: string[] = [];
  const stack = [cond];
  while (stack.length > 0) {
    const x = stack.pop()!;
    if (x.type === 'identifier') names.push(text.slice(x.start, x.end));
    else if (x.type === callType) return true;
    else for (const c of x.children) stack.push(c);
  }
  if (names.length === 0) return false;
  const set = reassigned();
  return names.some((name) => set.has(name));
}
