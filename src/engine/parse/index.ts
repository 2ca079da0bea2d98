/**
 * Parser instances per runtime, created once and reused by every evaluation: the grammars in
 * EAGER_GRAMMARS and the PostgreSQL parser by `loadParsers()` (what `createEngine` awaits), the other
 * grammars synchronously on first use. `parseSyntax` turns text into a bounded plain-object syntax tree.
 */
import Parser from 'tree-sitter';
import { AgentGuardError } from '../../errors.js';
import type { Runtime } from '../types.js';
import { EAGER_GRAMMARS, GRAMMARS, LEAF_TYPES } from './grammars.js';
import { ensureSqlParser } from './sql.js';
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
    const entry = { parser, symbols: new SymbolTable(LEAF_TYPES[runtime]) };
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

/**
 * Loads the grammars in EAGER_GRAMMARS and libpg-query (the other grammars and node-sql-parser load
 * on first use). libpg-query could wait for the first statement too, but with it instantiated at
 * start the sidecar's peak RSS under the proxy benchmark's 16 KB POST load measured about 45 MB
 * lower (docs/performance.md, "Proxy"), for about 5 MB more at idle. Async for callers that await it
 * before building an engine; loading twice is free.
 */
export function loadParsers(): Promise<void> {
  try {
    ensureSqlParser();
    for (const runtime of EAGER_GRAMMARS) if (!parsers.has(runtime)) load(runtime);
    return Promise.resolve();
  } catch (err) {
    return Promise.reject(err instanceof Error ? err : new Error(String(err)));
  }
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

/** Parses `text` and copies the tree into plain objects (depth-bounded, see MAX_TREE_DEPTH). */
export function parseSyntax(runtime: Runtime, text: string, maxTreeDepth = MAX_TREE_DEPTH): SyntaxNode {
  const { parser, symbols } = loaded(runtime);
  return toSyntaxTree(parser.parse(text), symbols, maxTreeDepth);
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
  const { parser, symbols } = loaded(runtime);
  const found: SyntaxNode[] = [];
  const root = toSyntaxTree(parser.parse(text), symbols, maxTreeDepth, found);
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
