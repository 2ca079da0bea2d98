/**
 * Parser instances per runtime, created once by `loadParsers()` (what `createGuard` awaits) and
 * reused by every evaluation; `parseSyntax` turns text into a bounded plain-object syntax tree.
 */
import Parser from 'tree-sitter';
import { AgentGuardError } from '../../errors.js';
import type { Runtime } from '../types.js';
import { GRAMMARS, LEAF_TYPES } from './grammars.js';
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
let loading: Promise<void> | undefined;

/** Loads every grammar in GRAMMARS once; later calls return the same promise. */
export function loadParsers(): Promise<void> {
  loading ??= (async () => {
    await loadSqlParser(); // libpg-query WASM + node-sql-parser MySQL/SQLite (SQL-DOCKER)
    for (const [runtime, load] of Object.entries(GRAMMARS) as [Runtime, () => Promise<unknown>][]) {
      if (parsers.has(runtime)) continue;
      try {
        const parser = new Parser();
        parser.setLanguage((await load()) as Parser.Language);
        parsers.set(runtime, { parser, symbols: new SymbolTable(LEAF_TYPES[runtime]) });
      } catch (err) {
        throw new AgentGuardError(
          'AG_ERR_ENGINE_PARSER_LOAD',
          { runtime, reason: err instanceof Error ? err.message : String(err) },
          { cause: err },
        );
      }
    }
  })();
  loading.catch(() => {
    loading = undefined; // a failed load can be retried
  });
  return loading;
}

/** True when a tree-sitter parser for `runtime` is loaded. */
export function hasParser(runtime: Runtime): boolean {
  return parsers.has(runtime);
}

/** The shared parser for `runtime`; AG_ERR_ENGINE_PARSER_LOAD when `loadParsers()` has not run. */
export function getParser(runtime: Runtime): Parser {
  return loaded(runtime).parser;
}

function loaded(runtime: Runtime): Loaded {
  const entry = parsers.get(runtime);
  if (entry === undefined) {
    throw new AgentGuardError('AG_ERR_ENGINE_PARSER_LOAD', {
      runtime,
      reason: GRAMMARS[runtime]
        ? 'loadParsers() has not completed'
        : 'no tree-sitter grammar for this runtime',
    });
  }
  return entry;
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
