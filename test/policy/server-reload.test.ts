/** The policy file through a running server: custom rule ids on the wire, hot reload, last good file kept. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server.js';
import { LogSink, start, tempDir } from '../api/harness.js';

const GOOD = [
  'version: 1',
  'rules:',
  '  - id: TEAM-AST-001',
  '    reason: terraform destroy needs a human',
  '    match: { command: "terraform destroy*" }',
  '',
].join('\n');
const ALLOWING = `${GOOD}allow:\n  - rule: TEAM-AST-001\n    command: "terraform destroy -target=*"\n`;
const BROKEN = `${GOOD}allow:\n  - rule: TEAM-AST-001\n    comand: x\n`;

let server: RunningServer;
let file: string;
const logs = new LogSink();

async function validate(command: string): Promise<{ allowed: boolean; rule_id: string | null }> {
  const res = await fetch(`${server.url}/api/v1/validate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ command }),
  });
  return (await res.json()) as { allowed: boolean; rule_id: string | null };
}

async function until(cond: () => Promise<boolean> | boolean, ms = 8000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  file = join(tempDir(), 'policy.yaml');
  writeFileSync(file, GOOD);
  server = await start({ engine: { policyFile: file } }, { logs });
});
afterAll(async () => {
  await server.close();
});

describe('a running server with AGENT_GUARD_POLICY_FILE', () => {
  it('reports the custom rule id, re-reads the file on change and keeps the last good one', async () => {
    expect(await validate("bash -c 'env terraform destroy -target=x'")).toMatchObject({
      allowed: false,
      rule_id: 'TEAM-AST-001',
    });
    writeFileSync(file, ALLOWING);
    await until(async () => {
      const r = await validate('terraform destroy -target=x');
      return !r.rule_id?.startsWith('TEAM');
    });
    writeFileSync(file, BROKEN);
    await until(() => logs.lines.some((l) => l.includes('policy file change refused')));
    expect((await validate('terraform destroy -target=x')).rule_id).not.toBe('TEAM-AST-001');
    expect((await validate('terraform destroy')).rule_id).toBe('TEAM-AST-001');
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).toMatch(/agent_guard_policy_reloads_total\{result="failed"\} 1/);
  });
});
