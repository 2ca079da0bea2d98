/**
 * The tree-sitter grammars the engine can load, one line per runtime; adding a language is one more
 * line (python, node -> javascript ...). Grammars are CommonJS native modules, required
 * synchronously: those in EAGER_GRAMMARS by `loadParsers()` at start, the others on their first use.
 */
import { createRequire } from 'node:module';
import type { Runtime } from '../types.js';
import type { TextTokens } from './syntax-tree.js';

const require = createRequire(import.meta.url);

/** Loads a grammar module's language object (the CommonJS export of a tree-sitter-* package). */
export type GrammarLoader = () => unknown;

export const GRAMMARS: Partial<Record<Runtime, GrammarLoader>> = {
  bash: () => require('tree-sitter-bash') as unknown,
  python: () => require('tree-sitter-python') as unknown,
  node: () => require('tree-sitter-javascript') as unknown, // TypeScript parses as JavaScript where it can
};

/**
 * Loaded at start: bash is what nearly every deployment evaluates. Python and JavaScript (a few MB
 * resident each) wait for the first snippet in their runtime.
 */
export const EAGER_GRAMMARS: readonly Runtime[] = ['bash'];

/**
 * Token types of each grammar that never have children: the tree walk reads their offsets without
 * asking the native side for children first (one fewer native call per leaf). Optional per runtime.
 */
export const LEAF_TYPES: Partial<Record<Runtime, readonly string[]>> = {
  bash: [
    'word',
    'number',
    'raw_string',
    'string_content',
    'variable_name',
    'special_variable_name',
    'file_descriptor',
    'heredoc_start',
    'heredoc_end',
    'heredoc_content',
    'comment',
    'test_operator',
    'ansi_c_string',
    'regex',
    'extglob_pattern',
  ],
  python: [
    'identifier',
    'integer',
    'float',
    'string_start',
    'string_content',
    'string_end',
    'escape_sequence',
    'comment',
    'type_conversion',
    'format_specifier',
    'true',
    'false',
    'none',
    'ellipsis',
    'pass_statement',
    'break_statement',
    'continue_statement',
    'line_continuation',
    'wildcard_import',
  ],
  node: [
    'identifier',
    'property_identifier',
    'shorthand_property_identifier',
    'shorthand_property_identifier_pattern',
    'private_property_identifier',
    'statement_identifier',
    'string_fragment',
    'escape_sequence',
    'number',
    'regex',
    'comment',
    'hash_bang_line',
    'string', // decoded from its source text by the node extractor
    'true',
    'false',
    'null',
    'undefined',
    'this',
    'super',
    'empty_statement',
    'continue_statement',
    'debugger_statement',
  ],
};

/**
 * Leaves whose offsets the tree copy reads from the text (syntax-tree.ts TextTokens), per runtime;
 * a runtime without an entry (bash: words, concatenations and hidden tokens) asks the parser for all.
 * Only types whose text is exactly one identifier-character run or one quoted string belong here.
 */
export const TEXT_TOKENS: Partial<Record<Runtime, TextTokens>> = {
  python: {
    ident: ['identifier', 'true', 'false', 'none', 'pass_statement', 'break_statement', 'continue_statement'],
    dollar: false,
    quoted: [],
    delimited: { start: 'string_start', content: 'string_content', end: 'string_end' },
    // `if x:` / `match x:` ending the text: the suite is the newline aliased as an empty block.
    openEnded: [':', 'comment'],
  },
  node: {
    ident: [
      'identifier',
      'property_identifier',
      'shorthand_property_identifier',
      'shorthand_property_identifier_pattern',
      'statement_identifier',
      'true',
      'false',
      'null',
      'undefined',
      'this',
      'super',
    ],
    dollar: true,
    quoted: ['string'],
  },
};
