/**
 * OpenAI-shaped requests (also any OpenAI-compatible server: vLLM, Ollama, LiteLLM): chat
 * completions (string and content-part messages, tool messages, assistant tool-call arguments),
 * the Responses API (`input`, `instructions`), legacy completions (`prompt`) and embeddings (`input`).
 */
import { scrubPromptBody, type WalkSpec } from './prompt-walker.js';
import { inspectsJsonBodies, type RequestAdapter } from './types.js';

export const OPENAI_SPEC: WalkSpec = {
  roots: ['messages', 'input', 'instructions', 'prompt'],
  // content: message text or parts; text: a part; refusal: an assistant refusal in history;
  // arguments: tool-call arguments (JSON text); output: Responses API function_call_output;
  // input: embeddings/moderations input, Responses custom tool input; summary text is under `text`.
  textKeys: new Set(['content', 'text', 'refusal', 'arguments', 'output', 'input', 'instructions', 'prompt']),
};

export const openaiAdapter: RequestAdapter = {
  name: 'openai',
  proposals: 'openai',
  inspects: inspectsJsonBodies,
  inspect(body, ctx) {
    const next = scrubPromptBody(body, OPENAI_SPEC, ctx.scrub);
    return next === body ? { kind: 'forward' } : { kind: 'forward', body: next };
  },
};
