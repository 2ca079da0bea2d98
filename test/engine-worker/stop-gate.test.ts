/**
 * The stop gate (src/engine-worker/stop-gate.ts): the host may stop the worker only after its boot and
 * outside a native parse, and once it has claimed the stop the worker starts no other.
 */
import { describe, expect, it } from 'vitest';
import { claimStop, createStopGate, workerSection } from '../../src/engine-worker/stop-gate.js';

/** A gate and the section of a worker that has finished booting. */
function booted(): { gate: SharedArrayBuffer; section: ReturnType<typeof workerSection> } {
  const gate = createStopGate();
  const section = workerSection(gate);
  section.leave();
  return { gate, section };
}

describe('stop gate', () => {
  it('refuses a stop while the worker boots (its addons load), and allows it once booted', () => {
    const gate = createStopGate();
    expect(claimStop(gate)).toBe(false);
    const section = workerSection(gate);
    section.enter(); // a grammar loaded during the boot nests inside it
    section.leave();
    expect(claimStop(gate)).toBe(false);
    section.leave();
    expect(claimStop(gate)).toBe(true);
  });

  it('refuses a stop inside a native span and allows it after', () => {
    const { gate, section } = booted();
    section.enter();
    expect(claimStop(gate)).toBe(false);
    expect(claimStop(gate)).toBe(false);
    section.leave();
    expect(claimStop(gate)).toBe(true);
  });

  it('counts nested spans once', () => {
    const { gate, section } = booted();
    section.enter();
    section.enter();
    section.leave();
    expect(claimStop(gate)).toBe(false);
    section.leave();
    expect(claimStop(gate)).toBe(true);
  });

  it('refuses every native span once the stop is claimed, and the claim holds', () => {
    const { gate, section } = booted();
    expect(claimStop(gate)).toBe(true);
    expect(() => section.enter()).toThrow(/stopping/);
    section.leave(); // an unmatched leave changes nothing
    expect(claimStop(gate)).toBe(true);
    expect(() => section.enter()).toThrow(/stopping/);
  });
});
