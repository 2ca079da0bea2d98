/** What the API needs from the rest of agent-guard: narrow views of the real modules, wired by src/server.ts. */
import type { Registry } from 'prom-client';
import type { Engine } from '../engine/engine.js';
import type { Decision, EntryPoint } from '../engine/types.js';
import type { Scrubber } from '../scrub/index.js';
import type { ApiMetrics } from '../telemetry/api-metrics.js';
import type { Logger } from '../telemetry/logger.js';
import type { Authenticator } from './auth/index.js';
import type { ApiInfo } from './openapi.js';
import type { PassportVerifier } from './passports/verify.js';
import type { RateLimiter } from './rate-limit.js';
import type { ReceiptService } from './receipts.js';

/** One denied check, for the alert dispatcher (SPEC 6: every deny dispatches one alert). */
export interface DenyEvent {
  readonly frame: 'validate' | 'gate';
  readonly agentId: string | null;
  readonly runtime: EntryPoint;
  /** The offending text (the alerts module scrubs it before sending). */
  readonly command: string;
  readonly decision: Decision;
  readonly latencyUs: number;
  readonly signature: string | null;
}

export interface ApiLimits {
  /** server.bodyLimitBytes */
  readonly bodyLimitBytes: number;
  /** Deepest JSON nesting accepted in a request body. */
  readonly maxJsonDepth: number;
}

export interface ApiDeps {
  readonly engine: Pick<
    Engine,
    'evaluate' | 'validateToolCall' | 'evaluateBounded' | 'validateToolCallBounded' | 'stats' | 'policy'
  >;
  readonly scrubber: Pick<Scrubber, 'scrub' | 'createStream' | 'maxPayloadBytes'>;
  /** Credential family ids, for the manifests. */
  readonly credentialFamilies: readonly string[];
  readonly receipts: ReceiptService;
  /** Public keys published at /.well-known/agent-guard-keys.json. */
  readonly jwks: () => unknown;
  readonly auth: Authenticator;
  readonly limiter: RateLimiter;
  readonly passports: PassportVerifier;
  readonly metrics: ApiMetrics;
  readonly registry: Registry;
  readonly logger: Logger;
  readonly info: ApiInfo;
  readonly limits: ApiLimits;
  readonly onDeny?: (event: DenyEvent) => void;
}
