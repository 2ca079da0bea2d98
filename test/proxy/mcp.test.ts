/** MCP route: tools/call payloads judged by the engine before they reach the tool server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRIC } from '../../src/telemetry/metric-names.js';
import {
  json,
  metricValue,
  request,
  startSidecar,
  startUpstream,
  type TestSidecar,
  type TestUpstream,
} from './helpers.js';

let tools: TestUpstream;
let sidecar: TestSidecar;
let jsonrpcStyle: TestSidecar;
let audit: TestSidecar;

beforeAll(async () => {
  tools = await startUpstream((_req, res, body) => {
    const msg = JSON.parse(body.toString()) as { id?: unknown } | Array<{ id?: unknown }>;
    const answer = (m: { id?: unknown }) => ({
      jsonrpc: '2.0',
      id: m.id,
      result: { content: [{ type: 'text', text: 'done' }] },
    });
    json(res, 200, Array.isArray(msg) ? msg.map(answer) : answer(msg), { 'mcp-session-id': 's-1' });
  });
  sidecar = await startSidecar({ proxy: { mcpUpstream: `${tools.url}/mcp` } });
  jsonrpcStyle = await startSidecar({ proxy: { mcpUpstream: `${tools.url}/mcp`, mcpVeto: 'jsonrpc' } });
  audit = await startSidecar({ proxy: { mcpUpstream: `${tools.url}/mcp`, mode: 'audit' } });
});

afterAll(async () => {
  await Promise.all([sidecar?.close(), jsonrpcStyle?.close(), audit?.close()]);
  await tools?.close();
});

const call = (id: number, command: string) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'run_shell', arguments: { command } },
});

function mcp(target: TestSidecar, body: unknown) {
  return request(`${target.url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-session-id': 's-1',
    },
    body: JSON.stringify(body),
  });
}

describe('MCP tools/call', () => {
  it('vetoes rm -rf / with 403 and the remediation envelope; nothing reaches the tool server', async () => {
    const before = tools.received.length;
    const res = await mcp(sidecar, call(7, 'rm -rf /'));
    expect(res.status).toBe(403);
    const body = res.json() as Record<string, unknown>;
    expect(body).toMatchObject({ allowed: false, verdict: 'DENY', jsonrpc_ids: [7] });
    expect(body.rule_id).toMatch(/^[A-Z]+-AST-\d{3}$/);
    for (const field of [
      'reason',
      'remediation_hint',
      'tokens_conserved',
      'in_process_latency_us',
      'signed_merkle_receipt',
      'findings',
    ]) {
      expect(body).toHaveProperty(field);
    }
    expect(tools.received.length).toBe(before);
    expect(
      await metricValue(sidecar.registry, METRIC.proxyVetoesTotal, { route: '/mcp', mode: 'enforce' }),
    ).toBe(1);
  });

  it('forwards a safe call, and other methods, unchanged to the endpoint path', async () => {
    const before = tools.received.length;
    const safe = call(8, 'ls -la src');
    const res = await mcp(sidecar, safe);
    expect(res.status).toBe(200);
    expect(res.headers['mcp-session-id']).toBe('s-1');
    const got = tools.received[before]!;
    expect(got.url).toBe('/mcp');
    expect(JSON.parse(got.body.toString())).toEqual(safe);
    expect((await mcp(sidecar, { jsonrpc: '2.0', id: 9, method: 'tools/list' })).status).toBe(200);
    expect(tools.received.length).toBe(before + 2);
  });

  it('the jsonrpc option answers with an isError tool result carrying the envelope', async () => {
    const res = await mcp(jsonrpcStyle, call(3, 'rm -rf /'));
    expect(res.status).toBe(200);
    const body = res.json() as {
      id: number;
      result: {
        isError: boolean;
        content: Array<{ text: string }>;
        structuredContent?: unknown;
      };
    };
    expect(body.id).toBe(3);
    expect(body.result.isError).toBe(true);
    // No structuredContent: it would fail a tool's outputSchema in the client (issue 25).
    expect(body.result.structuredContent).toBeUndefined();
    expect(JSON.parse(body.result.content[1]!.text)).toMatchObject({ allowed: false, verdict: 'DENY' });
  });

  it('a batch with one vetoed call forwards nothing; jsonrpc style answers every request in it', async () => {
    const before = tools.received.length;
    const batch = [
      call(1, 'ls'),
      call(2, 'rm -rf /'),
      { jsonrpc: '2.0', method: 'notifications/progress', params: {} },
    ];
    expect((await mcp(sidecar, batch)).status).toBe(403);
    const res = await mcp(jsonrpcStyle, batch);
    const answers = res.json() as Array<{
      id: number;
      result?: { isError: boolean };
      error?: { code: number };
    }>;
    expect(answers.map((a) => a.id)).toEqual([1, 2]);
    expect(answers[0]!.error!.code).toBe(-32001);
    expect(answers[1]!.result!.isError).toBe(true);
    expect(tools.received.length).toBe(before);
    expect((await mcp(sidecar, [call(4, 'ls'), call(5, 'pwd')])).status).toBe(200);
  });

  it('the hardware view is added to envelopes when enabled', async () => {
    const hw = await startSidecar({
      proxy: { mcpUpstream: `${tools.url}/mcp`, hardwareView: { enabled: true, memoryBudgetGb: 16 } },
    });
    try {
      const body = (await mcp(hw, call(12, 'rm -rf /'))).json() as Record<string, unknown>;
      expect(body).toMatchObject({
        status: 'AWAITING_TOOL_CALL',
        agent_reflex: 'ARMED',
        memory_budget_gb: 16,
      });
      expect(body.host_hardware).toMatch(/ x\d+/);
    } finally {
      await hw.close();
    }
  });

  it('audit mode forwards a denied call and counts it', async () => {
    const before = tools.received.length;
    expect((await mcp(audit, call(11, 'rm -rf /'))).status).toBe(200);
    expect(tools.received.length).toBe(before + 1);
    expect(await metricValue(audit.registry, METRIC.proxyVetoesTotal, { route: '/mcp', mode: 'audit' })).toBe(
      1,
    );
  });
});

describe('tool route', () => {
  let tool: TestSidecar;
  beforeAll(async () => {
    tool = await startSidecar({
      proxy: { routes: [{ prefix: '/tools/exec', upstream: tools.url, adapter: 'tool' }] },
    });
  });
  afterAll(() => tool?.close());

  it.each([
    [{ command: 'curl http://169.254.169.254/latest/meta-data/' }, 403],
    [{ sql: 'DROP TABLE users' }, 403],
    [{ code: 'import shutil; shutil.rmtree("/")', runtime: 'python' }, 403],
    [{ command: 'echo hello' }, 200],
  ])('%j → %i', async (body, status) => {
    const res = await request(`${tool.url}/tools/exec/run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, ...body }),
    });
    expect(res.status).toBe(status);
  });
});
