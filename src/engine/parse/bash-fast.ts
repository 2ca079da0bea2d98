/**
 * A fast path for the plainest bash lines (`git status`, `npm run build`, `grep -rn "x" src | wc -l`):
 * builds exactly the tree tree-sitter-bash would, without the native parse (about 15 µs of the
 * 35 µs budget). Anything outside a deliberately small subset returns null and goes to tree-sitter;
 * test/engine/parse/bash-fast.test.ts checks the trees are identical on every line it accepts.
 *
 * Accepted: words of [A-Za-z0-9_-./:=@,+%^~] (no `=` in the command name, no leading `~` issues),
 * '...' without newlines, "..." without $ ` \ ! or newlines, concatenations of these, and the
 * operators `|`, `&&`, `||`, `;` between simple commands. No redirections, expansions, globs,
 * braces, comments, keywords or assignments.
 */
import type { SyntaxNode } from './syntax-tree.js';

/** Command names tree-sitter-bash treats as syntax, not as a command_name. */
const KEYWORDS = new Set([
  'if',
  'then',
  'else',
  'elif',
  'fi',
  'case',
  'esac',
  'for',
  'select',
  'while',
  'until',
  'do',
  'done',
  'function',
  'in',
  'time',
  'coproc',
  'declare',
  'typeset',
  'export',
  'readonly',
  'local',
  'unset',
  'unsetenv',
  '[',
  '[[',
  ']]',
  '!',
  '{',
  '}',
]);

/** Characters allowed in unquoted words: 1 = yes. */
const WORD = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-./:=@,+%^~')
  WORD[c.charCodeAt(0)] = 1;

function node(
  type: string,
  named: boolean,
  start: number,
  end: number,
  children: SyntaxNode[] = [],
): SyntaxNode {
  return { type, named, start, end, children, missing: false };
}

const MAX_FAST_LENGTH = 512;

/** The tree-sitter-bash tree of `text`, or null when the line is outside the fast subset. */
export function parseBashFast(text: string): SyntaxNode | null {
  const n = text.length;
  if (n === 0 || n > MAX_FAST_LENGTH) return null;
  let i = 0;

  const skipBlanks = (): void => {
    while (i < n && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
  };

  /** One word: pieces of unquoted text, '...', "..."; null when unsupported. */
  const word = (): SyntaxNode | null => {
    const start = i;
    const pieces: SyntaxNode[] = [];
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 39 /* ' */) {
        const close = text.indexOf("'", i + 1);
        if (close === -1) return null;
        for (let k = i + 1; k < close; k++) if (text.charCodeAt(k) === 10) return null;
        pieces.push(node('raw_string', true, i, close + 1));
        i = close + 1;
      } else if (c === 34 /* " */) {
        const open = i;
        let k = i + 1;
        for (; k < n; k++) {
          const d = text.charCodeAt(k);
          if (d === 34) break;
          if (
            d === 36 /* $ */ ||
            d === 96 /* ` */ ||
            d === 92 /* \ */ ||
            d === 33 /* ! */ ||
            d === 10 ||
            d === 13
          )
            return null;
        }
        if (k >= n) return null;
        const kids = [node('"', false, open, open + 1)];
        let blank = true;
        for (let b = open + 1; b < k; b++)
          if (text.charCodeAt(b) !== 32 && text.charCodeAt(b) !== 9) blank = false;
        // tree-sitter-bash folds blank-only content into the closing quote token.
        if (blank) kids.push(node('"', false, open + 1, k + 1));
        else {
          kids.push(node('string_content', true, open + 1, k));
          kids.push(node('"', false, k, k + 1));
        }
        pieces.push(node('string', true, open, k + 1, kids));
        i = k + 1;
      } else if (c < 128 && WORD[c] === 1) {
        const s = i;
        while (i < n) {
          const d = text.charCodeAt(i);
          if (d >= 128 || WORD[d] !== 1) break;
          i++;
        }
        pieces.push(node('word', true, s, i));
      } else break;
    }
    if (pieces.length === 0) return null;
    // A following character that is neither a blank nor an operator is outside the subset.
    if (i < n) {
      const c = text.charCodeAt(i);
      if (c !== 32 && c !== 9 && c !== 124 /* | */ && c !== 38 /* & */ && c !== 59 /* ; */) return null;
    }
    if (pieces.length === 1) {
      const only = pieces[0]!;
      if (only.type === 'word') return classify(text, only);
      return only;
    }
    for (const p of pieces) {
      // Digits inside a concatenation, and `~` not at the start, are not worth the risk of mismatch.
      if (
        p.type === 'word' &&
        (isNumber(text, p.start, p.end) || (p.start !== start && text.charCodeAt(p.start) === 126))
      ) {
        return null;
      }
    }
    return node('concatenation', true, start, i, pieces);
  };

  const command = (): SyntaxNode | null => {
    skipBlanks();
    const first = word();
    if (first === null || first.type !== 'word') return null;
    const name = text.slice(first.start, first.end);
    if (KEYWORDS.has(name) || name.includes('=')) return null;
    const children: SyntaxNode[] = [node('command_name', true, first.start, first.end, [first])];
    for (;;) {
      skipBlanks();
      if (i >= n) break;
      const c = text.charCodeAt(i);
      if (c === 124 || c === 38 || c === 59) break;
      const arg = word();
      if (arg === null) return null;
      children.push(arg);
    }
    const last = children[children.length - 1]!;
    return node('command', true, first.start, last.end, children);
  };

  const pipeline = (): SyntaxNode | null => {
    const first = command();
    if (first === null) return null;
    const parts: SyntaxNode[] = [first];
    for (;;) {
      skipBlanks();
      if (i < n && text.charCodeAt(i) === 124 && text.charCodeAt(i + 1) !== 124) {
        if (text.charCodeAt(i + 1) === 38) return null; // |&
        parts.push(node('|', false, i, i + 1));
        i++;
        const next = command();
        if (next === null) return null;
        parts.push(next);
      } else break;
    }
    if (parts.length === 1) return first;
    return node('pipeline', true, first.start, parts[parts.length - 1]!.end, parts);
  };

  const andOr = (): SyntaxNode | null => {
    let left = pipeline();
    if (left === null) return null;
    for (;;) {
      skipBlanks();
      const c = text.charCodeAt(i);
      const op =
        c === 38 && text.charCodeAt(i + 1) === 38
          ? '&&'
          : c === 124 && text.charCodeAt(i + 1) === 124
            ? '||'
            : '';
      if (op === '') break;
      const opNode = node(op, false, i, i + 2);
      i += 2;
      const right = pipeline();
      if (right === null) return null;
      left = node('list', true, left.start, right.end, [left, opNode, right]);
    }
    return left;
  };

  const children: SyntaxNode[] = [];
  for (;;) {
    const stmt = andOr();
    if (stmt === null) return null;
    children.push(stmt);
    skipBlanks();
    if (i >= n) break;
    if (text.charCodeAt(i) !== 59) return null; // a lone & (background) or anything else
    children.push(node(';', false, i, i + 1));
    i++;
    skipBlanks();
    if (i >= n) break;
  }
  return node('program', true, children[0]!.start, children[children.length - 1]!.end, children);
}

function isNumber(text: string, start: number, end: number): boolean {
  let k = start;
  if (text.charCodeAt(k) === 45 /* - */) k++;
  if (k >= end) return false;
  for (; k < end; k++) {
    const c = text.charCodeAt(k);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** An unquoted word of digits (optionally negative) is tree-sitter-bash's `number`. */
function classify(text: string, w: SyntaxNode): SyntaxNode {
  return isNumber(text, w.start, w.end) ? { ...w, type: 'number' } : w;
}
