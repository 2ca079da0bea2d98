/**
 * Hot-path metrics kept as plain numbers and handed to prom-client only when the registry is read
 * (the metric's documented `collect` hook), because prom-client validates and hashes the label
 * object on every `inc`. Series are found through one Map per label, keyed by
 * the label values themselves (route names, endpoints and verdicts are the same string objects on
 * every request, their hashes cached), so no key string or label object is built per request.
 */
import { Counter, type Registry } from 'prom-client';

/** A label value as passed; numbers (status codes) become strings in the exported labels. */
export type LabelValue = string | number;

/** Up to four label values, in the metric's label order. */
type Values = readonly [LabelValue, LabelValue?, LabelValue?, LabelValue?];

/**
 * Finds or creates the series for a set of label values. `make` builds a new series from its label
 * object the first time a combination is seen. A value must always be passed with the same type for
 * one label (200 and '200' would be two series with the same exported labels).
 */
export class SeriesIndex<S> {
  readonly #names: readonly string[];
  readonly #root = new Map<LabelValue, unknown>();
  readonly #all: S[] = [];
  readonly #make: (labels: Record<string, string>) => S;

  constructor(names: readonly string[], make: (labels: Record<string, string>) => S) {
    if (names.length < 1 || names.length > 4) throw new RangeError('a tallied metric has 1 to 4 labels');
    this.#names = names;
    this.#make = make;
  }

  get(a: LabelValue, b: LabelValue = '', c: LabelValue = '', d: LabelValue = ''): S {
    const depth = this.#names.length;
    let level = this.#root;
    let key = a;
    for (let i = 1; i < depth; i++) {
      let next = level.get(key) as Map<LabelValue, unknown> | undefined;
      if (next === undefined) level.set(key, (next = new Map<LabelValue, unknown>()));
      level = next;
      key = i === 1 ? b : i === 2 ? c : d;
    }
    const found = level.get(key) as S | undefined;
    if (found !== undefined) return found;
    const values: Values = [a, b, c, d];
    const labels: Record<string, string> = {};
    this.#names.forEach((name, i) => (labels[name] = String(values[i])));
    const series = this.#make(labels);
    this.#all.push(series);
    level.set(key, series);
    return series;
  }

  all(): readonly S[] {
    return this.#all;
  }
}

interface CounterSeries {
  readonly labels: Record<string, string>;
  value: number;
}

export class Tally {
  readonly #series: SeriesIndex<CounterSeries>;

  constructor(labelNames: readonly string[]) {
    this.#series = new SeriesIndex(labelNames, (labels) => ({ labels, value: 0 }));
  }

  /** Add `value` to the series with these label values (in the counter's label order). */
  add(value: number, a: LabelValue, b?: LabelValue, c?: LabelValue, d?: LabelValue): void {
    this.#series.get(a, b, c, d).value += value;
  }

  publish(counter: Counter): void {
    counter.reset();
    for (const series of this.#series.all()) counter.inc(series.labels, series.value);
  }
}

/** Tallies by the prom-client metric they publish to (any kind): one per metric object. */
const TALLIES = new WeakMap<object, { publish(metric: never): void }>();

/**
 * The tally behind metric `name` on `registry`, creating the metric on first use with `create`
 * (which must register it and pass `collect` on as its collect hook). A second caller on the same
 * registry (two servers in one process, tests) shares the metric and its tally. The metric must only
 * be fed through its tally: `collect` overwrites it with the tally's numbers.
 */
export function talliedMetric<M extends object, T extends { publish(metric: M): void }>(
  registry: Registry,
  name: string,
  newTally: () => T,
  create: (collect: (metric: M) => void) => M,
): T {
  const tallyOf = (metric: M): T => {
    let tally = TALLIES.get(metric) as T | undefined;
    if (!tally) {
      tally = newTally();
      TALLIES.set(metric, tally);
    }
    return tally;
  };
  const found = registry.getSingleMetric(name) as M | undefined;
  return tallyOf(found ?? create((metric) => tallyOf(metric).publish(metric)));
}

/** The tally behind counter `name` on `registry` (see talliedMetric). */
export function talliedCounter(registry: Registry, name: string, help: string, labelNames: string[]): Tally {
  return talliedMetric<Counter, Tally>(
    registry,
    name,
    () => new Tally(labelNames),
    (collect) =>
      new Counter({
        name,
        help,
        labelNames,
        registers: [registry],
        collect() {
          collect(this);
        },
      }),
  );
}
