/**
 * Hot reload of the policy file in a running server: fs.watch on the file's directory (editors
 * and Kubernetes ConfigMaps replace files by rename, which a watch on the file itself misses) plus
 * a stat poll as the fallback where fs.watch is unreliable (network and overlay file systems).
 * A change is re-read and compiled; a good file is put in force with engine.reloadPolicy (new
 * policy and new cache together); a broken one is logged, counted, and the last good policy stays.
 */
import { watch, watchFile, unwatchFile, readFileSync, type FSWatcher } from 'node:fs';
import { hash } from 'node:crypto';
import { basename, dirname } from 'node:path';
import { Counter, type Registry } from 'prom-client';
import type { Engine } from '../engine/engine.js';
import { isAgentGuardError } from '../errors.js';
import { METRIC } from '../telemetry/metric-names.js';
import { loadPolicyFile } from './load.js';

export interface PolicyWatchLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface PolicyWatchOptions {
  readonly engine: Engine;
  readonly registry?: Registry;
  readonly logger: PolicyWatchLogger;
  /** Stat-poll interval of the fallback, ms. Default 2000. */
  readonly pollMs?: number;
  /** Quiet time after a change before the file is read (editors write in steps), ms. Default 100. */
  readonly debounceMs?: number;
}

export interface PolicyWatch {
  /** Re-read now (also what a change triggers); resolves to whether a new policy is in force. */
  check(): boolean;
  close(): void;
}

function digestOf(path: string): string | null {
  try {
    return hash('sha256', readFileSync(path), 'hex');
  } catch {
    return null;
  }
}

/** Watch engine.policyFile; returns null when the engine has none. */
export function watchPolicyFile(options: PolicyWatchOptions): PolicyWatch | null {
  const { engine, logger } = options;
  const file = engine.policyFile;
  if (file === undefined) return null;
  const reloads =
    options.registry === undefined
      ? undefined
      : new Counter({
          name: METRIC.policyReloadsTotal,
          help: 'Policy file reloads, by result (ok, failed).',
          labelNames: ['result'],
          registers: [options.registry],
        });
  reloads?.inc({ result: 'ok' }, 0);
  reloads?.inc({ result: 'failed' }, 0);

  // The content in force (or last seen broken), so a touch without a change does nothing.
  let lastSeen = digestOf(file);
  let timer: NodeJS.Timeout | undefined;

  const check = (): boolean => {
    const now = digestOf(file);
    if (now === lastSeen) return false;
    lastSeen = now;
    try {
      const rules = loadPolicyFile(file);
      engine.reloadPolicy(rules);
      reloads?.inc({ result: 'ok' });
      logger.info({ file, digest: engine.policy.digest }, 'policy file reloaded');
      return true;
    } catch (err) {
      reloads?.inc({ result: 'failed' });
      logger.warn(
        {
          file,
          code: isAgentGuardError(err) ? err.code : 'unknown',
          problems: err instanceof Error ? err.message : String(err),
        },
        'policy file change refused; the last good policy stays in force',
      );
      return false;
    }
  };
  const schedule = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      check();
    }, options.debounceMs ?? 100);
    timer.unref();
  };

  let watcher: FSWatcher | undefined;
  try {
    const name = basename(file);
    watcher = watch(dirname(file), { persistent: false }, (_event, changed) => {
      // ConfigMap updates swap a `..data` symlink: any change in the directory may be ours.
      if (changed === null || changed === name || changed.startsWith('..')) schedule();
    });
    watcher.on('error', () => {
      watcher?.close();
      watcher = undefined;
    });
  } catch {
    watcher = undefined; // the poll below still sees changes
  }
  const onStat = (): void => schedule();
  watchFile(file, { interval: options.pollMs ?? 2000, persistent: false }, onStat);

  return {
    check,
    close(): void {
      if (timer !== undefined) clearTimeout(timer);
      watcher?.close();
      unwatchFile(file, onStat);
    },
  };
}
