/**
 * Issue 27: every metric and label value the alert rules and the dashboard match exists in what a
 * live sidecar and a live injector export after real traffic: allowed and denied API calls, a
 * vetoed MCP call, a denied tool call proposed by a model, a scrubbed prompt, an alert delivery
 * refused by its channel, injector reviews (one malformed) and a failed certificate reload.
 * Every name in src/telemetry/metric-names.ts must be registered by one of the two.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { request } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { startInjectServer, type InjectServer } from '../../src/inject/server.js';
import type { RunningServer } from '../../src/server.js';
import { createLogger } from '../../src/telemetry/logger.js';
import { METRIC } from '../../src/telemetry/metric-names.js';
import { createRegistry } from '../../src/telemetry/registry.js';
import { PANELS, RULE_GROUPS } from '../../scripts/generate-monitoring.js';
import { call, start, tempDir } from '../api/harness.js';

let upstream: Server;
let sidecar: RunningServer;
let injector: InjectServer;
let ca = '';
let scraped = '';
const dir = tempDir();

function upstreamHandler(req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const json = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url?.startsWith('/siem')) return json(400, { error: 'refused' });
    if (req.url?.startsWith('/mcp')) return json(200, { jsonrpc: '2.0', id: 1, result: { content: [] } });
    // A model proposing a destructive shell call.
    json(200, {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1764115200,
      model: 'gpt-fake',
      choices: [
        {
          index: 0,
          finish_reason: 'tool_calls',
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id: 'call_1',
                type: 'function',
                function: {
                  name: 'bash',
                  arguments: JSON.stringify({ command: 'rm -rf / --no-preserve-root' }),
                },
              },
            ],
          },
        },
      ],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    });
  });
}

function review(body: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${injector.url}/mutate`,
      { method: 'POST', ca, agent: false, headers: { 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve());
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function injectorMetrics(): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(`${injector.url}/metrics`, { ca, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve(text));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  upstream = createServer(upstreamHandler);
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  sidecar = await start(
    {
      proxy: { openaiUpstream: origin, mcpUpstream: `${origin}/mcp`, toolCalls: 'enforce' },
      alerts: {
        channel: 'siem',
        webhookUrl: `${origin}/siem`,
        deadLetterFile: join(tempDir(), 'dead.jsonl'),
        maxRetries: 0,
      },
    },
    { proxy: true },
  );
  const url = sidecar.url;
  await call(url, '/api/v1/validate', { body: { command: 'ls -la' } });
  await call(url, '/api/v1/validate', { body: { command: 'rm -rf / --no-preserve-root' } });
  await call(url, '/api/v1/sanitize', { body: { text: 'key AKIAIOSFODNN7EXAMPLE here' } });
  await call(url, '/mcp', {
    body: {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'bash', arguments: { command: 'rm -rf / --no-preserve-root' } },
    },
  });
  await call(url, '/openai/v1/chat/completions', {
    body: { model: 'gpt-fake', messages: [{ role: 'user', content: 'my key is AKIAIOSFODNN7EXAMPLE' }] },
  });

  const pair = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  ca = pair.cert;
  writeFileSync(join(dir, 'tls.crt'), pair.cert);
  writeFileSync(join(dir, 'tls.key'), pair.private);
  const config = {
    ...loadConfig({ env: {}, cwd: dir }).inject,
    host: '127.0.0.1',
    port: 0,
    certFile: join(dir, 'tls.crt'),
    keyFile: join(dir, 'tls.key'),
  };
  injector = await startInjectServer({
    config,
    logger: createLogger({ level: 'silent' }),
    registry: createRegistry(),
    certReloadIntervalMs: 3_600_000,
  });
  const podReview = (uid: string, object: unknown) =>
    JSON.stringify({
      apiVersion: 'admission.k8s.io/v1',
      kind: 'AdmissionReview',
      request: {
        uid,
        kind: { group: '', version: 'v1', kind: 'Pod' },
        namespace: 'agents',
        operation: 'CREATE',
        object,
      },
    });
  await review(
    podReview('a-1', { metadata: { name: 'p' }, spec: { containers: [{ name: 'agent', image: 'x' }] } }),
  );
  await review(podReview('a-2', { metadata: {}, spec: {} }));
  writeFileSync(join(dir, 'tls.crt'), 'not a certificate');
  await injector.reloadCertificates();

  // Let the alert delivery fail and be dead-lettered before scraping.
  for (
    let i = 0;
    i < 50 &&
    !(await (await fetch(`${url}/metrics`)).text()).includes('agent_guard_alerts_dead_lettered_total{');
    i++
  )
    await new Promise((r) => setTimeout(r, 100));
  scraped = `${await (await fetch(`${url}/metrics`)).text()}\n${await injectorMetrics()}`;
}, 60_000);

afterAll(async () => {
  await Promise.all([sidecar?.close(), injector?.close(), new Promise((r) => upstream.close(r))]);
});

/** Families (# TYPE lines) and samples (name -> label sets) of the scrape. */
function parseScrape(text: string) {
  const families = new Set<string>();
  const samples = new Map<string, Record<string, string>[]>();
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) /.exec(line);
    if (type) families.add(type[1]!);
    const sample = /^([a-z_:][a-z0-9_:]*)(?:\{(.*)\})? /.exec(line);
    if (!sample || line.startsWith('#')) continue;
    const labels: Record<string, string> = {};
    for (const m of (sample[2] ?? '').matchAll(/([a-z_]+)="((?:[^"\\]|\\.)*)"/g)) labels[m[1]!] = m[2]!;
    samples.set(sample[1]!, [...(samples.get(sample[1]!) ?? []), labels]);
  }
  return { families, samples };
}

interface Selector {
  readonly metric: string;
  readonly equals: Readonly<Record<string, string>>;
}

/** Every agent_guard_* selector of an expression with its `label="value"` matchers. */
function selectors(expr: string): Selector[] {
  return [...expr.matchAll(/(?<![:\w])(agent_guard_[a-z0-9_]+)(\{([^}]*)\})?/g)].map((m) => {
    const equals: Record<string, string> = {};
    for (const x of (m[3] ?? '').matchAll(/([a-z_]+)="([^"]*)"/g))
      if (x[1] !== 'namespace') equals[x[1]!] = x[2]!;
    return { metric: m[1]!, equals };
  });
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

const family = (name: string): string => name.replace(/_(bucket|count|sum)$/, '');
const exprs: [string, string][] = [
  ...RULE_GROUPS.flatMap((g) => g.rules.map((r): [string, string] => [r.alert ?? r.record!, r.expr])),
  ...PANELS.flatMap((p) => p.targets.map((t): [string, string] => [`panel "${p.title}"`, t.expr])),
];

describe('a live sidecar and injector export what the rules and the dashboard query', () => {
  it('registers every metric name the code declares (live, or where its feature is configured)', () => {
    const { families } = parseScrape(scraped);
    // Registered only with their feature (a Redis URL, a watched policy file): the code that
    // registers them must exist. Everything else must be in the live scrape.
    const code = sourceFiles(join(import.meta.dirname, '../../src'))
      .filter((f) => !f.endsWith('metric-names.ts'))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    const never = Object.entries(METRIC)
      .filter(([key, name]) => !families.has(name) && !new RegExp(`METRIC\\.${key}\\b`).test(code))
      .map(([, name]) => name);
    expect(never).toEqual([]);
    const rulesAndPanels = new Set(exprs.flatMap(([, e]) => selectors(e).map((x) => family(x.metric))));
    expect([...rulesAndPanels].filter((name) => !families.has(name))).toEqual([]);
  });

  it.each(exprs)('%s: every metric exists and every matched label value is emitted', (_where, expr) => {
    const { families, samples } = parseScrape(scraped);
    const found = selectors(expr);
    // Expressions over recording rules only are checked through those rules' own rows.
    expect(found.length > 0 || /namespace:agent_guard_/.test(expr)).toBe(true);
    for (const s of found) {
      expect(families, `${s.metric} is not registered`).toContain(family(s.metric));
      if (Object.keys(s.equals).length === 0) continue;
      const series = samples.get(s.metric) ?? [];
      const match = series.some((labels) => Object.entries(s.equals).every(([k, v]) => labels[k] === v));
      expect(
        match,
        `${s.metric}${JSON.stringify(s.equals)} has no sample; saw ${JSON.stringify(series.slice(0, 5))}`,
      ).toBe(true);
    }
  });

  it('the committed rules file holds exactly the generated rules', () => {
    const rules = parseYaml(
      readFileSync(join(import.meta.dirname, '../../deploy/monitoring/agent-guard.rules.yaml'), 'utf8'),
    ) as { groups: unknown };
    expect(rules.groups).toEqual(JSON.parse(JSON.stringify(RULE_GROUPS)));
  });
});
