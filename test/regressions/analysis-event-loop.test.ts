/**
 * Issue 24: one request's analysis must never stall the sidecar's other traffic. The slowest
 * analyses we can construct (just under the work budget: bash 2,100 statements, python doubling a
 * string 2,400 times; bench/lib/adversarial-inputs.ts) took 70-190 ms on the event loop. They now
 * run on the analysis worker: over real loopback sockets, /health is polled while each is in
 * flight and must answer several times before it does (counted, not timed), the decision is the
 * in-process engine's, and /metrics counts the offloaded analysis. The MCP route through the proxy
 * takes the same path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/engine/engine.js';
import type { RunningServer } from '../../src/server.js';
import { start } from '../api/harness.js';

let server: RunningServer;
let inline: Engine;
beforeAll(async () => {
  // The proxy serves /health; the decision cache is off so every request is analysed.
  server = await start({ engine: { cacheEntries: 0 } }, { proxy: true });
  inline = await createEngine({ config: { cacheEntries: 0 } });
});
afterAll(async () => {
  await server.close();
});

/** Polls /health until `pending` settles; resolves with the answers counted before it did. */
async function healthAnswersDuring(pending: Promise<unknown>): Promise<number> {
  let done = false;
  void pending.finally(() => {
    done = true;
  });
  let during = 0;
  while (!done) {
    const res = await fetch(`${server.url}/health`);
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    if (!done) during++;
  }
  return during;
}

const SLOWEST: ReadonlyArray<[string, string, string]> = [
  ['bash, 2,100 statements', 'bash', 'rm -f ./x; '.repeat(2100)],
  ['python, self-doubling string', 'python', 'a = "xx"\n' + 'a = a + a\n'.repeat(2400)],
  [
    'node, forEach(execSync) chains',
    'node',
    'const cp = require("child_process");\n' + '["ls"].forEach(cp.execSync);\n'.repeat(560),
  ],
];

describe('the slowest analyses run off the event loop', () => {
  it.each(SLOWEST)(
    '%s: /health answers while /validate works; same decision',
    async (_n, runtime, command) => {
      const validate = fetch(`${server.url}/api/v1/validate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ command, runtime }),
      }).then(async (res) => ({
        status: res.status,
        body: (await res.json()) as { allowed: boolean; findings: unknown[] },
      }));
      const during = await healthAnswersDuring(validate);
      const answer = await validate;
      expect(answer.status).toBe(200);
      const want = inline.evaluate({ text: command, runtime }).decision;
      expect(answer.body.allowed).toBe(want.allowed);
      expect(answer.body.findings.length).toBe(want.findings.length);
      // On the event loop, /health could answer at most once or twice around the upload.
      expect(during).toBeGreaterThanOrEqual(3);
    },
  );

  it('counts offloaded analyses in /metrics', async () => {
    const text = await (await fetch(`${server.url}/metrics`)).text();
    const m = /agent_guard_analysis_offloaded_total\{outcome="answered"\} (\d+)/.exec(text);
    expect(Number(m?.[1])).toBeGreaterThanOrEqual(SLOWEST.length);
  });

  it('answers /gate TOOL_CALL from the worker with the in-process veto', async () => {
    const call = { name: 'bash', arguments: { command: 'rm -f ./x; '.repeat(2000) + 'rm -rf ~' } };
    const res = await fetch(`${server.url}/api/v1/gate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'TOOL_CALL', tool_name: call.name, arguments: call.arguments }),
    });
    const body = (await res.json()) as { allowed: boolean; rule_id?: string };
    expect(res.status).toBe(403);
    expect(body.allowed).toBe(false);
    expect(body.rule_id).toBe(inline.validateToolCall(call).decision.findings[0]?.ruleId);
  });
});
