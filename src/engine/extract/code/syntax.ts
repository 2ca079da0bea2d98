/**
 * Syntax-tree helpers shared by the python and node extractors: named children, and the parts of
 * the tree the parser had to invent (MISSING tokens), which become UnparsedFacts like ERROR regions.
 */
import type { SyntaxNode } from '../../parse/index.js';
import type { Collector } from './collector.js';

/** Named children, skipping comments. */
export function named(n: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  pushNamed(out, n);
  return out;
}

/**
 * Pushes `n`'s named children but comments onto `stack`, in order (the whole-tree passes' step).
 * An indexed loop: a for...of allocates an iterator result per child until the loop is optimized,
 * 25 MB over the passes of a 256 KB bundle's first analysis (issue 22).
 */
export function pushNamed(stack: SyntaxNode[], n: SyntaxNode, comments = false): void {
  const kids = n.children;
  for (let i = 0; i < kids.length; i++) {
    const k = kids[i]!;
    if (k.named && (comments || k.type !== 'comment')) stack.push(k);
  }
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
 * Whether a loop condition can change between iterations: it calls something (`callType`), reads
 * a name the input assigns more than once (`reassigned`, worked out only when needed), or reads an
 * object's field the input assigns somewhere (`while (this._pending)` with `this._pending = false`
 * in the body or in a method the body calls; issue 22 loop false positives).
 */
export function conditionMayChange(
  cond: SyntaxNode,
  text: string,
  callType: string,
  reassigned: () => ReadonlySet<string>,
): boolean {
  const names: string[] = [];
  const fields: string[] = [];
  const stack = [cond];
  while (stack.length > 0) {
    const x = stack.pop()!;
    if (x.type === 'identifier') names.push(text.slice(x.start, x.end));
    else if (x.type === callType) return true;
    else {
      if (x.type === 'member_expression' || x.type === 'attribute') {
        const field = x.children[x.children.length - 1];
        if (field) fields.push(text.slice(field.start, field.end));
      }
      for (const c of x.children) stack.push(c);
    }
  }
  if (fields.length > 0) {
    const assigned = assignedFields(text);
    if (fields.some((f) => assigned.has(f))) return true;
  }
  if (names.length === 0) return false;
  const set = reassigned();
  return names.some((name) => set.has(name));
}

/**
 * A field written: `.field =` (group 2 holds an augmenting operator), `.field++`, `++x.field`,
 * `setattr(x, 'field', ...)`.
 */
const FIELD_WRITE =
  /\.\s*([A-Za-z_$#][\w$]*)\s*(?:(\+\+|--)|(\*\*|<<|>>>?|\?\?|&&|\|\||\/\/|[-+*/%&|^@])?=(?!=))|(?:\+\+|--)\s*[\w$.]*\.([A-Za-z_$#][\w$]*)|setattr\(\s*[^,()]+,\s*['"](\w+)['"]/g;

/** The last input's changing fields (one input has few loops: read once per input). */
let fieldsOf: { text: string; fields: ReadonlySet<string> } | undefined;

/**
 * The field names `text` writes more than once, or updates (`+= 1`, `++`), as reassignedNames
 * counts names: a field set once (`o.on = true`) holds its value.
 */
function assignedFields(text: string): ReadonlySet<string> {
  if (fieldsOf?.text === text) return fieldsOf.fields;
  const counts = new Map<string, number>();
  const fields = new Set<string>();
  for (const m of text.matchAll(FIELD_WRITE)) {
    const name = m[1] ?? m[4] ?? m[5]!;
    const k =
      (counts.get(name) ?? 0) + (m[2] !== undefined || m[3] !== undefined || m[4] !== undefined ? 2 : 1);
    counts.set(name, k);
    if (k > 1) fields.add(name);
  }
  fieldsOf = { text, fields };
  return fields;
}
