/**
 * Worst-case bench: a tool call whose arguments nest 10,000 levels (as an object, or as the JSON
 * text OpenAI tool calls carry, which the HTTP body check cannot see into) threw a RangeError from
 * JSON.stringify. Too deep, cyclic and exponentially shared arguments are now clear input errors.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.js';
import { testEngine } from '../helpers/engine.js';

let engine: Engine;
beforeAll(async () => {
  engine = await testEngine({ config: { cacheEntries: 0 } });
});

const deepText = (n: number, leaf: string): string => '{"a":'.repeat(n) + leaf + '}'.repeat(n);
const cyclic = (): unknown => {
  const o: Record<string, unknown> = { command: 'ls' };
  o.self = o;
  return o;
};
/** 40 levels of {l: x, r: x}: 2^40 leaves once written out, a few hundred bytes as an object. */
const shared = (): unknown => {
  let x: unknown = 'ls';
  for (let i = 0; i < 40; i++) x = { l: x, r: x };
  return x;
};

const codeOf = (call: { name: string; arguments: unknown }): string => {
  try {
    engine.validateToolCall(call);
    return 'answered';
  } catch (err) {
    return (err as { code?: string }).code ?? String(err);
  }
};

describe('tool-call arguments JSON.stringify cannot serialise are input errors', () => {
  it.each<[string, unknown, string]>([
    ['10,000-deep object', JSON.parse(deepText(10_000, '1')), 'AG_ERR_INPUT_TOO_DEEP'],
    ['10,000-deep JSON text', deepText(10_000, '1'), 'AG_ERR_INPUT_TOO_DEEP'],
    ['10,000-deep arrays', JSON.parse('['.repeat(10_000) + ']'.repeat(10_000)), 'AG_ERR_INPUT_TOO_DEEP'],
    ['a cycle', cyclic(), 'AG_ERR_INPUT_TOO_DEEP'],
    ['2^40 shared leaves', shared(), 'AG_ERR_INPUT_TOO_LARGE'],
  ])('%s', (_name, args, code) => {
    expect(codeOf({ name: 'run', arguments: args })).toBe(code);
  });

  it('a command under 500 levels is still analysed and denied (fail closed past the walk depth)', () => {
    const call = { name: 'run', arguments: JSON.parse(deepText(500, '{"command":"rm -rf ~"}')) as unknown };
    expect(engine.validateToolCall(call).decision.allowed).toBe(false);
  });

  it('ordinary nesting is answered', () => {
    expect(codeOf({ name: 'run', arguments: JSON.parse(deepText(40, '{"command":"ls"}')) })).toBe('answered');
  });
});
