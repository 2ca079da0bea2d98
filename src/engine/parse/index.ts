/**
 * Parser instances per runtime, created once and reused by every evaluation: the grammars in
 * EAGER_GRAMMARS and the SQL parser by `loadParsers()` (what `createEngine` awaits), the other
 * grammars synchronously on first use. `parseSyntax` turns text into a bounded plain-object syntax tree.
 */
import Parser from 'tree-sitter';
import { AgentGuardError } from '../../errors.js';
import type { Runtime } from '../types.js';
import { EAGER_GRAMMARS, GRAMMARS, LEAF_TYPES, TEXT_TOKENS } from './grammars.js';
import { nativeSection } from './native-section.js';
import { loadSqlParser } from './sql.js';
import { SymbolTable, toSyntaxTree, type SyntaxNode } from './syntax-tree.js';

export type { SyntaxNode } from './syntax-tree.js';

/**
 * Deepest syntax tree the engine walks. Real commands stay far below (a `$(...)` level costs about
 * three); the bound keeps every later recursive walk well inside the JavaScript stack.
 */
export const MAX_TREE_DEPTH = 400;

interface Loaded {
  readonly parser: Parser;
  readonly symbols: SymbolTable;
}

const parsers = new Map<Runtime, Loaded>();

/** Creates the parser for `runtime` from its grammar; AG_ERR_ENGINE_PARSER_LOAD when that fails. */
function load(runtime: Runtime): Loaded {
  const grammar = GRAMMARS[runtime];
  if (grammar === undefined) {
    throw new AgentGuardError('AG_ERR_ENGINE_PARSER_LOAD', {
      runtime,
      reason: 'no tree-sitter grammar for this runtime',
    });
  }
  try {
    const parser = new Parser();
    parser.setLanguage(grammar() as Parser.Language);
    const entry = { parser, symbols: new SymbolTable(LEAF_TYPES[runtime], TEXT_TOKENS[runtime]) };
    parsers.set(runtime, entry);
    return entry;
  } catch (err) {
    throw new AgentGuardError(
      'AG_ERR_ENGINE_PARSER_LOAD',
      { runtime, reason: err instanceof Error ? err.message : String(err) },
      { cause: err },
    );
  }
}

let loading: Promise<void> | undefined;

/**
 * Loads the SQL parser (libpg-query's WASM module: it only loads asynchronously) and the grammars
 * in EAGER_GRAMMARS; the other grammars and node-sql-parser load on first use. Later calls return
 * the same promise.
 */
export function loadParsers(): Promise<void> {
  loading ??= (async () => {
    await loadSqlParser();
    for (const runtime of EAGER_GRAMMARS) if (!parsers.has(runtime)) load(runtime);
  })();
  loading.catch(() => {
    loading = undefined; // a failed load can be retried
  });
  return loading;
}

/** True when a tree-sitter parser for `runtime` is loaded (it may still load on first use). */
export function hasParser(runtime: Runtime): boolean {
  return parsers.has(runtime);
}

/** The shared parser for `runtime`, loaded now if it is not yet; AG_ERR_ENGINE_PARSER_LOAD when it cannot be. */
export function getParser(runtime: Runtime): Parser {
  return loaded(runtime).parser;
}

function loaded(runtime: Runtime): Loaded {
  return parsers.get(runtime) ?? load(runtime);
}

/** Most UTF-16 units the parser's input buffer holds (the binding's default; longer text comes in chunks). */
const MAX_READ_BUFFER = 32 * 1024;

/**
 * The native parse of `text`. The read buffer is sized to the text: the binding otherwise allocates
 * and zero-fills 64 KB per parse, a fifth of the parse's cost for a one-line snippet (+1: the copy
 * into it keeps a unit for a terminating NUL).
 */
function parseTree(parser: Parser, text: string): Parser.Tree {
  return parser.parse(text, null, { bufferSize: Math.min(text.length + 1, MAX_READ_BUFFER) });
}

/**
 * Parses `text` and copies the tree into plain objects (depth-bounded, see MAX_TREE_DEPTH). Both run
 * inside the thread's native section: the copy is native calls too.
 */
export function parseSyntax(runtime: Runtime, text: string, maxTreeDepth = MAX_TREE_DEPTH): SyntaxNode {
  return inNative(() => {
    const { parser, symbols } = loaded(runtime);
    return toSyntaxTree(parseTree(parser, text), text, symbols, maxTreeDepth);
  });
}

/**
 * Runs `work` inside the thread's native section. A grammar's first load (its addon's init,
 * `setLanguage`) is native work too, so it sits inside as well.
 */
function inNative<T>(work: () => T): T {
  const section = nativeSection();
  section.enter();
  try {
    return work();
  } finally {
    section.leave();
  }
}

/**
 * Like parseSyntax, and also lists the parts that did not parse: ERROR nodes (outermost only) and
 * MISSING tokens the parser invented, in text order.
 */
export function parseSyntaxWithErrors(
  runtime: Runtime,
  text: string,
  maxTreeDepth = MAX_TREE_DEPTH,
): { root: SyntaxNode; errors: SyntaxNode[] } {
  const found: SyntaxNode[] = [];
  const root = inNative(() => {
    const { parser, symbols } = loaded(runtime);
    return toSyntaxTree(parseTree(parser, text), text, symbols, maxTreeDepth, found);
  });
  const errors: SyntaxNode[] = [];
  for (const node of found) {
    const outer = errors[errors.length - 1];
    if (outer !== undefined && node.start >= outer.start && node.end <= outer.end && outer.type === 'ERROR')
      continue;
    errors.push(node);
  }
  return { root, errors };
}

/** Text of a node. */
export function nodeText(text: string, node: SyntaxNode): string {
  return text.slice(node.start, node.end);
}
