/**
 * Large request bodies are scrubbed ahead of the adapter's walk, a slice at a time with a turn of
 * the event loop between slices (issue 24: no request may hold the loop over 50 ms, and an 8 MiB
 * prompt scrubbed in one go held it for over 100 ms). Every string of the body (values, member
 * names, and the strings inside JSON-text values such as tool-call arguments), binary data
 * excepted, is scrubbed once into a memo; the adapter's walk then finds its answers there. Scrubbing
 * is a pure function of the text, so the body judged and forwarded is exactly the one the one-shot
 * walk gives; a string the memo lacks is scrubbed in place as before.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { AgentGuardError, isAgentGuardError } from '../errors.js';
import { scrubCooperatively, SLICE_CHARS, type CooperativeScrubber } from '../scrub/cooperative.js';
import { isBinaryDataUrl, isBinarySource } from './adapters/prompt-walker.js';
import type { ProxyScrubber } from './types.js';

export type ScrubAnswer = ReturnType<ProxyScrubber['scrub']>;

/** Bodies of at least this many bytes are scrubbed ahead; smaller ones take a few ms in one go. */
export const PRESCRUB_MIN_BYTES = 64 * 1024;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string that may hold JSON (tool-call arguments): the walk scrubs the strings inside. */
function jsonInside(text: string): unknown {
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Every string of `json` the adapters may scrub, once each, in document order (no recursion). */
export function bodyStrings(json: unknown): Set<string> {
  const out = new Set<string>();
  const stack: unknown[] = [json];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === 'string') {
      if (out.has(node) || isBinaryDataUrl(node)) continue;
      out.add(node);
      const inner = jsonInside(node);
      if (inner !== undefined) stack.push(inner);
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push(node[i]);
    } else if (isObject(node)) {
      const binary = isBinarySource(node);
      for (const key of Object.keys(node).reverse()) {
        out.add(key);
        if (!(binary && key === 'data')) stack.push(node[key]);
      }
    }
  }
  return out;
}

/** The scrubber's stream, when it has one: a long string is then scrubbed in slices too. */
function cooperative(scrubber: ProxyScrubber): CooperativeScrubber | undefined {
  const s = scrubber as Partial<CooperativeScrubber> & ProxyScrubber & { strict?: boolean };
  return typeof s.createStream === 'function' && typeof s.maxPayloadBytes === 'number'
    ? (s as CooperativeScrubber)
    : undefined;
}

/**
 * The scrub answer for every string of `json`, computed with a turn of the event loop after each
 * SLICE_CHARS characters. `cancelled` is checked at each turn (the agent hung up).
 */
export async function prescrub(
  json: unknown,
  scrubber: ProxyScrubber,
  cancelled: () => boolean,
): Promise<Map<string, ScrubAnswer>> {
  const memo = new Map<string, ScrubAnswer>();
  const sliced = cooperative(scrubber);
  const strict = (scrubber as { strict?: boolean }).strict ?? true;
  let since = 0;
  for (const text of bodyStrings(json)) {
    if (since >= SLICE_CHARS) {
      await nextTurn();
      if (cancelled()) throw new AgentGuardError('AG_ERR_PROXY_CLIENT_ABORTED');
      since = 0;
    }
    memo.set(
      text,
      text.length > SLICE_CHARS && sliced !== undefined
        ? await scrubCooperatively(sliced, text, { strict, cancelled }).catch((err: unknown) => {
            // The stream stops with the API's abort code; the proxy reports its own.
            throw isAgentGuardError(err) && err.code === 'AG_ERR_API_CLIENT_ABORTED'
              ? new AgentGuardError('AG_ERR_PROXY_CLIENT_ABORTED')
              : err;
          })
        : scrubber.scrub(text),
    );
    since += text.length;
  }
  return memo;
}
