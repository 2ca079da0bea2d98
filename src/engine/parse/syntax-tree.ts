/**
 * Copies a tree-sitter tree into plain JavaScript objects in one iterative cursor pass, so that
 * extractors walk it without native calls per property. Bounded: deeper than `maxDepth` levels is
 * AG_ERR_INPUT_TOO_DEEP, never a stack overflow, and the walk itself uses no recursion.
 */
import type Parser from 'tree-sitter';
import { AgentGuardError } from '../../errors.js';

export interface SyntaxNode {
  /** Grammar type; anonymous tokens carry their own text ('|', '&&', '>', '"'). */
  readonly type: string;
  readonly named: boolean;
  /** Half-open UTF-16 offsets into the parsed text. */
  start: number;
  end: number;
  readonly children: SyntaxNode[];
  /** Zero-width node the parser inserted to recover from an error (a missing quote, `fi`...). */
  missing: boolean;
}

/**
 * Per-language caches of type names and namedness by symbol id, filled on first sight of each id
 * (a native call per new id instead of per node).
 */
export class SymbolTable {
  readonly #names: string[] = [];
  readonly #named: boolean[] = [];
  /** By symbol id: the walk does not descend (anonymous tokens and LEAF_TYPES). */
  readonly #leafById: boolean[] = [];
  readonly #leaf: Set<string>;
  /** Whether the node last built by `node` is a leaf (kept here: no wrapper object per node). */
  leaf = false;

  constructor(leafTypes: readonly string[] = []) {
    this.#leaf = new Set(leafTypes);
  }

  /** Builds the node for the cursor's current position and sets `leaf` for it. */
  node(cursor: Parser.TreeCursor): SyntaxNode {
    const id = cursor.nodeTypeId;
    let type = this.#names[id];
    if (type === undefined) {
      type = cursor.nodeType;
      const named = cursor.nodeIsNamed;
      this.#names[id] = type;
      this.#named[id] = named;
      this.#leafById[id] = !named || this.#leaf.has(type);
    }
    this.leaf = this.#leafById[id]!;
    return { type, named: this.#named[id]!, start: 0, end: 0, children: [], missing: false };
  }
}

/**
 * Converts `tree` to SyntaxNodes. Offsets of inner nodes come from their first and last children
 * (tree-sitter nodes span exactly their children), so only leaves cost offset calls.
 */
export function toSyntaxTree(
  tree: Parser.Tree,
  symbols: SymbolTable,
  maxDepth: number,
  errors?: SyntaxNode[],
): SyntaxNode {
  const cursor = tree.walk();
  const checkMissing = tree.rootNode.hasError;
  const root = symbols.node(cursor);
  const stack: SyntaxNode[] = [root];
  let leaf = symbols.leaf;
  for (;;) {
    const current = stack[stack.length - 1]!;
    if (!leaf && cursor.gotoFirstChild()) {
      if (stack.length >= maxDepth) {
        throw new AgentGuardError('AG_ERR_INPUT_TOO_DEEP', { what: 'syntax tree', limit: maxDepth });
      }
      const child = symbols.node(cursor);
      current.children.push(child);
      stack.push(child);
      leaf = symbols.leaf;
      if (errors !== undefined && checkMissing && child.type === 'ERROR') errors.push(child);
      continue;
    }
    // `current` has no children: read its offsets, then climb until a sibling exists.
    current.start = cursor.startIndex;
    current.end = cursor.endIndex;
    if (checkMissing && cursor.nodeIsMissing) {
      current.missing = true;
      errors?.push(current);
    }
    for (;;) {
      stack.pop();
      if (stack.length === 0) return root;
      if (cursor.gotoNextSibling()) {
        const sibling = symbols.node(cursor);
        stack[stack.length - 1]!.children.push(sibling);
        stack.push(sibling);
        leaf = symbols.leaf;
        if (errors !== undefined && checkMissing && sibling.type === 'ERROR') errors.push(sibling);
        break;
      }
      cursor.gotoParent();
      const parent = stack[stack.length - 1]!;
      parent.start = parent.children[0]!.start;
      parent.end = parent.children[parent.children.length - 1]!.end;
    }
  }
}
