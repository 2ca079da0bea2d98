/**
 * OpenAI-shaped requests (also any OpenAI-compatible server: vLLM, Ollama, LiteLLM): every string
 * the model sees or the provider stores is scrubbed (chat messages, names, tool descriptions and
 * schemas, `user`, `metadata`, `response_format`, Responses API `instructions` and every input item
 * type, legacy `prompt`, embeddings `input`, and unknown fields). The table is in docs/proxy.md.
 */
import { scrubPromptBody, type WalkSpec } from './prompt-walker.js';
import { PROMPT_BODIES, type RequestAdapter } from './types.js';

export const OPENAI_SPEC: WalkSpec = {
  // Reasoning items carry the provider's encrypted state: changing a byte breaks the next turn.
  keepKeys: new Set(['encrypted_content']),
  // Chat tool_calls[].function.arguments, legacy function_call.arguments, Responses function_call.
  jsonTextKeys: new Set(['arguments']),
  keepTypes: new Set(),
};

export const openaiAdapter: RequestAdapter = {
  name: 'openai',
  proposals: 'openai',
  bodies: PROMPT_BODIES,
  inspect(body, ctx) {
    const next = scrubPromptBody(body, OPENAI_SPEC, ctx.scrub);
    return next === body ? { kind: 'forward' } : { kind: 'forward', body: next };
  },
};
