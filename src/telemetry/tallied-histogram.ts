/**
 * A histogram observed on the hot path by positional label values, like the counters in tally.ts.
 * Each label combination's prom-client child (`histogram.labels(...)`) is found once through a
 * SeriesIndex, so no label object is built per observation; the counting itself is prom-client's,
 * through its public interface.
 */
import { Histogram, type Registry } from 'prom-client';
import { SeriesIndex, type LabelValue } from './tally.js';

type Child = ReturnType<Histogram['labels']>;

export class HistogramTally {
  readonly #children: SeriesIndex<Child>;

  constructor(histogram: Histogram, labelNames: readonly string[]) {
    this.#children = new SeriesIndex(labelNames, (labels) => histogram.labels(labels));
  }

  /** Record `value` in the series with these label values (label order). Non-finite values are dropped. */
  observe(value: number, a: LabelValue, b?: LabelValue, c?: LabelValue, d?: LabelValue): void {
    // prom-client throws on NaN and infinities; a broken clock reading must not fail a request.
    if (!Number.isFinite(value)) return;
    this.#children.get(a, b, c, d).observe(value);
  }
}

/** One tally per histogram object, so two servers on one registry (tests) share a metric. */
const TALLIES = new WeakMap<Histogram, HistogramTally>();

/** The tally behind histogram `name` on `registry`, creating the histogram on first use. */
export function talliedHistogram(
  registry: Registry,
  name: string,
  help: string,
  labelNames: string[],
  buckets: number[],
): HistogramTally {
  const histogram =
    (registry.getSingleMetric(name) as Histogram | undefined) ??
    new Histogram({ name, help, labelNames, buckets, registers: [registry] });
  let tally = TALLIES.get(histogram);
  if (!tally) TALLIES.set(histogram, (tally = new HistogramTally(histogram, labelNames)));
  return tally;
}
