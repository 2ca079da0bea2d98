import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { watchPolicyFile } from '../../src/policy/watch.js';
import { testEngine } from '../helpers/engine.js';
import { tempDir } from '../support/temp-dir.js';

const ALLOW_RESET = 'version: 1\nallow:\n  - rule: GIT-AST-001\n    command: "git reset --hard*"\n';
const NO_ALLOW = 'version: 1\n';
const BROKEN = 'version: 1\nallow:\n  - rule: GIT-AST-001\n    comand: x\n';

function logger() {
  const lines: { level: string; obj: object; msg: string }[] = [];
  return {
    lines,
    info: (obj: object, msg: string) => lines.push({ level: 'info', obj, msg }),
    warn: (obj: object, msg: string) => lines.push({ level: 'warn', obj, msg }),
  };
}

async function until(cond: () => boolean, ms = 8000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out waiting for the reload');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('policy hot reload', () => {
  it('puts a good edit in force, refuses a broken one and keeps the last good policy', async () => {
    const dir = tempDir('ag-watch-');
    const file = join(dir, 'policy.yaml');
    writeFileSync(file, NO_ALLOW);
    const engine = await testEngine({ config: { policyFile: file, cacheEntries: 100 } });
    const registry = new Registry();
    const log = logger();
    const watch = watchPolicyFile({ engine, registry, logger: log, pollMs: 50, debounceMs: 10 })!;
    try {
      const allowed = () => engine.evaluate({ text: 'git reset --hard', runtime: 'bash' }).decision.allowed;
      expect(allowed()).toBe(false);

      writeFileSync(file, ALLOW_RESET);
      await until(allowed);

      writeFileSync(file, BROKEN);
      await until(() => log.lines.some((l) => l.level === 'warn'));
      expect(allowed()).toBe(true);
      const warn = log.lines.find((l) => l.level === 'warn')!;
      expect(warn.obj).toMatchObject({ code: 'AG_ERR_POLICY_INVALID' });
      expect(JSON.stringify(warn.obj)).toContain('policy.yaml:4: allow.0.comand');
      const metrics = await registry.getSingleMetricAsString('agent_guard_policy_reloads_total');
      expect(metrics).toMatch(/result="failed"} 1/);
      expect(metrics).toMatch(/result="ok"} 1/);

      writeFileSync(file, NO_ALLOW);
      await until(() => !allowed());
    } finally {
      watch.close();
    }
  });

  it('does nothing when the content did not change', async () => {
    const dir = tempDir('ag-watch-');
    const file = join(dir, 'policy.yaml');
    writeFileSync(file, ALLOW_RESET);
    const engine = await testEngine({ config: { policyFile: file } });
    const watch = watchPolicyFile({ engine, logger: logger(), pollMs: 60_000 })!;
    const digest = engine.policy.digest;
    writeFileSync(file, ALLOW_RESET);
    expect(watch.check()).toBe(false);
    expect(engine.policy.digest).toBe(digest);
    watch.close();
  });

  it('is not started without a policy file', async () => {
    const engine = await testEngine();
    expect(watchPolicyFile({ engine, logger: logger() })).toBeNull();
  });
});
