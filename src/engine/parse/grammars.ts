/**
 * The tree-sitter grammars the engine can load, one line per runtime. A runtime listed here gets a
 * parser from `loadParsers()`; adding a language is one more line (python, node -> javascript ...).
 */
import type { Runtime } from '../types.js';

/** Loads a grammar module's language object (CommonJS default export of a tree-sitter-* package). */
export type GrammarLoader = () => Promise<unknown>;

export const GRAMMARS: Partial<Record<Runtime, GrammarLoader>> = {
  bash: async () => (await import('tree-sitter-bash')).default,
  python: async () => (await import('tree-sitter-python')).default,
  node: async () => (await import('tree-sitter-javascript')).default, // TypeScript parses as JavaScript where it can
};

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
