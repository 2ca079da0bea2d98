/**
 * The proxy's view of its collaborators (engine guard, scrubber, signer, alerts, logger) and the
 * shapes its request steps share. Narrow structural interfaces, so the composition root can hand in
 * the real modules and tests can hand in the same real modules configured differently.
 */
import type { Registry } from 'prom-client';
import type { Config } from '../config/schema.js';
import type { AlertInput } from '../alerts/event.js';
import type { Decision } from '../engine/types.js';
import type { DecisionReceiptInput } from '../receipts/index.js';

/** What an evaluation answers: at least the decision. */
export interface Evaluated {
  readonly decision: Decision;
}

/** The engine entry points the proxy calls: what `createGuard` returns (src/library/create-guard.ts). */
export interface ProxyGuard {
  /**
   * Evaluate command, code or SQL text (runtime bash, python, node, docker, sql); a Promise when the
   * analysis ran on the analysis worker (the server's engine.evaluateBounded).
   */
  validate(input: { command: string; runtime?: string; agentId?: string }): Evaluated | Promise<Evaluated>;
  /** Evaluate a JSON tool call (MCP tools/call, a model's proposed call): the engine's tool-call entry point. */
  validateToolCall(call: { name: string; arguments: unknown }): Evaluated | Decision | Promise<Evaluated>;
  /** The policy in force; its digest goes into receipts. */
  readonly policy?: { readonly digest: string };
}

/** The scrubber entry point the proxy calls: `createScrubber().scrub` (src/scrub/). */
export interface ProxyScrubber {
  scrub(text: string): {
    readonly sanitized: string;
    readonly redactions: readonly { readonly family: string }[];
  };
}

/** Seals and signs veto envelopes: the API's ReceiptService (src/api/receipts.ts) fits. */
export interface ProxyReceipts {
  decision(
    input: DecisionReceiptInput,
    shape: 'envelope',
    important: boolean,
  ): { readonly fields: Record<string, unknown> };
}

/** Where vetoes and dangerous proposals are reported (the alert dispatcher, SPEC 6). */
export interface ProxyAlertSink {
  notify(alert: AlertInput): void;
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
  readonly alerts?: ProxyAlertSink | undefined;
  readonly receipts?: ProxyReceipts | undefined;
  /** Product version for /health; default the package version. */
  readonly version?: string | undefined;
  /** Engine version for /health and receipts; default the product version. */
  readonly engineVersion?: string | undefined;
  /** Median engine evaluation latency (µs) from the engine's rolling window; default the proxy's own. */
  readonly latencyMedianUs?: (() => number) | undefined;
  /** Extra readiness condition (parsers loaded...); /ready is 503 while it is false. */
  readonly ready?: (() => boolean) | undefined;
}

export type ProxyMode = 'enforce' | 'audit';
