/**
 * The bash extractor: parses with tree-sitter-bash (loaded by loadParsers) and walks the tree once
 * (./bash/walker.ts) to produce facts; program-specific meaning lives in ./programs.
 */
import type { Fact } from '../facts.js';
import { parseSyntax } from '../parse/index.js';
import { BashWalker } from './bash/walker.js';
import { FactSink } from './bash/sink.js';
import type { ExtractContext, Extractor } from './types.js';

export const bashExtractor: Extractor = {
  runtime: 'bash',
  extract(text: string, ctx: ExtractContext): readonly Fact[] {
    const sink = new FactSink(ctx);
    if (text.trim() === '') return sink.facts;
    const root = parseSyntax('bash', text);
    new BashWalker(text, sink).walk(root);
    return sink.facts;
  },
};
