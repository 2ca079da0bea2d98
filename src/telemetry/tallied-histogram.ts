/**
 * A hot-path histogram kept as plain per-bucket counts and handed to prom-client when the registry
 * is read, like the counters in tally.ts: prom-client's `observe` validates and hashes the label
 * object and walks an object keyed by bound on every call (about 0.5 µs).
 *
 * Publishing writes the series into the histogram's `hashMap`, the one structure prom-client 15
 * reads to expose a histogram (`getForPromString`, after calling `collect`); prom-client has no
 * public way to set bucket counts. test/telemetry/tallied-histogram.test.ts compares the exposition
 * with a plain prom-client histogram fed the same values, so a prom-client upgrade that changes this
 * fails there.
 */
import { Histogram, type Registry } from 'prom-client';
import { SeriesIndex, talliedMetric, type LabelValue } from './tally.js';

interface Series {
  readonly labels: Record<string, string>;
  /** counts[i]: observations in (bounds[i-1], bounds[i]]; the last slot is above every bound. */
  readonly counts: Float64Array;
  sum: number;
  count: number;
}

interface PromHistogramState {
  hashMap: Record<
    string,
    { labels: Record<string, string>; bucketValues: Record<number, number>; sum: number; count: number }
  >;
}

export class HistogramTally {
  readonly #bounds: readonly number[];
  readonly #series: SeriesIndex<Series>;

  constructor(labelNames: readonly string[], bounds: readonly number[]) {
    this.#bounds = [...bounds].sort((a, b) => a - b);
    const slots = this.#bounds.length + 1;
    this.#series = new SeriesIndex(labelNames, (labels) => ({
      labels,
      counts: new Float64Array(slots),
      sum: 0,
      count: 0,
    }));
  }

  /** Record `value` in the series with these label values (label order). Non-finite values are dropped. */
  observe(value: number, a: LabelValue, b?: LabelValue, c?: LabelValue, d?: LabelValue): void {
    if (!Number.isFinite(value)) return;
    const series = this.#series.get(a, b, c, d);
    const bounds = this.#bounds;
    let i = 0;
    while (i < bounds.length && value > bounds[i]!) i++;
    series.counts[i]!++;
    series.sum += value;
    series.count++;
  }

  publish(histogram: Histogram): void {
    const state = histogram as unknown as PromHistogramState;
    const hashMap: PromHistogramState['hashMap'] = {};
    let n = 0;
    for (const series of this.#series.all()) {
      const bucketValues: Record<number, number> = {};
      this.#bounds.forEach((bound, i) => (bucketValues[bound] = series.counts[i]!));
      hashMap[String(n++)] = { labels: series.labels, bucketValues, sum: series.sum, count: series.count };
    }
    state.hashMap = hashMap;
  }
}

/** The tally behind histogram `name` on `registry` (see talliedMetric in tally.ts). */
export function talliedHistogram(
  registry: Registry,
  name: string,
  help: string,
  labelNames: string[],
  buckets: number[],
): HistogramTally {
  return talliedMetric<Histogram, HistogramTally>(
    registry,
    name,
    () => new HistogramTally(labelNames, buckets),
    (collect) =>
      new Histogram({
        name,
        help,
        labelNames,
        buckets,
        registers: [registry],
        collect() {
          collect(this);
        },
      }),
  );
}
