/**
 * Background delivery of incident alerts: a bounded in-memory queue drained by a few workers that
 * POST with undici. `enqueue()` never waits and never throws, so no request path is slowed by a
 * channel. Retries: network errors, timeouts, 408, 429 (Retry-After honoured) and 5xx, with
 * exponential backoff and jitter; other 4xx are final. Whatever cannot be delivered (queue full,
 * rejected, retries exhausted, shutdown) is appended to the dead-letter file and counted.
 * The webhook URL and routing key never reach a log line, an error or the dead-letter file.
 */
import { resolve as resolvePath } from 'node:path';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { Agent, request, type Dispatcher } from 'undici';
import type { AlertChannel, AlertsConfig } from '../config/sections/alerts.js';
import { METRIC } from '../telemetry/metric-names.js';
import { DeadLetterFile, type DeadLetterReason } from './dead-letter.js';
import { buildAlertEvent, type AlertEvent, type AlertInput } from './event.js';
import { formatAlert } from './formatters/index.js';

/** The part of a pino logger the dispatcher uses. */
export interface AlertLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface AlertDispatcherDeps {
  /** The server's registry; without one, metrics are kept in a private registry. */
  readonly registry?: Registry;
  readonly logger?: AlertLogger;
  /** Resolves a relative dead-letter path. Default process.cwd(). */
  readonly cwd?: string;
  /** Jitter source in [0, 1); tests pass a fixed one. Default Math.random. */
  readonly random?: () => number;
}

/** `ignored`: the input's decision allowed the action, so there is nothing to report. */
export type EnqueueResult = 'queued' | 'dead-lettered' | 'disabled' | 'ignored';

export interface AlertDispatcherStats {
  readonly queued: number;
  readonly delivered: number;
  readonly retried: number;
  readonly deadLettered: number;
  readonly depth: number;
  readonly inFlight: number;
}

interface Job {
  /** Built lazily from `input` by a worker, so scrubbing and formatting stay off the request path. */
  event?: AlertEvent;
  readonly input?: AlertInput;
  readonly enqueuedAt: bigint;
  body?: object;
  attempts: number;
  status: number | null;
  error: string | null;
}

const silentLogger: AlertLogger = { warn: () => undefined, error: () => undefined };

interface Metrics {
  queued: Counter<'channel'>;
  delivered: Counter<'channel'>;
  retried: Counter<'channel'>;
  deadLettered: Counter<'channel' | 'reason'>;
  latency: Histogram<'channel'>;
  depth: Gauge<'channel'>;
}

function metricsFor(registry: Registry | undefined): Metrics {
  const registers = registry ? [registry] : [];
  // Several dispatchers may share one registry (tests, reloads): reuse what is already there.
  const reuse = <T>(name: string, make: () => T): T =>
    (registry?.getSingleMetric(name) as T | undefined) ?? make();
  return {
    queued: reuse(
      METRIC.alertsQueuedTotal,
      () =>
        new Counter({
          name: METRIC.alertsQueuedTotal,
          help: 'Alerts accepted into the delivery queue.',
          labelNames: ['channel'],
          registers,
        }),
    ),
    delivered: reuse(
      METRIC.alertsDeliveredTotal,
      () =>
        new Counter({
          name: METRIC.alertsDeliveredTotal,
          help: 'Alerts the channel accepted (2xx).',
          labelNames: ['channel'],
          registers,
        }),
    ),
    retried: reuse(
      METRIC.alertsRetriedTotal,
      () =>
        new Counter({
          name: METRIC.alertsRetriedTotal,
          help: 'Alert delivery attempts retried.',
          labelNames: ['channel'],
          registers,
        }),
    ),
    deadLettered: reuse(
      METRIC.alertsDeadLetteredTotal,
      () =>
        new Counter({
          name: METRIC.alertsDeadLetteredTotal,
          help: 'Alerts written to the dead-letter file.',
          labelNames: ['channel', 'reason'],
          registers,
        }),
    ),
    latency: reuse(
      METRIC.alertDeliveryDurationSeconds,
      () =>
        new Histogram({
          name: METRIC.alertDeliveryDurationSeconds,
          help: 'Enqueue to 2xx, retries included, seconds.',
          labelNames: ['channel'],
          buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
          registers,
        }),
    ),
    depth: reuse(
      METRIC.alertsQueueDepth,
      () =>
        new Gauge({
          name: METRIC.alertsQueueDepth,
          help: 'Alerts waiting in the delivery queue.',
          labelNames: ['channel'],
          registers,
        }),
    ),
  };
}

/** Seconds or an HTTP-date (RFC 9110 section 10.2.3); null when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, nowMs = Date.now()): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return null;
  if (/^\s*\d+\s*$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

/** Exponential backoff with equal jitter: half the step fixed, half random. */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random: () => number): number {
  const step = Math.min(maxMs, baseMs * 2 ** attempt);
  return Math.round(step / 2 + (random() * step) / 2);
}

type Outcome =
  | { kind: 'delivered' }
  | { kind: 'final'; status: number }
  | { kind: 'retry'; status: number | null; error: string | null; retryAfterMs: number | null }
  | { kind: 'aborted' };

export class AlertDispatcher {
  readonly channel: AlertChannel | undefined;
  readonly #config: AlertsConfig;
  readonly #url: string | undefined;
  readonly #headers: Record<string, string>;
  readonly #logger: AlertLogger;
  readonly #random: () => number;
  readonly #metrics: Metrics;
  readonly #deadLetter: DeadLetterFile;
  readonly #http: Dispatcher | undefined;
  readonly #queue: Job[] = [];
  #head = 0;
  readonly #waiters: (() => void)[] = [];
  readonly #idleWaiters: (() => void)[] = [];
  readonly #shutdown = new AbortController();
  readonly #workers: Promise<void>[] = [];
  readonly #overflow: [Job, DeadLetterReason][] = [];
  #overflowDrain: Promise<void> | undefined;
  #inFlight = 0;
  #closing = false;
  #closed: Promise<void> | undefined;
  #stats = { queued: 0, delivered: 0, retried: 0, deadLettered: 0 };

  constructor(config: AlertsConfig, deps: AlertDispatcherDeps = {}) {
    this.#config = config;
    this.channel = config.channel;
    this.#logger = deps.logger ?? silentLogger;
    this.#random = deps.random ?? Math.random;
    this.#metrics = metricsFor(deps.registry);
    this.#deadLetter = new DeadLetterFile(
      resolvePath(deps.cwd ?? process.cwd(), config.deadLetterFile),
      (code) => this.#logger.error({ channel: config.channel, code }, 'alert dead-letter file write failed'),
    );
    this.#url = config.channel === 'pagerduty' ? config.pagerdutyEventsUrl : config.webhookUrl;
    this.#headers = { 'content-type': 'application/json', 'user-agent': 'agent-guard-alerts' };
    if (config.authorization) this.#headers.authorization = config.authorization;
    if (config.channel) {
      this.#http = new Agent({
        connections: config.workers,
        headersTimeout: config.timeoutMs,
        bodyTimeout: config.timeoutMs,
        connectTimeout: config.timeoutMs,
      });
      for (let i = 0; i < config.workers; i++) this.#workers.push(this.#work());
    }
  }

  get enabled(): boolean {
    return this.channel !== undefined;
  }

  get deadLetterPath(): string {
    return this.#deadLetter.path;
  }

  stats(): AlertDispatcherStats {
    return { ...this.#stats, depth: this.#depth(), inFlight: this.#inFlight };
  }

  /**
   * Hand an alert to the background workers: a built event, or the decision's input (preferred on a
   * request path: scrubbing the command and formatting happen in the worker). Never blocks, never throws.
   */
  enqueue(alert: AlertEvent | AlertInput): EnqueueResult {
    const channel = this.channel;
    if (!channel) return 'disabled';
    try {
      const base = { enqueuedAt: process.hrtime.bigint(), attempts: 0, status: null, error: null };
      let job: Job;
      if ('decision' in alert) {
        if (alert.decision.allowed) return 'ignored';
        job = { ...base, input: { ...alert, now: alert.now ?? new Date() } };
      } else {
        job = { ...base, event: alert };
      }
      if (this.#closing) {
        this.#deadLetterSoon(job, 'closed');
        return 'dead-lettered';
      }
      if (this.#depth() >= this.#config.queueSize) {
        this.#deadLetterSoon(job, 'queue_full');
        return 'dead-lettered';
      }
      this.#queue.push(job);
      this.#stats.queued += 1;
      this.#metrics.queued.inc({ channel });
      this.#metrics.depth.set({ channel }, this.#depth());
      this.#waiters.shift()?.();
      return 'queued';
    } catch (err) {
      this.#logger.error(
        { channel, code: (err as NodeJS.ErrnoException).code ?? 'internal' },
        'alert enqueue failed',
      );
      return 'dead-lettered';
    }
  }

  /** Resolves when the queue is empty and nothing is in flight (tests, health checks). */
  idle(): Promise<void> {
    if (this.#depth() === 0 && this.#inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  /**
   * Stop accepting, deliver what is queued for at most `flushMs`, then abort what is in flight and
   * dead-letter everything left. Idempotent.
   */
  close(flushMs = this.#config.shutdownFlushMs): Promise<void> {
    this.#closed ??= this.#close(flushMs);
    return this.#closed;
  }

  async #close(flushMs: number): Promise<void> {
    this.#closing = true;
    for (const wake of this.#waiters.splice(0)) wake();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, flushMs);
    });
    await Promise.race([Promise.all(this.#workers), deadline]);
    clearTimeout(timer);
    this.#shutdown.abort();
    await Promise.all(this.#workers);
    while (this.#depth() > 0) this.#toDeadLetter(this.#take()!, 'shutdown');
    this.#notifyIdle();
    while (this.#overflowDrain) await this.#overflowDrain;
    await this.#http?.close().catch(() => undefined);
    await this.#deadLetter.close();
  }

  /**
   * Overflow is written from a later tick in small batches: building the record scrubs the command,
   * which must not run on the caller's path, least of all during a flood.
   */
  #deadLetterSoon(job: Job, reason: DeadLetterReason): void {
    this.#overflow.push([job, reason]);
    this.#overflowDrain ??= new Promise<void>((resolve) => {
      const drain = (): void => {
        for (let i = 0; i < 64 && this.#overflow.length > 0; i++) {
          const [next, why] = this.#overflow.shift()!;
          this.#toDeadLetter(next, why);
        }
        if (this.#overflow.length > 0) {
          setImmediate(drain);
          return;
        }
        this.#overflowDrain = undefined;
        resolve();
      };
      setImmediate(drain);
    });
  }

  #depth(): number {
    return this.#queue.length - this.#head;
  }

  #take(): Job | undefined {
    if (this.#head >= this.#queue.length) return undefined;
    const job = this.#queue[this.#head]!;
    this.#head += 1;
    // Compact now and then so the array does not grow without bound.
    if (this.#head > 1024 && this.#head * 2 > this.#queue.length) {
      this.#queue.splice(0, this.#head);
      this.#head = 0;
    }
    return job;
  }

  #notifyIdle(): void {
    if (this.#depth() === 0 && this.#inFlight === 0) for (const done of this.#idleWaiters.splice(0)) done();
  }

  async #work(): Promise<void> {
    for (;;) {
      if (this.#shutdown.signal.aborted) return;
      const job = this.#take();
      if (!job) {
        if (this.#closing) return;
        await new Promise<void>((resolve) => this.#waiters.push(resolve));
        continue;
      }
      this.#inFlight += 1;
      this.#metrics.depth.set({ channel: this.channel! }, this.#depth());
      try {
        await this.#deliver(job);
      } catch (err) {
        job.error = (err as NodeJS.ErrnoException).code ?? 'internal';
        this.#toDeadLetter(job, 'retries_exhausted');
      } finally {
        this.#inFlight -= 1;
        this.#notifyIdle();
      }
    }
  }

  #eventOf(job: Job): AlertEvent {
    job.event ??= buildAlertEvent(job.input!)!;
    return job.event;
  }

  #bodyOf(job: Job): object {
    job.body ??= formatAlert(this.channel!, this.#eventOf(job), this.#config.pagerdutyKey ?? '');
    return job.body;
  }

  async #deliver(job: Job): Promise<void> {
    const channel = this.channel!;
    const payload = JSON.stringify(this.#bodyOf(job));
    for (;;) {
      job.attempts += 1;
      const outcome = await this.#attempt(payload);
      if (outcome.kind === 'delivered') {
        this.#stats.delivered += 1;
        this.#metrics.delivered.inc({ channel });
        this.#metrics.latency.observe({ channel }, Number(process.hrtime.bigint() - job.enqueuedAt) / 1e9);
        return;
      }
      if (outcome.kind === 'aborted') {
        this.#toDeadLetter(job, 'shutdown');
        return;
      }
      if (outcome.kind === 'final') {
        job.status = outcome.status;
        this.#toDeadLetter(job, 'rejected');
        return;
      }
      job.status = outcome.status;
      job.error = outcome.error;
      if (job.attempts > this.#config.maxRetries) {
        this.#toDeadLetter(job, 'retries_exhausted');
        return;
      }
      this.#stats.retried += 1;
      this.#metrics.retried.inc({ channel });
      const backoff = backoffDelay(
        job.attempts - 1,
        this.#config.backoffBaseMs,
        this.#config.backoffMaxMs,
        this.#random,
      );
      const delay =
        outcome.retryAfterMs === null ? backoff : Math.min(outcome.retryAfterMs, this.#config.backoffMaxMs);
      if (!(await this.#sleep(delay))) {
        this.#toDeadLetter(job, 'shutdown');
        return;
      }
    }
  }

  /** Sleep unless shutdown aborts first; false when aborted. */
  #sleep(ms: number): Promise<boolean> {
    const signal = this.#shutdown.signal;
    if (signal.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const onAbort = (): void => {
        clearTimeout(timer);
        resolve(false);
      };
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve(true);
      }, ms);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  async #attempt(payload: string): Promise<Outcome> {
    const timeout = AbortSignal.timeout(this.#config.timeoutMs);
    const signal = AbortSignal.any([timeout, this.#shutdown.signal]);
    try {
      const res = await request(this.#url!, {
        method: 'POST',
        headers: this.#headers,
        body: payload,
        signal,
        dispatcher: this.#http,
      });
      // Read the (small) answer fully so the connection can be reused; its content is not needed.
      await res.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
      const status = res.statusCode;
      if (status >= 200 && status < 300) return { kind: 'delivered' };
      if (status === 429 || status === 408 || status >= 500) {
        return {
          kind: 'retry',
          status,
          error: null,
          retryAfterMs: parseRetryAfter(res.headers['retry-after']),
        };
      }
      return { kind: 'final', status };
    } catch (err) {
      if (this.#shutdown.signal.aborted) return { kind: 'aborted' };
      // Only the error code: undici messages can carry the host, and a webhook's secret is its URL.
      const code = timeout.aborted
        ? 'TIMEOUT'
        : ((err as NodeJS.ErrnoException).code ?? (err as Error).name ?? 'network');
      return { kind: 'retry', status: null, error: code, retryAfterMs: null };
    }
  }

  #toDeadLetter(job: Job, reason: DeadLetterReason): void {
    const channel = this.channel ?? 'none';
    let body: unknown;
    let alertId = 'unbuilt';
    try {
      body = this.#bodyOf(job);
      alertId = this.#eventOf(job).id;
    } catch {
      // Never fall back to the raw input: it holds the unscrubbed command.
      body = { error: 'the alert could not be built' };
    }
    if (channel === 'pagerduty' && body && typeof body === 'object' && 'routing_key' in body) {
      body = { ...body, routing_key: '[REDACTED]' };
    }
    this.#deadLetter.append({
      ts: new Date().toISOString(),
      channel,
      reason,
      attempts: job.attempts,
      status: job.status,
      error: job.error,
      alert_id: alertId,
      body,
    });
    this.#stats.deadLettered += 1;
    this.#metrics.deadLettered.inc({ channel, reason });
    this.#logger.warn(
      {
        channel,
        reason,
        attempts: job.attempts,
        status: job.status,
        error: job.error,
        alertId,
      },
      'alert dead-lettered',
    );
  }
}

/**
 * The dispatcher for `config.alerts`. With no channel configured it is a no-op (`enabled` false,
 * `enqueue` returns 'disabled'), so callers never branch on configuration.
 */
export function createAlertDispatcher(config: AlertsConfig, deps: AlertDispatcherDeps = {}): AlertDispatcher {
  return new AlertDispatcher(config, deps);
}
