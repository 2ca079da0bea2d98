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
 * Leaves whose offsets the copy reads from the text instead of asking the native side (two calls
 * per leaf, a third of the copy's cost): `ident` types are one run of identifier characters, `quoted`
 * types a quoted string with backslash escapes; anonymous tokens are their own type's text.
 */
export interface TextTokens {
  readonly ident: readonly string[];
  /** `$` is an identifier character (JavaScript). */
  readonly dollar: boolean;
  readonly quoted: readonly string[];
  /**
   * A string written as opening delimiter, content, closing delimiter leaves (python's
   * string_start `rb'''`, string_content, string_end): the content starts where the previous
   * leaf ended, and the closing delimiter repeats the opening one's quotes.
   */
  readonly delimited?: { readonly start: string; readonly content: string; readonly end: string };
  /**
   * Leaves a visible zero-width node may follow in an error-free tree (python's `if x:` at the end
   * of the text gets an empty `block`): the copy does not stop after them (see toSyntaxTree).
   */
  readonly openEnded?: readonly string[];
}

/** The children of every leaf the copy makes (never written: the copy only adds to inner nodes). */
const NO_CHILDREN: SyntaxNode[] = [];

/** How a leaf's offsets are found (by symbol id). */
const NATIVE = 0;
const LITERAL = 1;
const IDENT = 2;
const QUOTED = 3;
const OPEN = 4;
const CONTENT = 5;
const CLOSE = 6;

/**
 * Per-language caches of type names and namedness by symbol id, filled on first sight of each id
 * (a native call per new id instead of per node).
 */
export class SymbolTable {
  readonly #names: string[] = [];
  readonly #named: boolean[] = [];
  /** By symbol id: the walk does not descend (anonymous tokens and LEAF_TYPES). */
  readonly #leafById: boolean[] = [];
  readonly #howById: number[] = [];
  readonly #leaf: Set<string>;
  readonly #ident: Set<string>;
  readonly #quoted: Set<string>;
  readonly #delimited: TextTokens['delimited'];
  readonly #text: boolean;
  /**
   * By symbol id: an error-free tree ends at this leaf when only space follows it (no visible
   * zero-width node can come after it: TextTokens.openEnded), so the copy stops without climbing.
   */
  readonly #lastById: boolean[] = [];
  readonly #openEnded: Set<string>;
  /** Whether the node last built by `node` may be the tree's last node when only space follows. */
  last = false;
  /** Identifier characters include `$`. */
  readonly dollar: boolean;
  /** Whether the node last built by `node` is a leaf (kept here: no wrapper object per node). */
  leaf = false;
  /** How the offsets of the node last built by `node` are found (NATIVE, LITERAL, IDENT, QUOTED). */
  how = NATIVE;

  constructor(leafTypes: readonly string[] = [], textTokens?: TextTokens) {
    this.#leaf = new Set(leafTypes);
    this.#ident = new Set(textTokens?.ident);
    this.#quoted = new Set(textTokens?.quoted);
    this.#text = textTokens !== undefined;
    this.#openEnded = new Set(textTokens?.openEnded);
    this.#delimited = textTokens?.delimited;
    this.dollar = textTokens?.dollar ?? false;
  }

  /** Builds the node for the cursor's current position and sets `leaf` and `how` for it. */
  node(cursor: Parser.TreeCursor): SyntaxNode {
    const id = cursor.nodeTypeId;
    let type = this.#names[id];
    if (type === undefined) {
      type = internalized(cursor.nodeType);
      const named = cursor.nodeIsNamed;
      this.#names[id] = type;
      this.#named[id] = named;
      this.#leafById[id] = !named || this.#leaf.has(type);
      this.#howById[id] = this.#how(type, named);
      this.#lastById[id] = this.#text && !this.#openEnded.has(type);
    }
    const leaf = this.#leafById[id]!;
    this.leaf = leaf;
    this.how = this.#howById[id]!;
    this.last = this.#lastById[id]!;
    // Leaves (over half the nodes) never get children: one shared empty list, no array each.
    return {
      type,
      named: this.#named[id]!,
      start: 0,
      end: 0,
      children: leaf ? NO_CHILDREN : [],
      missing: false,
    };
  }

  #how(type: string, named: boolean): number {
    if (!this.#text) return NATIVE;
    if (!named) return type === '' ? NATIVE : LITERAL;
    if (this.#ident.has(type)) return IDENT;
    if (this.#quoted.has(type)) return QUOTED;
    const d = this.#delimited;
    if (d === undefined) return NATIVE;
    return type === d.start ? OPEN : type === d.content ? CONTENT : type === d.end ? CLOSE : NATIVE;
  }
}

/**
 * The engine's own copy of `name`, as a property key holds it: the binding's type names are fresh
 * strings, and every `n.type === 'call'` in the walkers compares them character by character,
 * where two property-key strings compare by identity.
 */
function internalized(name: string): string {
  return Object.keys({ [name]: 0 })[0]!;
}

/**
 * Converts `tree` (parsed from `text`) to SyntaxNodes. Offsets of inner nodes come from their first
 * and last children (tree-sitter nodes span exactly their children); leaves of the kinds in the
 * table's TextTokens are read from the text in a tree without errors (see leafEnd), other leaves
 * cost two offset calls.
 */
export function toSyntaxTree(
  tree: Parser.Tree,
  text: string,
  symbols: SymbolTable,
  maxDepth: number,
  errors?: SyntaxNode[],
): SyntaxNode {
  // One root node for both (each `tree.rootNode` and `tree.walk()` builds a node object natively).
  const top = tree.rootNode;
  const checkMissing = top.hasError;
  const cursor = top.walk();
  // Error recovery can skip text: only an error-free tree is covered by its leaves and spaces.
  const fromText = !checkMissing;
  /**
   * In a tree with errors, the stack depth of the subtree being copied that has none (Infinity when
   * outside one): its leaves and spaces cover its text, so its plain tokens are read from the text
   * too (a file cut at the size cap ends in an error; every leaf native cost three calls each).
   */
  let cleanDepth = fromText ? 0 : Infinity;
  const root = symbols.node(cursor);
  const stack: SyntaxNode[] = [root];
  /** At an inner node outside such a subtree: enters it when the node's subtree has no error. */
  const enterClean = (): void => {
    const node = cursor.currentNode;
    if (node.hasError) return;
    cleanDepth = stack.length;
    // Its first leaf is read from where it starts.
    pos = node.startIndex;
  };
  /** End of the last leaf, in text order: where the next leaf's search starts. */
  let pos = 0;
  /** Quotes of the delimited strings open at this point (f-strings nest), innermost last. */
  const quotes: string[] = [];
  let leaf = symbols.leaf;
  let how = symbols.how;
  let last = symbols.last;
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
      how = symbols.how;
      last = symbols.last;
      if (errors !== undefined && checkMissing && child.type === 'ERROR') errors.push(child);
      if (!leaf && cleanDepth === Infinity) enterClean();
      continue;
    }
    // `current` has no children: find its offsets, then climb until a sibling exists.
    const end =
      how === NATIVE || (!fromText && (stack.length < cleanDepth || how >= OPEN))
        ? -1
        : how < OPEN
          ? leafEnd(text, skipSpace(text, pos), current.type, how, symbols)
          : piece(text, pos, how, quotes);
    if (end >= 0) {
      current.start = scanned;
      current.end = end;
    } else if (how === CONTENT && fromText) {
      // Content starts where the opening delimiter or an interpolation ended: one call for its end.
      current.start = pos;
      current.end = cursor.endIndex;
    } else {
      current.start = cursor.startIndex;
      current.end = cursor.endIndex;
      if (checkMissing && cursor.nodeIsMissing) {
        current.missing = true;
        errors?.push(current);
      }
      // An opening delimiter read natively still tells the closing one's quotes.
      if (how === OPEN && fromText)
        quotes.push(text.slice(current.start, current.end).replace(/^[A-Za-z]*/, ''));
    }
    pos = current.end;
    // Only space left: no sibling or ancestor's sibling follows (a failed move and a climb per
    // level, 2 of a snippet's ~125 native calls per level of its last leaf).
    if (fromText && last && skipSpace(text, pos) === text.length) {
      stack.pop();
      for (let i = stack.length - 1; i >= 0; i--) {
        const parent = stack[i]!;
        parent.start = parent.children[0]!.start;
        parent.end = parent.children[parent.children.length - 1]!.end;
      }
      return root;
    }
    for (;;) {
      stack.pop();
      if (stack.length === 0) return root;
      if (stack.length < cleanDepth) cleanDepth = Infinity;
      if (cursor.gotoNextSibling()) {
        const sibling = symbols.node(cursor);
        stack[stack.length - 1]!.children.push(sibling);
        stack.push(sibling);
        leaf = symbols.leaf;
        how = symbols.how;
        last = symbols.last;
        if (errors !== undefined && checkMissing && sibling.type === 'ERROR') errors.push(sibling);
        if (!leaf && cleanDepth === Infinity) enterClean();
        break;
      }
      cursor.gotoParent();
      const parent = stack[stack.length - 1]!;
      parent.start = parent.children[0]!.start;
      parent.end = parent.children[parent.children.length - 1]!.end;
    }
  }
}

/** Where the leaf leafEnd last read starts (a module slot: no pair object per leaf). */
let scanned = 0;

/** The first offset from `i` that is not ASCII white space (the grammars' extras between tokens). */
function skipSpace(text: string, i: number): number {
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c !== 32 && (c < 9 || c > 13)) break;
    i++;
  }
  return i;
}

/**
 * The end of a leaf that starts at `at`, the first non-space character after the previous leaf,
 * read from the text; -1 when the text there is not plainly that token (the native offsets then).
 * Exact for an error-free tree: its leaves and the space between them cover the whole text, so
 * the next leaf starts at `at` unless a hidden token or an unusual extra (a BOM, a Unicode space)
 * sits there, and each check below fails on those.
 */
function leafEnd(text: string, at: number, type: string, how: number, symbols: SymbolTable): number {
  scanned = at;
  if (how === LITERAL) return text.startsWith(type, at) ? at + type.length : -1;
  if (how === IDENT) {
    if (at >= text.length || !identChar(text.charCodeAt(at), symbols.dollar, false)) return -1;
    let i = at + 1;
    while (i < text.length && identChar(text.charCodeAt(i), symbols.dollar, true)) i++;
    // Non-ASCII identifier characters and `\u` escapes: the native offsets.
    if (i < text.length) {
      const c = text.charCodeAt(i);
      if (c > 127 || c === 92) return -1;
    }
    return i;
  }
  // QUOTED: up to the same unescaped quote; a line break or the end of the text is left native.
  const q = text.charCodeAt(at);
  if (q !== 34 && q !== 39) return -1;
  for (let i = at + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === q) return i + 1;
    if (c === 92) i++;
    else if (c === 10 || c === 13) return -1;
  }
  return -1;
}

/**
 * The end of a delimited string's opening or closing leaf (TextTokens.delimited), -1 when the text
 * is not plainly that (the native offsets then). An opening is up to three prefix letters and one
 * quote or three of the same (`''` followed by something else opens with one quote, as the
 * scanner reads it); a closing repeats the quotes of the innermost open string, right at `pos`.
 */
function piece(text: string, pos: number, how: number, quotes: string[]): number {
  if (how === CLOSE) {
    scanned = pos;
    const q = quotes.pop();
    return q !== undefined && text.startsWith(q, pos) ? pos + q.length : -1;
  }
  if (how !== OPEN) return -1;
  const at = skipSpace(text, pos);
  scanned = at;
  let k = at;
  while (k < text.length && k - at < 3 && identChar(text.charCodeAt(k), false, false)) k++;
  const c = text.charCodeAt(k);
  if (c !== 34 && c !== 39) return -1;
  const q = text[k]!;
  const triple = text.startsWith(q + q + q, k) ? q + q + q : q;
  quotes.push(triple);
  return k + triple.length;
}

/** An ASCII identifier character: letters, `_`, `$` where `dollar`, digits after the first. */
function identChar(c: number, dollar: boolean, digits: boolean): boolean {
  return (
    (c >= 97 && c <= 122) ||
    (c >= 65 && c <= 90) ||
    c === 95 ||
    (dollar && c === 36) ||
    (digits && c >= 48 && c <= 57)
  );
}
