/**
 * Scrubs a large payload in slices with a turn of the event loop between them, so one big
 * /api/v1/sanitize request or proxied prompt cannot stall the server's other traffic (issue 24: a 1 MB payload holding
 * 24,000 secrets held the loop for over a second). The slices go through the scrubber's stream,
 * which carries a secret that straddles a slice boundary over to the next slice, so the result is
 * the one-shot `scrub` result byte for byte (test/api/cooperative-scrub.test.ts).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import { AgentGuardError } from '../errors.js';
import { SCRUB_ENGINE_VERSION, type Scrubber, type ScrubResult } from './scrubber.js';

/**
 * Characters scrubbed per turn. Counted in characters, not time, so the slicing is the same on every
 * run; at the densest secret payloads measured (one secret per ~40 characters) a slice is a few ms.
 */
export const SLICE_CHARS = 8 * 1024;

export type CooperativeScrubber = Pick<Scrubber, 'scrub' | 'createStream' | 'maxPayloadBytes'>;

export interface CooperativeOptions {
  readonly strict: boolean;
  /** Characters per slice (default SLICE_CHARS); tests use small slices. */
  readonly sliceChars?: number;
  /** Checked between slices: true stops the work (the client went away); the promise then rejects. */
  readonly cancelled?: () => boolean;
}

/**
 * The one-shot result for `text`. A text of at most one slice is scrubbed in the caller's turn;
 * a longer one yields (setImmediate) between slices. `latencyUs` counts the scrubbing work only,
 * not the turns spent on other requests.
 */
export async function scrubCooperatively(
  scrubber: CooperativeScrubber,
  text: string,
  options: CooperativeOptions,
): Promise<ScrubResult> {
  const slice = Math.max(1, options.sliceChars ?? SLICE_CHARS);
  if (text.length <= slice) return scrubber.scrub(text, { strict: options.strict });
  // The same size limit as the one-shot call (AG_ERR_INPUT_TOO_LARGE), checked before any work.
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > scrubber.maxPayloadBytes) {
    throw new AgentGuardError('AG_ERR_INPUT_TOO_LARGE', {
      what: 'payload',
      size: bytes,
      limit: scrubber.maxPayloadBytes,
    });
  }
  const stream = scrubber.createStream({ strict: options.strict });
  const parts: string[] = [];
  let workMs = 0;
  for (let at = 0; at < text.length; at += slice) {
    if (at > 0) {
      await nextTurn();
      if (options.cancelled?.()) throw new AgentGuardError('AG_ERR_API_CLIENT_ABORTED');
    }
    const t0 = performance.now();
    parts.push(stream.push(text.slice(at, at + slice)));
    workMs += performance.now() - t0;
  }
  const t0 = performance.now();
  parts.push(stream.end());
  workMs += performance.now() - t0;
  const redactions = stream.redactions;
  return {
    status: redactions.length === 0 ? 'clean' : 'redacted',
    sanitized: parts.join(''),
    redactionsCount: redactions.length,
    redactedKeys: [...new Set(redactions.map((r) => r.envName))],
    latencyUs: Math.round(workMs * 1000 * 10) / 10,
    engineVersion: SCRUB_ENGINE_VERSION,
    redactions,
  };
}
