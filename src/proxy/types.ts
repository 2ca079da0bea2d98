/**
 * The proxy's view of its collaborators (engine guard, scrubber, signer, alerts, logger) and the
 * shapes its request steps share. Narrow structural interfaces, so the composition root can hand in
 * the real modules and tests can hand in the same real modules configured differently.
 */
import type { Registry } from 'prom-client';
import type { Config } from '../config/schema.js';
import type { Decision, Runtime } from '../engine/types.js';
import type { ReceiptSigner } from '../receipts/index.js';

/** The engine entry points the proxy calls (a subset of what createGuard returns). */
export interface ProxyGuard {
  /** Evaluate command, code or SQL text. */
  validate(command: string, options: { runtime: Runtime; agentId?: string }): Decision | Promise<Decision>;
  /** Evaluate a JSON tool call (MCP tools/call, a model's proposed call); absent until the engine has it. */
  validateToolCall?(call: { name: string; arguments: unknown }): Decision | Promise<Decision>;
}

/** One prompt string scrubbed: the new text and the families of what was removed. */
export interface ScrubOutcome {
  readonly text: string;
  /** One entry per redaction, the credential family id (e.g. `aws`, `openai`); never the secret. */
  readonly families: readonly string[];
}

export interface ProxyScrubber {
  scrub(text: string): ScrubOutcome;
}

/** Signs veto envelopes; absent: envelopes carry the seal only. */
export interface ProxyReceipts {
  readonly signer: ReceiptSigner;
  readonly engineVersion: string;
  readonly policyDigest: string;
}

export interface ProxyAlert {
  readonly kind: 'veto' | 'proposed_tool_call';
  readonly route: string;
  /** enforce: the request was answered 403; audit: forwarded anyway, or a model proposal. */
  readonly mode: 'enforce' | 'audit';
  readonly decision: Decision;
  /** The offending command or tool-call text (the alert formatter truncates it). */
  readonly offending: string;
  readonly agentId?: string;
  readonly signature?: string;
  readonly latencyUs: number;
}

export interface ProxyAlertSink {
  notify(alert: ProxyAlert): void;
}

/** The pino methods the proxy uses. */
export interface ProxyLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  debug(obj: object, msg?: string): void;
}

export interface ProxyDeps {
  readonly config: Readonly<Config>;
  readonly guard: ProxyGuard;
  readonly scrubber: ProxyScrubber;
  readonly logger: ProxyLogger;
  readonly registry: Registry;
  readonly alerts?: ProxyAlertSink;
  readonly receipts?: ProxyReceipts;
  /** Product version for /health; default the package version read at start. */
  readonly version?: string;
  /** Engine version for /health; default `receipts.engineVersion` or the product version. */
  readonly engineVersion?: string;
  /** Median engine evaluation latency (µs) from the server's rolling window; default the proxy's own. */
  readonly latencyMedianUs?: () => number;
  /** Extra readiness conditions (parsers loaded...); all must be true for /ready. */
  readonly ready?: () => boolean;
}

export type ProxyMode = 'enforce' | 'audit';
