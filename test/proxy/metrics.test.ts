import { Registry } from 'prom-client';
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
});
