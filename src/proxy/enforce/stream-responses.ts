/**
 * Enforcement on an OpenAI Responses API event stream. Events of text and other items pass at once.
 * An item that proposes a run (function_call, custom_tool_call, shell_call, local_shell_call,
 * computer_call) is held from response.output_item.added to response.output_item.done, when it is
 * complete: then judged and released unchanged, or replaced by a message item at the same
 * output_index whose text is the refusal (the events a text message streams with). Every event's
 * sequence_number is renumbered once the count changed, and the terminal response object
 * (response.completed, .incomplete, .failed) carries the same replacement in its output.
 */
import { isObject, responsesItemCall, RESPONSES_CALL_TYPES } from './calls.js';
import { refusalItemId, refusalMessageItem } from './json-body.js';
import type { Judge } from './refusal.js';
import { frameText, type SseFrame } from './sse-frames.js';
import type { StreamEditor, StreamOut } from './stream.js';

interface Held {
  readonly outputIndex: number;
  readonly frames: Array<{ frame: SseFrame; payload: Record<string, unknown> }>;
  item: Record<string, unknown>;
  chars: number;
  overflow: boolean;
}

const TERMINAL = new Set(['response.completed', 'response.incomplete', 'response.failed', 'response.done']);

export function responsesStreamEditor(judge: Judge, maxArgumentChars: number): StreamEditor {
  let held: Held | null = null;
  let queue: SseFrame[] = [];
  /** The sequence_number the next event the agent sees must carry (null until the first one). */
  let nextSeq: number | null = null;
  /** Replacement message items by the id of the call item they replace. */
  const replaced = new Map<string, Record<string, unknown>>();

  const emit = (out: StreamOut, frame: SseFrame | null, payload: Record<string, unknown>): void => {
    const seq = payload.sequence_number;
    if (typeof seq === 'number') {
      nextSeq ??= seq;
      if (frame !== null && seq === nextSeq) {
        nextSeq++;
        return out(frame.raw);
      }
      payload = { ...payload, sequence_number: nextSeq++ };
    } else if (frame !== null) {
      return out(frame.raw);
    }
    out(frameText(frame?.event || String(payload.type), JSON.stringify(payload)));
  };

  const synth = (out: StreamOut, type: string, fields: Record<string, unknown>): void =>
    emit(out, null, { type, ...fields, ...(nextSeq !== null ? { sequence_number: nextSeq } : {}) });

  const refuse = (out: StreamOut, entry: Held, text: string): void => {
    const id = refusalItemId(entry.item.id, entry.outputIndex);
    const at = { item_id: id, output_index: entry.outputIndex, content_index: 0 };
    const part = { type: 'output_text', text, annotations: [] };
    synth(out, 'response.output_item.added', {
      output_index: entry.outputIndex,
      item: refusalMessageItem(id, text, 'in_progress'),
    });
    synth(out, 'response.content_part.added', { ...at, part: { ...part, text: '' } });
    synth(out, 'response.output_text.delta', { ...at, delta: text, logprobs: [] });
    synth(out, 'response.output_text.done', { ...at, text, logprobs: [] });
    synth(out, 'response.content_part.done', { ...at, part });
    const done = refusalMessageItem(id, text);
    synth(out, 'response.output_item.done', { output_index: entry.outputIndex, item: done });
    if (typeof entry.item.id === 'string') replaced.set(entry.item.id, done);
  };

  const settle = async (entry: Held, out: StreamOut, complete: boolean): Promise<void> => {
    held = null;
    const base = responsesItemCall(entry.item);
    if (base === null) {
      // Not a run after all (a computer_call click): released as it came.
      for (const f of entry.frames) emit(out, f.frame, f.payload);
      return;
    }
    const call = entry.overflow
      ? { ...base, malformed: `its arguments exceed ${maxArgumentChars} characters` }
      : complete
        ? base
        : { ...base, malformed: 'the stream ended before the call was complete' };
    const refusal = await judge(call);
    if (refusal === null) {
      for (const f of entry.frames) emit(out, f.frame, f.payload);
      return;
    }
    refuse(out, entry, refusal.text);
  };

  const parse = (frame: SseFrame): Record<string, unknown> | null => {
    if (frame.data === null) return null;
    try {
      const value = JSON.parse(frame.data) as unknown;
      return isObject(value) ? value : null;
    } catch {
      return null;
    }
  };

  /** The terminal response object with replaced items swapped in its output. */
  const terminal = (payload: Record<string, unknown>): Record<string, unknown> => {
    const response = isObject(payload.response) ? payload.response : null;
    if (replaced.size === 0 || response === null || !Array.isArray(response.output)) return payload;
    const output = (response.output as unknown[]).map((item) =>
      isObject(item) && typeof item.id === 'string' ? (replaced.get(item.id) ?? item) : item,
    );
    return { ...payload, response: { ...response, output } };
  };

  /** Text deltas before any replacement: relayed at once, unparsed (their numbers are unchanged). */
  const fast = (frame: SseFrame, out: StreamOut): boolean => {
    if (held !== null || replaced.size !== 0 || frame.event !== 'response.output_text.delta') return false;
    nextSeq = null;
    out(frame.raw);
    return true;
  };

  const handle = async (frame: SseFrame, out: StreamOut): Promise<void> => {
    if (fast(frame, out)) return;
    const payload = parse(frame);
    if (payload === null) return out(frame.raw);
    const type = typeof payload.type === 'string' ? payload.type : '';
    if (held !== null) {
      const entry: Held = held;
      entry.frames.push({ frame, payload });
      if (type.endsWith('.delta') && typeof payload.delta === 'string') {
        entry.chars += payload.delta.length;
        if (entry.chars > maxArgumentChars) {
          entry.overflow = true;
          entry.frames.length = 1;
        }
      }
      if (type === 'response.output_item.done' && isObject(payload.item)) {
        if (!entry.overflow) entry.item = payload.item;
        await settle(entry, out, true);
      }
      return;
    }
    if (
      type === 'response.output_item.added' &&
      isObject(payload.item) &&
      typeof payload.item.type === 'string' &&
      RESPONSES_CALL_TYPES.has(payload.item.type)
    ) {
      if (typeof payload.sequence_number === 'number') nextSeq ??= payload.sequence_number;
      held = {
        outputIndex: typeof payload.output_index === 'number' ? payload.output_index : 0,
        frames: [{ frame, payload }],
        item: payload.item,
        chars: 0,
        overflow: false,
      };
      return;
    }
    if (TERMINAL.has(type)) {
      const next = terminal(payload);
      return emit(out, next === payload ? frame : null, next);
    }
    emit(out, frame, payload);
  };

  const current = (): Held | null => held;

  const isHeldFrame = (frame: SseFrame): boolean => {
    if (held === null) return false;
    const payload = parse(frame);
    return payload !== null && payload.output_index === held.outputIndex;
  };

  return {
    fast,
    async frame(frame, out) {
      // While an item is held, events of other items wait behind it (output_index order).
      if (held !== null && !isHeldFrame(frame)) {
        queue.push(frame);
        return;
      }
      await handle(frame, out);
      while (held === null && queue.length > 0) {
        const next = queue;
        queue = [];
        for (let i = 0; i < next.length; i++) {
          if (held !== null && !isHeldFrame(next[i]!)) {
            queue = next.slice(i).concat(queue);
            break;
          }
          await handle(next[i]!, out);
        }
      }
    },
    async end(out) {
      // An item still held was cut off: refused. Then whatever waited behind it, in order.
      const open = current();
      if (open !== null) await settle(open, out, false);
      for (const f of queue) await handle(f, out);
      queue = [];
      const last = current();
      if (last !== null) await settle(last, out, false);
    },
  };
}
