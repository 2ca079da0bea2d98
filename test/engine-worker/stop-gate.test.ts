/**
 * The stop gate (src/engine-worker/stop-gate.ts): the host may stop the worker only outside a native
 * parse, and once it has claimed the stop the worker starts no other.
 */
import { describe, expect, it } from 'vitest';
import { claimStop, createStopGate, workerSection } from '../../src/engine-worker/stop-gate.js';

describe('stop gate', () => {
  it('refuses a stop inside a native span and allows it after', () => {
    const gate = createStopGate();
    const section = workerSection(gate);
    section.enter();
    expect(claimStop(gate)).toBe(false);
    expect(claimStop(gate)).toBe(false);
    section.leave();
    expect(claimStop(gate)).toBe(true);
  });

  it('refuses every native span once the stop is claimed, and the claim holds', () => {
    const gate = createStopGate();
    const section = workerSection(gate);
    expect(claimStop(gate)).toBe(true);
    expect(() => section.enter()).toThrow(/stopping/);
    section.leave();
    expect(claimStop(gate)).toBe(true);
    expect(() => section.enter()).toThrow(/stopping/);
  });
});
