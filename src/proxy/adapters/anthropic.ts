/**
 * Anthropic Messages API requests: every string the model sees or the provider stores is scrubbed
 * (`system`, message blocks, tool_use input, tool_result content, plain-text documents, tool
 * descriptions and schemas, `metadata`, legacy `prompt`, unknown fields). Thinking blocks are kept
 * whole: their signature covers the exact text. The table is in docs/proxy.md.
 */
import { scrubPromptBody, type WalkSpec } from './prompt-walker.js';
import { PROMPT_BODIES, type RequestAdapter } from './types.js';

export const ANTHROPIC_SPEC: WalkSpec = {
  keepKeys: new Set(['signature']),
  jsonTextKeys: new Set(),
  keepTypes: new Set(['thinking', 'redacted_thinking']),
};

export const anthropicAdapter: RequestAdapter = {
  name: 'anthropic',
  proposals: 'anthropic',
  bodies: PROMPT_BODIES,
  inspect(body, ctx) {
    const next = scrubPromptBody(body, ANTHROPIC_SPEC, ctx.scrub);
    return next === body ? { kind: 'forward' } : { kind: 'forward', body: next };
  },
};
