import v8 from 'node:v8';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Heap from '../../src/proxy/heap.js';

// The setting is process-wide and applied once per module instance: each case loads a fresh copy.
async function fresh(): Promise<typeof Heap> {
  vi.resetModules();
  return import('../../src/proxy/heap.js');
}

describe('keepRequestGarbageYoung', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it('turns allocation-site pretenuring off once per process', async () => {
    const set = vi.spyOn(v8, 'setFlagsFromString');
    const { keepRequestGarbageYoung } = await fresh();
    expect(keepRequestGarbageYoung()).toBe(true);
    expect(keepRequestGarbageYoung()).toBe(false);
    expect(set.mock.calls).toEqual([['--no-allocation-site-pretenuring']]);
  });

  it('leaves an explicit setting in NODE_OPTIONS alone', async () => {
    vi.stubEnv('NODE_OPTIONS', '--allocation-site-pretenuring');
    const set = vi.spyOn(v8, 'setFlagsFromString');
    const { keepRequestGarbageYoung } = await fresh();
    expect(keepRequestGarbageYoung()).toBe(false);
    expect(set).not.toHaveBeenCalled();
  });

  it('is applied when a proxy is built', async () => {
    const set = vi.spyOn(v8, 'setFlagsFromString');
    vi.resetModules();
    const { startSidecar } = await import('./helpers.js');
    const sidecar = await startSidecar({ proxy: { defaultUpstream: 'http://127.0.0.1:9' } });
    await sidecar.close();
    expect(set).toHaveBeenCalledWith('--no-allocation-site-pretenuring');
  });
});
