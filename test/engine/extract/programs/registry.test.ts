/** The program registry (issue 29): one definition per program name, families resolved. */
import { describe, expect, it } from 'vitest';
import { buildRegistry, handlerFor, HANDLERS } from '../../../../src/engine/extract/programs/index.js';
import type { ProgramHandler } from '../../../../src/engine/extract/programs/types.js';

const noop: ProgramHandler = () => undefined;

describe('program registry', () => {
  it('throws when two families define the same program', () => {
    expect(() => buildRegistry({ a: { cat: noop }, b: { cat: noop } })).toThrow(
      'program cat is defined by both a and b',
    );
  });

  it('keeps every program of distinct families', () => {
    const registry = buildRegistry({ a: { cat: noop }, b: { less: noop } });
    expect(Object.keys(registry).sort()).toEqual(['cat', 'less']);
  });

  it.each([
    ['cat', 'cat'],
    ['less', 'less'],
    ['psql', 'psql'],
    ['getent', 'getent'],
    ['chromium', 'chromium'],
    ['python3.12', 'python'],
    ['gawk', 'awk'],
  ])('%s has a handler (%s family)', (program, family) => {
    expect(handlerFor(program)).toBe(HANDLERS[family]);
  });
});
