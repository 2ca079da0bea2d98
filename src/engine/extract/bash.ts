/**
 * The bash extractor: parses with tree-sitter-bash (loaded by loadParsers) and walks the tree once
 * (./bash/walker.ts) to produce facts; program-specific meaning lives in ./programs.
 */
import type { Fact } from '../facts.js';
import { parseBashFast } from '../parse/bash-fast.js';
import { parseSyntaxWithErrors, type SyntaxNode } from '../parse/index.js';
import { BashWalker, STATEMENT_UNITS, WORD_UNITS } from './bash/walker.js';
import { joinContinuations } from './bash/continuations.js';
import { FactSink } from './bash/sink.js';
import type { ExtractContext, Extractor } from './types.js';

export const bashExtractor: Extractor = {
  runtime: 'bash',
  extract(input: string, ctx: ExtractContext): readonly Fact[] {
    const text = joinContinuations(input);
    const sink = new FactSink(ctx);
    if (text.trim() === '') return sink.facts;
    // Plain lines (most of what agents run) skip the native parse; the tree is the same.
    const fast = parseBashFast(text);
    if (fast !== null) {
      new BashWalker(text, sink).walk(fast);
      return sink.facts;
    }
    // The native parse takes seconds on a 250 KB pipeline (#21): an input with more statements
    // than the budget can walk is refused before it is parsed (deterministic: counted, not timed).
    if (workEstimate(text) > ctx.budget.remaining) {
      ctx.budget.spend(ctx.budget.remaining + 1, 'bash statements');
      return sink.facts;
    }
    const { root, errors } = parseSyntaxWithErrors('bash', text);
    // What did not parse is reported whole: the invariants deny when a risky token sits inside.
    for (const e of errors) {
      const at = e.missing ? statementAround(root, e.start) : e;
      sink.unparsed(text.slice(at.start, at.end), { start: at.start, end: at.end });
    }
    new BashWalker(text, sink).walk(root);
    return sink.facts;
  },
};

/** Units per character for the native parse itself (about 0.2-0.8 µs a byte on the 2-core machines). */
const CHAR_UNITS = 2;

/**
 * A lower bound on the work units parsing and walking `text` will cost: a statement per separator
 * (| ; & newline) and process substitution, a word per expansion, quote character or opening parenthesis, five per brace,
 * and CHAR_UNITS per character.
 */
function workEstimate(text: string): number {
  let statements = 1;
  let words = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 124 /* | */ || c === 59 /* ; */ || c === 38 /* & */ || c === 10 /* \n */) statements++;
    // `<(`/`>(` is a command list of its own: 200 KB of `tee >(cat)` held the parse and walk 1.4 s.
    else if (c === 40 /* ( */ && i > 0 && (text.charCodeAt(i - 1) === 60 || text.charCodeAt(i - 1) === 62))
      statements++;
    // `(` opens a subshell, substitution or arithmetic level: 256 KB of nested `$(echo ` took the
    // native parse 220 ms before it failed as too deep (issue 22).
    else if (c === 36 /* $ */ || c === 96 /* ` */ || c === 34 /* " */ || c === 40 /* ( */) words++;
    // Brace lists cost the native parser most (100 KB of `{a,b}` took 2 s): five words each.
    else if (c === 123 /* { */ || c === 125 /* } */) words += 5;
  }
  return statements * STATEMENT_UNITS + words * WORD_UNITS + text.length * CHAR_UNITS;
}

/** The top-level statement holding `offset` (a MISSING token has no width of its own). */
function statementAround(root: SyntaxNode, offset: number): { start: number; end: number } {
  for (const child of root.children) if (child.start <= offset && offset <= child.end) return child;
  return { start: 0, end: root.end };
}
