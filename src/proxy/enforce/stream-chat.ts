/**
 * Enforcement on an OpenAI chat completions event stream (also OpenAI-compatible servers). Chunks
 * without tool-call deltas pass at once, byte for byte. A tool call's deltas are held until its
 * arguments are complete (their JSON closed, or the choice finished), then judged: released
 * unchanged (re-indexed when an earlier call was removed), or replaced by a content delta with the
 * refusal. The choice's finish_reason becomes "stop" when every call in it was denied. Deltas for
 * a call that arrive after its JSON closed cannot be valid JSON and are dropped.
 */
import { chatFunctionCall, chatToolCall, isObject, type ProposedCall } from './calls.js';
import { JsonCloseScanner } from './json-scanner.js';
import type { Judge } from './refusal.js';
import { frameText, type SseFrame } from './sse-frames.js';
import type { StreamEditor, StreamOut } from './stream.js';

interface Piece {
  /** The original event when it carried only this piece (released byte for byte). */
  readonly raw: string | null;
  readonly piece: Record<string, unknown>;
  /** The chunk's members other than choices (id, object, created, model, ...). */
  readonly envelope: Record<string, unknown>;
}

interface Call {
  readonly legacy: boolean;
  readonly originalIndex: number;
  readonly scanner: JsonCloseScanner;
  readonly pieces: Piece[];
  name: string;
  id: string | undefined;
  custom: boolean;
  args: string;
  chars: number;
  overflow: boolean;
  state: 'open' | 'allowed' | 'denied';
  outIndex: number;
}

interface Choice {
  readonly calls: Map<string, Call>;
  nextOut: number;
  allowed: number;
  denied: number;
  content: boolean;
  role: boolean;
}

const PURE_KEYS = new Set(['role', 'content', 'refusal', 'tool_calls']);

export function chatStreamEditor(judge: Judge, maxArgumentChars: number): StreamEditor {
  const choices = new Map<number, Choice>();
  const choiceOf = (index: number): Choice => {
    let c = choices.get(index);
    if (!c) {
      c = { calls: new Map(), nextOut: 0, allowed: 0, denied: 0, content: false, role: false };
      choices.set(index, c);
    }
    return c;
  };

  const chunk = (envelope: Record<string, unknown>, choice: Record<string, unknown>): string =>
    frameText('', JSON.stringify({ ...envelope, choices: [choice] }));

  const callOf = (call: Call): ProposedCall | null => {
    if (call.legacy) return chatFunctionCall({ name: call.name, arguments: call.args });
    const entry = call.custom
      ? { id: call.id, custom: { name: call.name, input: call.args } }
      : { id: call.id, function: { name: call.name, arguments: call.args } };
    return chatToolCall(entry);
  };

  const settle = async (
    index: number,
    choice: Choice,
    call: Call,
    out: StreamOut,
    truncated: boolean,
  ): Promise<void> => {
    const base = callOf(call);
    if (base === null) return;
    const proposed: ProposedCall = call.overflow
      ? { ...base, malformed: `its arguments exceed ${maxArgumentChars} characters` }
      : truncated
        ? { ...base, malformed: 'the stream ended before its arguments were complete' }
        : base;
    const refusal = await judge(proposed);
    if (refusal === null) {
      call.state = 'allowed';
      choice.allowed++;
      call.outIndex = call.legacy ? -1 : choice.nextOut++;
      for (const p of call.pieces) {
        if (call.legacy || call.outIndex === call.originalIndex) {
          if (p.raw !== null) {
            out(p.raw);
            continue;
          }
        }
        const delta = call.legacy
          ? { function_call: p.piece }
          : { tool_calls: [{ ...p.piece, index: call.outIndex }] };
        out(chunk(p.envelope, { index, delta, finish_reason: null }));
      }
      if (call.pieces.some((p) => p.raw !== null)) choice.role = true;
      call.pieces.length = 0;
      return;
    }
    call.state = 'denied';
    choice.denied++;
    const envelope = call.pieces[0]?.envelope ?? {};
    call.pieces.length = 0;
    const text = (choice.content ? '\n\n' : '') + refusal.text;
    const delta: Record<string, unknown> = choice.role
      ? { content: text }
      : { role: 'assistant', content: text };
    choice.role = true;
    choice.content = true;
    out(chunk(envelope, { index, delta, finish_reason: null }));
  };

  const settleOpen = async (
    index: number,
    choice: Choice,
    out: StreamOut,
    truncated: boolean,
  ): Promise<void> => {
    for (const call of choice.calls.values())
      if (call.state === 'open') await settle(index, choice, call, out, truncated && !call.scanner.closed);
  };

  /** Note text and role a choice has shown before its first call (the refusal's separator and role). */
  const textBeforeCalls = (data: string): boolean => {
    let payload: unknown;
    try {
      payload = JSON.parse(data) as unknown;
    } catch {
      return false;
    }
    if (!isObject(payload) || !Array.isArray(payload.choices)) return false;
    for (const c of payload.choices as unknown[]) {
      if (!isObject(c) || !isObject(c.delta)) continue;
      const state = choiceOf(typeof c.index === 'number' ? c.index : 0);
      if (typeof c.delta.content === 'string' && c.delta.content !== '') state.content = true;
      if (c.delta.role !== undefined) state.role = true;
    }
    return choices.size > 0 && [...choices.values()].every((c) => c.content && c.role);
  };

  const add = (
    choice: Choice,
    key: string,
    piece: Record<string, unknown>,
    raw: string | null,
    envelope: Record<string, unknown>,
  ): Call => {
    let call = choice.calls.get(key);
    if (!call) {
      call = {
        legacy: key === 'fn',
        originalIndex: typeof piece.index === 'number' ? piece.index : 0,
        scanner: new JsonCloseScanner(),
        pieces: [],
        name: '',
        id: undefined,
        custom: false,
        args: '',
        chars: 0,
        overflow: false,
        state: 'open',
        outIndex: -1,
      };
      choice.calls.set(key, call);
    }
    if (call.state !== 'open') return call; // after its JSON closed: nothing valid can follow
    const fn = call.legacy
      ? piece
      : isObject(piece.function)
        ? piece.function
        : isObject(piece.custom)
          ? piece.custom
          : {};
    if (isObject(piece.custom)) call.custom = true;
    if (typeof piece.id === 'string' && call.id === undefined) call.id = piece.id;
    if (typeof fn.name === 'string' && call.name === '') call.name = fn.name;
    const text =
      typeof fn.arguments === 'string' ? fn.arguments : typeof fn.input === 'string' ? fn.input : '';
    call.chars += text.length;
    if (call.chars > maxArgumentChars) call.overflow = true;
    if (!call.overflow) {
      call.args += text;
      if (!call.custom) call.scanner.push(text);
      call.pieces.push({ raw, piece, envelope });
    }
    return call;
  };

  /** Whether any choice has had a tool call (before that, plain text chunks need no parsing). */
  let anyCalls = false;
  /** Set once the choices' text and role are known: later text chunks are not parsed at all. */
  let textKnown = false;

  /** The common case, a text chunk before any call: relayed at once, unparsed once text and role are known. */
  const fast = (frame: SseFrame, out: StreamOut): boolean => {
    if (frame.data !== null && (anyCalls || frame.data.includes('_call'))) return false;
    if (frame.data !== null && !textKnown) textKnown = textBeforeCalls(frame.data);
    out(frame.raw);
    return true;
  };

  const handle = async (frame: SseFrame, out: StreamOut): Promise<void> => {
    if (fast(frame, out) || frame.data === null) return;
    if (frame.data.trim() === '[DONE]') {
      for (const [index, choice] of choices) await settleOpen(index, choice, out, true);
      return out(frame.raw);
    }
    let payload: unknown;
    try {
      payload = JSON.parse(frame.data) as unknown;
    } catch {
      return out(frame.raw);
    }
    if (!isObject(payload) || !Array.isArray(payload.choices)) return out(frame.raw);
    anyCalls = true;
    const list = payload.choices as unknown[];
    const touches = list.some((c) => {
      if (!isObject(c)) return false;
      const delta = isObject(c.delta) ? c.delta : {};
      if (Array.isArray(delta.tool_calls) && delta.tool_calls.length > 0) return true;
      if (isObject(delta.function_call)) return true;
      const state = typeof c.index === 'number' ? choices.get(c.index) : undefined;
      return c.finish_reason != null && state !== undefined && (state.calls.size > 0 || state.denied > 0);
    });
    if (!touches) {
      for (const c of list) {
        if (!isObject(c) || !isObject(c.delta)) continue;
        const state = choiceOf(typeof c.index === 'number' ? c.index : 0);
        if (typeof c.delta.content === 'string' && c.delta.content !== '') state.content = true;
        if (c.delta.role !== undefined) state.role = true;
      }
      return out(frame.raw);
    }
    const { choices: _omit, ...envelope } = payload;
    const pure =
      list.length === 1 &&
      isObject(list[0]) &&
      list[0].finish_reason == null &&
      isObject(list[0].delta) &&
      Array.isArray(list[0].delta.tool_calls) &&
      list[0].delta.tool_calls.length === 1 &&
      Object.entries(list[0].delta).every(
        ([k, v]) => PURE_KEYS.has(k) && (k === 'tool_calls' || k === 'role' || v === null || v === ''),
      );
    const finishing: Array<[number, Choice, Record<string, unknown>]> = [];
    for (const c of list) {
      if (!isObject(c)) continue;
      const index = typeof c.index === 'number' ? c.index : 0;
      const choice = choiceOf(index);
      const delta = isObject(c.delta) ? c.delta : {};
      const { tool_calls: calls, function_call: legacy, ...rest } = delta;
      const touched: Call[] = [];
      for (const piece of Array.isArray(calls) ? (calls as unknown[]) : []) {
        if (!isObject(piece)) continue;
        const key = typeof piece.index === 'number' ? String(piece.index) : '0';
        touched.push(add(choice, key, piece, pure ? frame.raw : null, envelope));
      }
      if (isObject(legacy)) touched.push(add(choice, 'fn', legacy, null, envelope));
      const restful = Object.entries(rest).some(([, v]) => v !== null && v !== '') && !pure;
      if (restful) {
        if (typeof rest.content === 'string' && rest.content !== '') choice.content = true;
        if (rest.role !== undefined) choice.role = true;
        const { finish_reason: _f, ...partial } = c;
        out(chunk(envelope, { ...partial, delta: rest, finish_reason: null }));
      }
      for (const call of touched)
        if (call.state === 'open' && call.scanner.closed) await settle(index, choice, call, out, false);
      if (c.finish_reason != null) finishing.push([index, choice, c]);
    }
    for (const [index, choice, c] of finishing) {
      await settleOpen(index, choice, out, false);
      let reason = c.finish_reason;
      if (
        (reason === 'tool_calls' || reason === 'function_call') &&
        choice.allowed === 0 &&
        choice.denied > 0
      )
        reason = 'stop';
      out(chunk(envelope, { ...c, delta: {}, finish_reason: reason }));
    }
  };

  return {
    fast,
    frame: handle,
    async end(out) {
      for (const [index, choice] of choices) await settleOpen(index, choice, out, true);
    },
  };
}
