/**
 * Anthropic Messages API requests: `system` (string or text blocks) and every message's text,
 * tool_result (string or blocks) and tool_use input in the history, plus plain-text documents.
 * Thinking blocks are left alone: they carry a signature over their exact text.
 */
import { scrubPromptBody, type WalkSpec } from './prompt-walker.js';
import { inspectsJsonBodies, type RequestAdapter } from './types.js';

export const ANTHROPIC_SPEC: WalkSpec = {
  // `prompt` is the legacy /v1/complete text.
  roots: ['system', 'messages', 'prompt'],
  textKeys: new Set(['system', 'content', 'text', 'prompt']),
};

export const anthropicAdapter: RequestAdapter = {
  name: 'anthropic',
  proposals: 'anthropic',
  inspects: inspectsJsonBodies,
  inspect(body, ctx) {
    const next = scrubPromptBody(body, ANTHROPIC_SPEC, ctx.scrub);
    return next === body ? { kind: 'forward' } : { kind: 'forward', body: next };
  },
};
