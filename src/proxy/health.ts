/**
 * The sidecar's own probes. `/health` (liveness, SPEC 2.9 sidecar form; gateway form when
 * `server.mode` is gateway) and `/ready` (readiness: parsers loaded, not draining). Both answer from
 * values kept in memory; the GPU figure comes from the background probe, never from a subprocess here.
 */
import type { GpuProbe } from '../telemetry/gpu.js';
import type { ProxyMode } from './types.js';

export interface HealthSources {
  readonly serverMode: 'sidecar' | 'gateway';
  readonly proxyMode: ProxyMode;
  readonly version: string;
  readonly engineVersion: string;
  latencyMedianUs(): number;
  readonly gpu: GpuProbe;
  isDraining(): boolean;
  ready(): boolean;
}

export function healthBody(s: HealthSources): Record<string, unknown> {
  const latency = s.latencyMedianUs();
  if (s.serverMode === 'gateway') {
    return {
      status: 'ACTIVE',
      // The global enforcement mode of this self-hosted gateway.
      mode: s.proxyMode === 'enforce' ? 'ENFORCE' : 'AUDIT',
      ast_latency_us: latency,
      version: s.version,
      engine: s.engineVersion,
    };
  }
  const gpu = s.gpu.snapshot();
  return {
    status: 'HEALTHY',
    version: s.version,
    engine: s.engineVersion,
    latency_median_us: latency,
    // Memory in use on this host's GPUs (sum, MiB); 0 with `gpu` "none" when there is no GPU.
    gpu_vram_mb: gpu.usedMb,
    gpu_vram_total_mb: gpu.totalMb,
    gpu: gpu.state === 'ok' ? 'nvidia' : gpu.state,
    gpu_count: gpu.gpus.length,
  };
}

export function readyBody(s: HealthSources): { status: number; body: Record<string, unknown> } {
  const checks = { listening: true, engine_loaded: s.ready(), draining: s.isDraining() };
  const ok = checks.engine_loaded && !checks.draining;
  return { status: ok ? 200 : 503, body: { status: ok ? 'READY' : 'NOT_READY', checks } };
}
