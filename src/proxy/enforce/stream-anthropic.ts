/**
 * Enforcement on an Anthropic Messages event stream. Text, thinking and every other block pass at
 * once. A `tool_use` (or `server_tool_use`, `mcp_tool_use`) block is held from its
 * content_block_start to its content_block_stop, when its input is complete: then it is judged and
 * released unchanged, or replaced by a text block at the same index carrying the refusal. The result
 * block of a denied server tool is dropped (later blocks are re-indexed so indexes stay contiguous),
 * and message_delta's stop_reason becomes end_turn when no client tool call remains.
 */
import { anthropicBlockCall, isObject, type ProposedCall } from './calls.js';
import type { Judge } from './refusal.js';
import type { SseFrame } from './sse-frames.js';
import { frameText } from './sse-frames.js';
import type { StreamEditor, StreamOut } from './stream.js';

interface Held {
  readonly block: Record<string, unknown>;
  readonly frames: SseFrame[];
  json: string;
  chars: number;
}

export function anthropicStreamEditor(judge: Judge, maxArgumentChars: number): StreamEditor {
  const held = new Map<number, Held>();
  /** Indexes of dropped blocks (results of denied server tools). */
  const dropped = new Set<number>();
  const deniedIds = new Set<string>();
  let shift = 0;
  let clientCalls = 0;
  let denied = 0;
  /** Frames that arrived while a block was held: released in order after it. */
  let queue: SseFrame[] = [];

  const send = (out: StreamOut, type: string, payload: Record<string, unknown>): void =>
    out(frameText(type, JSON.stringify({ type, ...payload })));

  /** Pass a frame, moving its index down past dropped blocks. */
  const pass = (frame: SseFrame, payload: Record<string, unknown> | null, out: StreamOut): void => {
    if (shift === 0 || payload === null || typeof payload.index !== 'number') return out(frame.raw);
    out(frameText(frame.event, JSON.stringify({ ...payload, index: payload.index - shift })));
  };

  const refuse = (index: number, text: string, out: StreamOut): void => {
    const at = index - shift;
    send(out, 'content_block_start', { index: at, content_block: { type: 'text', text: '' } });
    send(out, 'content_block_delta', { index: at, delta: { type: 'text_delta', text } });
    send(out, 'content_block_stop', { index: at });
  };

  const settle = async (index: number, entry: Held, out: StreamOut, complete: boolean): Promise<void> => {
    held.delete(index);
    const base = anthropicBlockCall(entry.block, entry.json);
    if (!base) return;
    const call: ProposedCall = complete
      ? base
      : { ...base, malformed: 'the stream ended before its input was complete' };
    const refusal = await judge(call);
    if (refusal === null) {
      if (call.kind === 'tool_use') clientCalls++;
      for (const f of entry.frames) pass(f, parse(f), out);
      return;
    }
    denied++;
    if (call.id !== undefined) deniedIds.add(call.id);
    refuse(index, refusal.text, out);
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

  /** Text deltas and pings while nothing is held or re-indexed: relayed at once, unparsed. */
  const fast = (frame: SseFrame, out: StreamOut): boolean => {
    if (
      (frame.event !== 'content_block_delta' && frame.event !== 'ping') ||
      held.size !== 0 ||
      shift !== 0 ||
      dropped.size !== 0
    )
      return false;
    out(frame.raw);
    return true;
  };

  const handle = async (frame: SseFrame, out: StreamOut): Promise<void> => {
    if (fast(frame, out)) return;
    const payload = parse(frame);
    if (payload === null) return out(frame.raw);
    const index = typeof payload.index === 'number' ? payload.index : -1;
    switch (payload.type) {
      case 'content_block_start': {
        const block = isObject(payload.content_block) ? payload.content_block : {};
        if (anthropicBlockCall(block)) {
          held.set(index, { block, frames: [frame], json: '', chars: 0 });
          return;
        }
        if (typeof block.tool_use_id === 'string' && deniedIds.has(block.tool_use_id)) {
          dropped.add(index);
          return;
        }
        return pass(frame, payload, out);
      }
      case 'content_block_delta': {
        const entry = held.get(index);
        if (entry) {
          entry.frames.push(frame);
          const delta = isObject(payload.delta) ? payload.delta : {};
          if (delta.type === 'input_json_delta' && typeof delta.partial_json === 'string') {
            entry.chars += delta.partial_json.length;
            if (entry.chars > maxArgumentChars) {
              // Too large to judge: denied (fail closed) without keeping the rest.
              entry.json = '\u0000';
              entry.frames.length = 1;
            } else if (entry.json !== '\u0000') entry.json += delta.partial_json;
          }
          return;
        }
        if (dropped.has(index)) return;
        return pass(frame, payload, out);
      }
      case 'content_block_stop': {
        const entry = held.get(index);
        if (entry) {
          entry.frames.push(frame);
          return settle(index, entry, out, true);
        }
        if (dropped.has(index)) {
          dropped.delete(index);
          shift++;
          return;
        }
        return pass(frame, payload, out);
      }
      case 'message_delta': {
        const delta = isObject(payload.delta) ? payload.delta : null;
        if (delta?.stop_reason === 'tool_use' && clientCalls === 0 && denied > 0) {
          return out(
            frameText(
              frame.event,
              JSON.stringify({ ...payload, delta: { ...delta, stop_reason: 'end_turn' } }),
            ),
          );
        }
        return out(frame.raw);
      }
      case 'message_stop':
        await closeOpen(out);
        return out(frame.raw);
      default:
        return out(frame.raw);
    }
  };

  /** Blocks still open when the message or the stream ends: cut off, so denied (fail closed). */
  const closeOpen = async (out: StreamOut): Promise<void> => {
    for (const [index, entry] of [...held]) await settle(index, entry, out, false);
  };

  return {
    fast,
    async frame(frame, out) {
      // While a tool block is held, later frames wait behind it so the agent sees blocks in order.
      if (held.size > 0 && !isHeldFrame(frame)) {
        queue.push(frame);
        return;
      }
      await handle(frame, out);
      while (held.size === 0 && queue.length > 0) {
        const next = queue;
        queue = [];
        for (let i = 0; i < next.length; i++) {
          if (held.size > 0 && !isHeldFrame(next[i]!)) {
            queue = next.slice(i).concat(queue);
            break;
          }
          await handle(next[i]!, out);
        }
      }
    },
    async end(out) {
      for (const f of queue) await handle(f, out);
      queue = [];
      await closeOpen(out);
    },
  };

  function isHeldFrame(frame: SseFrame): boolean {
    const payload = parse(frame);
    return payload !== null && typeof payload.index === 'number' && held.has(payload.index);
  }
}
