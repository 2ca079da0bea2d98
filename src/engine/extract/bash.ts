/**
 * The bash extractor: parses with tree-sitter-bash (loaded by loadParsers) and walks the tree once
 * (./bash/walker.ts) to produce facts; program-specific meaning lives in ./programs.
 */
import type { Fact } from '../facts.js';
import { parseBashFast } from '../parse/bash-fast.js';
import { parseSyntaxWithErrors, type SyntaxNode } from '../parse/index.js';
import { BashWalker } from './bash/walker.js';
import { FactSink } from './bash/sink.js';
import type { ExtractContext, Extractor } from './types.js';

export const bashExtractor: Extractor = {
  runtime: 'bash',
  extract(text: string, ctx: ExtractContext): readonly Fact[] {
    const sink = new FactSink(ctx);
    if (text.trim() === '') return sink.facts;
    // Plain lines (most of what agents run) skip the native parse; the tree is the same.
    const fast = parseBashFast(text);
    if (fast !== null) {
      new BashWalker(text, sink).walk(fast);
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

/** The top-level statement holding `offset` (a MISSING token has no width of its own). */
function statementAround(root: SyntaxNode, offset: number): { start: number; end: number } {
  for (const child of root.children) if (child.start <= offset && offset <= child.end) return child;
  return { start: 0, end: root.end };
}
