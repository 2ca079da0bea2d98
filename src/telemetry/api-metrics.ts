/**
 * The API's Prometheus metrics (names in metric-names.ts). Get-or-create on the registry, so a
 * second component asking for the same set shares the instances instead of failing on a duplicate.
 */
import { Counter, type Registry } from 'prom-client';
import { METRIC } from './metric-names.js';
import { talliedCounter, type Tally } from './tally.js';
import { talliedHistogram, type HistogramTally } from './tallied-histogram.js';

/** Latency buckets in seconds: the engine works in microseconds, HTTP in sub-milliseconds. */
const EVAL_BUCKETS = [5e-6, 1e-5, 2e-5, 3.5e-5, 5e-5, 1e-4, 2.5e-4, 5e-4, 1e-3, 5e-3, 0.025];
const HTTP_BUCKETS = [1e-4, 2.5e-4, 5e-4, 1e-3, 2.5e-3, 5e-3, 0.01, 0.025, 0.05, 0.1, 0.5, 1];

export interface ApiMetrics {
  /** Labels endpoint, method, status (a tally: counted per request). */
  readonly requests: Tally;
  /** Label endpoint (a tally: observed per request). */
  readonly requestDuration: HistogramTally;
  /** Labels endpoint, verdict, invariant, rule (a tally: counted per decision). */
  readonly decisions: Tally;
  /** Label endpoint (a tally: observed per decision). */
  readonly evalDuration: HistogramTally;
  readonly redactions: Counter<'family'>;
  readonly authFailures: Counter<'scheme' | 'reason'>;
  readonly rateLimited: Counter<'endpoint'>;
  readonly passportChecks: Counter<'result'>;
}

function counter<L extends string>(
  registry: Registry,
  name: string,
  help: string,
  labelNames: L[],
): Counter<L> {
  const existing = registry.getSingleMetric(name);
  if (existing) return existing as Counter<L>;
  return new Counter({ name, help, labelNames, registers: [registry] });
}

export function apiMetrics(registry: Registry): ApiMetrics {
  return {
    requests: talliedCounter(registry, METRIC.httpRequestsTotal, 'API requests answered', [
      'endpoint',
      'method',
      'status',
    ]),
    requestDuration: talliedHistogram(
      registry,
      METRIC.httpRequestDurationSeconds,
      'API request duration in seconds',
      ['endpoint'],
      HTTP_BUCKETS,
    ),
    decisions: talliedCounter(
      registry,
      METRIC.apiDecisionsTotal,
      'API decisions by verdict, invariant and rule',
      ['endpoint', 'verdict', 'invariant', 'rule'],
    ),
    evalDuration: talliedHistogram(
      registry,
      METRIC.apiEvalDurationSeconds,
      'Engine evaluation time in seconds, as measured by the API',
      ['endpoint'],
      EVAL_BUCKETS,
    ),
    redactions: counter(registry, METRIC.apiRedactionsTotal, 'Secrets redacted by /sanitize', ['family']),
    authFailures: counter(registry, METRIC.authFailuresTotal, 'Refused credentials', ['scheme', 'reason']),
    rateLimited: counter(registry, METRIC.rateLimitedRequestsTotal, 'Requests refused by the rate limit', [
      'endpoint',
    ]),
    passportChecks: counter(registry, METRIC.passportChecksTotal, 'Passport checks by result', ['result']),
  };
}
