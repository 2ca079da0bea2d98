import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { describeHost, hardwareView } from '../../src/proxy/hardware.js';
import { healthBody, readyBody, type HealthSources } from '../../src/proxy/health.js';
import type { GpuProbe, GpuSnapshot } from '../../src/telemetry/gpu.js';

function probe(snapshot: Partial<GpuSnapshot>): GpuProbe {
  const snap: GpuSnapshot = { state: 'ok', gpus: [], usedMb: 0, totalMb: 0, readAt: 1, ...snapshot };
  return { snapshot: () => snap, refresh: () => Promise.resolve(snap), stop: () => undefined };
}

const H200 = { index: 0, name: 'NVIDIA H200', usedMb: 71234, totalMb: 143771 };

function sources(over: Partial<HealthSources> = {}): HealthSources {
  return {
    serverMode: 'sidecar',
    proxyMode: 'enforce',
    version: '1.2.3',
    engineVersion: '6.2.1',
    latencyMedianUs: () => 12.5,
    gpu: probe({ gpus: [H200], usedMb: 71234, totalMb: 143771 }),
    isDraining: () => false,
    ready: () => true,
    ...over,
  };
}

describe('/health bodies', () => {
  it('sidecar form with a GPU reading', () => {
    expect(healthBody(sources())).toEqual({
      status: 'HEALTHY',
      version: '1.2.3',
      engine: '6.2.1',
      latency_median_us: 12.5,
      gpu_vram_mb: 71234,
      gpu_vram_total_mb: 143771,
      gpu: 'nvidia',
      gpu_count: 1,
    });
  });

  it('no GPU: 0 MiB and gpu "none"', () => {
    const body = healthBody(sources({ gpu: probe({ state: 'none', reason: 'nvidia-smi not found' }) }));
    expect(body).toMatchObject({ gpu_vram_mb: 0, gpu: 'none', gpu_count: 0 });
  });

  it('gateway form', () => {
    expect(healthBody(sources({ serverMode: 'gateway', proxyMode: 'audit' }))).toMatchObject({
      status: 'ACTIVE',
      mode: 'AUDIT',
      ast_latency_us: 12.5,
    });
  });

  it('/ready is 503 while draining or before the engine is loaded', () => {
    expect(readyBody(sources()).status).toBe(200);
    expect(readyBody(sources({ isDraining: () => true })).status).toBe(503);
    expect(readyBody(sources({ ready: () => false })).body).toMatchObject({ status: 'NOT_READY' });
  });
});

describe('hardware view', () => {
  it('names the CPU model and core count, and the GPUs read', () => {
    const text = describeHost(probe({ gpus: [H200, { ...H200, index: 1 }] }));
    expect(text).toContain(`x${os.cpus().length}`);
    expect(text).toContain('2x NVIDIA H200');
    expect(describeHost(null)).not.toContain(';');
  });

  it('reflects the route mode and the configured budget', () => {
    expect(hardwareView('enforce', 64, null)).toMatchObject({
      status: 'AWAITING_TOOL_CALL',
      agent_reflex: 'ARMED',
      memory_budget_gb: 64,
    });
    expect(hardwareView('audit', 0, null).agent_reflex).toBe('OBSERVING');
  });
});
