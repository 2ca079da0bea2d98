/**
 * The guard the checking CLI commands (exec, agent-guard-sh, hook) evaluate with: the configured
 * engine, plus incident alerts when a channel is configured (SPEC 6, "CLI where configured").
 * Callers `await guard.close()` before exiting so a queued alert is delivered or dead-lettered.
 */
import type { Config } from '../config/schema.js';
import { createGuard, type Guard } from '../library/create-guard.js';

export function createCliGuard(config: Readonly<Config>, cwd: string, command: string): Promise<Guard> {
  return createGuard({
    engine: config.engine,
    defaults: { cwd },
    ...(config.alerts.channel !== undefined
      ? { alerts: config.alerts, alertFrame: { kind: 'cli' as const, detail: command } }
      : {}),
  });
}
