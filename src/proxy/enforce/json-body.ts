/**
 * Enforcement on a complete (non-streaming) provider response: every proposed tool call is judged;
 * a denied one is removed and the model's turn gains the refusal text in its place, allowed ones
 * stay unchanged and in order, and the finish/stop reason says what remains. The input object is
 * never modified; the same reference comes back when nothing was denied.
 */
import {
  anthropicBlockCall,
  chatFunctionCall,
  chatToolCall,
  isObject,
  responsesItemCall,
  type ProviderName,
} from './calls.js';
import type { Judge } from './refusal.js';

/** A Responses API message item carrying the refusal (the id is derived from the call it replaces). */
export function refusalMessageItem(id: string, text: string, status = 'completed'): Record<string, unknown> {
  return {
    id,
    type: 'message',
    status,
    role: 'assistant',
    content: status === 'completed' ? [{ type: 'output_text', text, annotations: [] }] : [],
  };
}

export function refusalItemId(original: unknown, position: number): string {
  const base = typeof original === 'string' && original !== '' ? original : String(position);
  return `msg_agentguard_${base.replace(/[^A-Za-z0-9_-]/g, '')}`;
}

/** Result block types of Anthropic server tools: dropped with the server call they answer. */
function isServerResult(block: Record<string, unknown>): boolean {
  return (
    typeof block.type === 'string' &&
    block.type.endsWith('_tool_result') &&
    typeof block.tool_use_id === 'string'
  );
}

async function anthropicBody(body: Record<string, unknown>, judge: Judge): Promise<Record<string, unknown>> {
  if (!Array.isArray(body.content)) return body;
  const content: unknown[] = [];
  const deniedIds = new Set<string>();
  let changed = false;
  let clientCalls = 0;
  for (const block of body.content as unknown[]) {
    if (isObject(block) && isServerResult(block) && deniedIds.has(block.tool_use_id as string)) {
      changed = true;
      continue;
    }
    const call = anthropicBlockCall(block);
    if (!call) {
      content.push(block);
      continue;
    }
    const refusal = await judge(call);
    if (refusal === null) {
      if (call.kind === 'tool_use') clientCalls++;
      content.push(block);
      continue;
    }
    changed = true;
    if (call.id !== undefined) deniedIds.add(call.id);
    content.push({ type: 'text', text: refusal.text });
  }
  if (!changed) return body;
  const out: Record<string, unknown> = { ...body, content };
  if (body.stop_reason === 'tool_use' && clientCalls === 0) out.stop_reason = 'end_turn';
  return out;
}

async function chatChoice(choice: unknown, judge: Judge): Promise<unknown> {
  if (!isObject(choice) || !isObject(choice.message)) return choice;
  const message = choice.message;
  const texts: string[] = [];
  let kept: unknown[] | undefined;
  if (Array.isArray(message.tool_calls)) {
    kept = [];
    for (const entry of message.tool_calls as unknown[]) {
      const call = chatToolCall(entry);
      const refusal = call ? await judge(call) : null;
      if (refusal === null) kept.push(entry);
      else texts.push(refusal.text);
    }
  }
  let legacyDenied = false;
  if (isObject(message.function_call)) {
    const call = chatFunctionCall(message.function_call);
    const refusal = call ? await judge(call) : null;
    if (refusal !== null) {
      texts.push(refusal.text);
      legacyDenied = true;
    }
  }
  if (texts.length === 0) return choice;
  const next: Record<string, unknown> = { ...message };
  const prior = typeof message.content === 'string' && message.content !== '' ? `${message.content}\n\n` : '';
  next.content = prior + texts.join('\n\n');
  if (kept !== undefined) {
    if (kept.length > 0) next.tool_calls = kept;
    else delete next.tool_calls;
  }
  if (legacyDenied) delete next.function_call;
  const remaining = (kept?.length ?? 0) + (isObject(next.function_call) ? 1 : 0);
  const out: Record<string, unknown> = { ...choice, message: next };
  if (remaining === 0 && (choice.finish_reason === 'tool_calls' || choice.finish_reason === 'function_call'))
    out.finish_reason = 'stop';
  return out;
}

async function openaiBody(body: Record<string, unknown>, judge: Judge): Promise<Record<string, unknown>> {
  let out = body;
  if (Array.isArray(body.choices)) {
    const choices: unknown[] = [];
    let changed = false;
    for (const choice of body.choices as unknown[]) {
      const next = await chatChoice(choice, judge);
      changed ||= next !== choice;
      choices.push(next);
    }
    if (changed) out = { ...out, choices };
  }
  if (Array.isArray(body.output)) {
    const output: unknown[] = [];
    let changed = false;
    for (const [i, item] of (body.output as unknown[]).entries()) {
      const call = responsesItemCall(item);
      const refusal = call ? await judge(call) : null;
      if (refusal === null) {
        output.push(item);
        continue;
      }
      changed = true;
      output.push(refusalMessageItem(refusalItemId(isObject(item) ? item.id : undefined, i), refusal.text));
    }
    if (changed) out = { ...out, output };
  }
  return out;
}

/** The body with denied calls replaced by refusal text (the same reference when none was denied). */
export function enforceOnBody(provider: ProviderName, body: unknown, judge: Judge): Promise<unknown> {
  if (!isObject(body)) return Promise.resolve(body);
  return provider === 'anthropic' ? anthropicBody(body, judge) : openaiBody(body, judge);
}
