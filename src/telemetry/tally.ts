/**
 * Hot-path counters kept as plain numbers and handed to prom-client only when the registry is read
 * (the counter's `collect` hook): prom-client validates and hashes the label object on every `inc`,
 * about 0.6 µs a call, which on a cached /validate answer or a passthrough request is a measurable
 * share of the whole request (docs/performance.md).
 */
import { Counter, type Registry } from 'prom-client';

interface Series {
  readonly labels: Record<string, string>;
  value: number;
}

export class Tally {
  readonly #series = new Map<string, Series>();

  /**
   * Add `value` to the series `key`: a string the caller builds from the label values, one-to-one
   * with them (join with `\0`). `labels` is called only the first time a key is seen.
   */
  add(key: string, labels: () => Record<string, string>, value = 1): void {
    const series = this.#series.get(key);
    if (series) series.value += value;
    else this.#series.set(key, { labels: labels(), value });
  }

  publish(counter: Counter): void {
    counter.reset();
    for (const series of this.#series.values()) counter.inc(series.labels, series.value);
  }
}

const TALLIES = new WeakMap<Counter, Tally>();

function tallyOf(counter: Counter): Tally {
  let tally = TALLIES.get(counter);
  if (!tally) {
    tally = new Tally();
    TALLIES.set(counter, tally);
  }
  return tally;
}

/**
 * The tally behind counter `name` on `registry`, creating the counter on first use. A second caller
 * on the same registry (two servers in one process, tests) shares the counter and its tally. The
 * counter must only ever be increased through its tally: `collect` overwrites it with the tally.
 */
export function talliedCounter(registry: Registry, name: string, help: string, labelNames: string[]): Tally {
  const found = registry.getSingleMetric(name);
  if (found) return tallyOf(found as Counter);
  const created: Counter = new Counter({
    name,
    help,
    labelNames,
    registers: [registry],
    collect() {
      tallyOf(created).publish(created);
    },
  });
  return tallyOf(created);
}
