/** Maps scrubber results to the HTTP wire shape of SPEC 2.2 (snake_case). */
import type { ScrubResult } from './scrubber.js';

export interface SanitizeWire {
  readonly status: 'clean' | 'redacted';
  readonly sanitized: string;
  readonly redactions_count: number;
  readonly redacted_keys: readonly string[];
  readonly latency_us: number;
  readonly engine_version: string;
}

export function toWire(result: ScrubResult): SanitizeWire {
  return {
    status: result.status,
    sanitized: result.sanitized,
    redactions_count: result.redactionsCount,
    redacted_keys: [...result.redactedKeys],
    latency_us: result.latencyUs,
    engine_version: result.engineVersion,
  };
}
