/**
 * One prom-client registry per server (never the global one, so tests can start many servers in
 * one process). Node process metrics are collected with prom-client's standard names.
 */
import { collectDefaultMetrics, Registry } from 'prom-client';

export interface RegistryOptions {
  /** Collect process_* and nodejs_* metrics (CPU, memory, event-loop lag, GC). Default true. */
  readonly processMetrics?: boolean;
}

export function createRegistry(options: RegistryOptions = {}): Registry {
  const registry = new Registry();
  if (options.processMetrics !== false) collectDefaultMetrics({ register: registry });
  return registry;
}
