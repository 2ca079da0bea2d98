/**
 * The envelope's hardware view (SPEC 2.8: status, agent_reflex, host_hardware, memory_budget_gb),
 * added to veto envelopes when `proxy.hardwareView.enabled` is set. Every value is a real reading or
 * the operator's own setting; docs/proxy.md says what each means.
 */
import os from 'node:os';
import type { GpuProbe } from '../telemetry/gpu.js';
import type { ProxyMode } from './types.js';

export interface HardwareView {
  /** What the guard is doing with the agent's tool call: the call was stopped, the guard waits for the next one. */
  readonly status: 'AWAITING_TOOL_CALL';
  /** ARMED: the route enforces (vetoes block); OBSERVING: audit mode (vetoes are reported only). */
  readonly agent_reflex: 'ARMED' | 'OBSERVING';
  /** CPU model and logical core count, plus GPU models from nvidia-smi when there are any. */
  readonly host_hardware: string;
  /** The memory budget the operator configured (proxy.hardwareView.memoryBudgetGb), GB; 0 when not stated. */
  readonly memory_budget_gb: number;
}

export function describeHost(gpu: GpuProbe | null): string {
  const cpus = os.cpus();
  const model = (cpus[0]?.model ?? 'unknown CPU').replace(/\s+/g, ' ').trim();
  const cpu = `${model} x${cpus.length}`;
  const gpus = gpu?.snapshot().gpus ?? [];
  if (gpus.length === 0) return cpu;
  const counts = new Map<string, number>();
  for (const g of gpus) counts.set(g.name || 'GPU', (counts.get(g.name || 'GPU') ?? 0) + 1);
  const gpuText = [...counts].map(([name, n]) => (n > 1 ? `${n}x ${name}` : name)).join(', ');
  return `${cpu}; ${gpuText}`;
}

export function hardwareView(mode: ProxyMode, memoryBudgetGb: number, gpu: GpuProbe | null): HardwareView {
  return {
    status: 'AWAITING_TOOL_CALL',
    agent_reflex: mode === 'enforce' ? 'ARMED' : 'OBSERVING',
    host_hardware: describeHost(gpu),
    memory_budget_gb: memoryBudgetGb,
  };
}
