import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  disabledGpuProbe,
  parseNvidiaSmiCsv,
  snapshotFromRun,
  startGpuProbe,
  type GpuDevice,
  type RunCommand,
} from '../../src/telemetry/gpu.js';

interface Case {
  name: string;
  stdout: string;
  want: GpuDevice[];
}
const fixture = JSON.parse(
  readFileSync(new URL('../fixtures/telemetry/nvidia-smi.json', import.meta.url), 'utf8'),
) as { cases: Case[] };

describe('parseNvidiaSmiCsv (captured outputs)', () => {
  it.each(fixture.cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(parseNvidiaSmiCsv(c.stdout)).toEqual(c.want);
  });
});

describe('snapshotFromRun', () => {
  it('sums memory over GPUs', () => {
    const snap = snapshotFromRun({ stdout: '0, A, 10, 100\n1, A, 20, 100\n' }, 5);
    expect(snap).toMatchObject({ state: 'ok', usedMb: 30, totalMb: 200, readAt: 5 });
  });

  it.each([
    ['missing binary', Object.assign(new Error('spawn nvidia-smi ENOENT'), { code: 'ENOENT' }), 'none'],
    [
      'driver not loaded (exit 9)',
      Object.assign(
        new Error(
          "Command failed: nvidia-smi\nNVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that the latest NVIDIA driver is installed and running.",
        ),
        { code: 9 },
      ),
      'none',
    ],
    ['timeout', Object.assign(new Error('killed'), { killed: true }), 'error'],
    ['other failure', Object.assign(new Error('Command failed'), { code: 2 }), 'error'],
  ] as const)('%s → %s with 0 MiB', (_name, error, state) => {
    const snap = snapshotFromRun({ error: error as NodeJS.ErrnoException }, 1);
    expect(snap.state).toBe(state);
    expect(snap.usedMb).toBe(0);
    expect(snap.reason).toBeTypeOf('string');
  });

  it('"No devices were found" on stdout reads as none', () => {
    expect(snapshotFromRun({ stdout: 'No devices were found\n' }, 1).state).toBe('none');
  });
});

describe('startGpuProbe', () => {
  it('reads in the background and never overlaps runs', async () => {
    let calls = 0;
    const run: RunCommand = (file, args) => {
      calls += 1;
      expect(file).toBe('nvidia-smi');
      expect(args).toContain('--format=csv,noheader,nounits');
      return Promise.resolve({ stdout: '0, NVIDIA H200, 512, 143771\n' });
    };
    const probe = startGpuProbe({ intervalMs: 60_000, run });
    expect(probe.snapshot().state).toBe('pending');
    const [a, b] = await Promise.all([probe.refresh(), probe.refresh()]);
    expect(a).toBe(b);
    expect(calls).toBe(1);
    expect(probe.snapshot()).toMatchObject({ state: 'ok', usedMb: 512 });
    probe.stop();
  });

  it('stops spawning once nvidia-smi is absent', async () => {
    let calls = 0;
    const run: RunCommand = () => {
      calls += 1;
      return Promise.resolve({ error: Object.assign(new Error('ENOENT'), { code: 'ENOENT' }) });
    };
    const probe = startGpuProbe({ intervalMs: 60_000, run });
    await probe.refresh();
    await probe.refresh();
    expect(calls).toBe(1);
    expect(probe.snapshot().state).toBe('none');
    probe.stop();
  });

  it('disabled probe reports none', () => {
    expect(disabledGpuProbe().snapshot()).toMatchObject({ state: 'none', usedMb: 0 });
  });
});
