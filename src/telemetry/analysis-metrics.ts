/** Counters of the analysis worker (src/engine-worker/host.ts): how often analyses leave the event loop. */
import { Counter, type Registry } from 'prom-client';
import type { AnalysisWorkerOptions } from '../engine-worker/host.js';
import { METRIC } from './metric-names.js';

/** The worker's event hooks, counting into `registry`. */
export function analysisWorkerMetrics(
  registry: Registry,
): Required<Pick<AnalysisWorkerOptions, 'onEvent' | 'onJob'>> {
  const jobs = new Counter({
    name: METRIC.analysisOffloadedTotal,
    help: 'Analyses run on the analysis worker by outcome (answered, busy, failed)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const events = new Counter({
    name: METRIC.analysisWorkerEventsTotal,
    help: 'Analysis worker thread events (started, crashed, stalled)',
    labelNames: ['event'],
    registers: [registry],
  });
  return {
    onJob: (outcome) => jobs.inc({ outcome }),
    onEvent: (event) => events.inc({ event }),
  };
}
