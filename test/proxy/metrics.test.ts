import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createProxyMetrics } from '../../src/proxy/metrics.js';

async function series(registry: Registry, name: string): Promise<string[]> {
  const text = await registry.metrics();
  return text.split('\n').filter((line) => line.startsWith(`${name}{`));
}

describe('proxy metrics', () => {
  it('publishes tallied counters at scrape time, the same on every scrape', async () => {
    const registry = new Registry();
    const m = createProxyMetrics(registry);
    m.request('default', 'passthrough', 'forwarded');
    m.request('default', 'passthrough', 'forwarded');
    m.request('/openai', 'openai', 'vetoed');
    m.upstreamResponse('default', 200, 0.002);
    m.upstreamResponse('default', 502, 0.001);
    m.requestBytes('/openai', 100);
    m.requestBytes('/openai', 0); // nothing sent: no series change
    m.responseBytes('default', 250);
    m.responseBytes('default', 50);
    const expected = [
      'agent_guard_proxy_requests_total{route="default",adapter="passthrough",outcome="forwarded"} 2',
      'agent_guard_proxy_requests_total{route="/openai",adapter="openai",outcome="vetoed"} 1',
    ];
    expect(await series(registry, 'agent_guard_proxy_requests_total')).toEqual(expected);
    expect(await series(registry, 'agent_guard_proxy_requests_total')).toEqual(expected);
    expect(await series(registry, 'agent_guard_proxy_upstream_responses_total')).toEqual([
      'agent_guard_proxy_upstream_responses_total{route="default",status="200"} 1',
      'agent_guard_proxy_upstream_responses_total{route="default",status="502"} 1',
    ]);
    expect(await series(registry, 'agent_guard_proxy_request_bytes_total')).toEqual([
      'agent_guard_proxy_request_bytes_total{route="/openai"} 100',
    ]);
    expect(await series(registry, 'agent_guard_proxy_response_bytes_total')).toEqual([
      'agent_guard_proxy_response_bytes_total{route="default"} 300',
    ]);
  });

  it('two proxies on one registry add to the same series', async () => {
    const registry = new Registry();
    createProxyMetrics(registry).request('default', 'passthrough', 'forwarded');
    createProxyMetrics(registry).request('default', 'passthrough', 'forwarded');
    expect(await series(registry, 'agent_guard_proxy_requests_total')).toEqual([
      'agent_guard_proxy_requests_total{route="default",adapter="passthrough",outcome="forwarded"} 2',
    ]);
  });

  it('publishes the in-flight gauge at scrape time, shared by proxies on one registry', async () => {
    const registry = new Registry();
    const a = createProxyMetrics(registry);
    const b = createProxyMetrics(registry);
    a.inFlight(1);
    b.inFlight(1);
    a.inFlight(1);
    b.inFlight(-1);
    const text = await registry.metrics();
    expect(text).toContain('\nagent_guard_proxy_in_flight_requests 2\n');
    a.inFlight(-1);
    a.inFlight(-1);
    expect(await registry.metrics()).toContain('\nagent_guard_proxy_in_flight_requests 0\n');
  });

  it('keeps series apart by every label value, numbers included', async () => {
    const registry = new Registry();
    const m = createProxyMetrics(registry);
    m.upstreamResponse('default', 200, 0.001);
    m.upstreamResponse('/openai', 200, 0.001);
    m.upstreamResponse('default', 200, 0.001);
    m.upstreamResponse('default', 404, 0.001);
    m.request('default', 'passthrough', 'failed');
    m.request('default', 'openai', 'failed');
    expect(await series(registry, 'agent_guard_proxy_upstream_responses_total')).toEqual([
      'agent_guard_proxy_upstream_responses_total{route="default",status="200"} 2',
      'agent_guard_proxy_upstream_responses_total{route="/openai",status="200"} 1',
      'agent_guard_proxy_upstream_responses_total{route="default",status="404"} 1',
    ]);
    expect(await series(registry, 'agent_guard_proxy_requests_total')).toEqual([
      'agent_guard_proxy_requests_total{route="default",adapter="passthrough",outcome="failed"} 1',
      'agent_guard_proxy_requests_total{route="default",adapter="openai",outcome="failed"} 1',
    ]);
  });

  it('exposes the duration histograms exactly as a plain prom-client histogram would', async () => {
    const registry = new Registry();
    const m = createProxyMetrics(registry);
    const plain = new Registry();
    const upstream = new Histogram({
      name: 'agent_guard_proxy_upstream_duration_seconds',
      help: 'Time from dispatch to upstream response headers, seconds.',
      labelNames: ['route'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
      registers: [plain],
    });
    const added = new Histogram({
      name: 'agent_guard_proxy_added_duration_seconds',
      help: 'Time the proxy spends before dispatching upstream, seconds.',
      labelNames: ['route'],
      buckets: [0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5],
      registers: [plain],
    });
    const cases: Array<[string, number]> = [
      ['default', 0.0004],
      ['/openai', 0.003],
      ['default', 0.005],
      ['default', 200],
      ['/openai', 0.00005],
    ];
    for (const [route, seconds] of cases) {
      m.upstreamResponse(route, 200, seconds);
      upstream.observe({ route }, seconds);
      m.added(route, seconds);
      added.observe({ route }, seconds);
    }
    for (const name of [
      'agent_guard_proxy_upstream_duration_seconds',
      'agent_guard_proxy_added_duration_seconds',
    ]) {
      const lines = async (r: Registry): Promise<string[]> =>
        (await r.metrics()).split('\n').filter((line) => line.startsWith(name));
      expect(await lines(registry)).toEqual(await lines(plain));
    }
  });
});
