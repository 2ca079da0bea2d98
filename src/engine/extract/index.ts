/**
 * Which extractor handles which runtime: one line per runtime. A runtime without a line here is
 * not silently allowed: analyze() turns its whole text into an UnparsedFact.
 */
import type { Runtime } from '../types.js';
import { bashExtractor } from './bash.js';
import { dockerExtractor } from './docker.js';
import { nodeExtractor } from './node.js';
import { pythonExtractor } from './python.js';
import { sqlExtractor } from './sql.js';
import type { Extractor } from './types.js';

export const EXTRACTORS: Partial<Record<Runtime, Extractor>> = {
  bash: bashExtractor,
  python: pythonExtractor,
  node: nodeExtractor,
  sql: sqlExtractor,
  docker: dockerExtractor,
};
