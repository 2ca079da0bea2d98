import { describe, expect, it } from 'vitest';
import { CONTINUE, respond, runSteps, type Step } from '../../src/http/steps.js';

type Ctx = { seen: string[] };
const go = (name: string): Step<Ctx, string> => ({
  name,
  run: (ctx) => (ctx.seen.push(name), CONTINUE),
});
const answer = (name: string): Step<Ctx, string> => ({
  name,
  run: (ctx) => (ctx.seen.push(name), respond(`from ${name}`)),
});
const later = (step: Step<Ctx, string>): Step<Ctx, string> => ({
  name: step.name,
  run: (ctx) => Promise.resolve().then(() => step.run(ctx)),
});

describe('runSteps', () => {
  it.each<[string, Step<Ctx, string>[], string | undefined, string[]]>([
    ['the first respond wins', [go('a'), answer('b'), answer('c')], 'from b', ['a', 'b']],
    ['every step continued', [go('a'), go('b')], undefined, ['a', 'b']],
    ['no steps', [], undefined, []],
    ['a waiting step, then the rest', [later(go('a')), answer('b'), go('c')], 'from b', ['a', 'b']],
    ['a waiting step that responds', [go('a'), later(answer('b')), go('c')], 'from b', ['a', 'b']],
  ])('%s', async (_name, steps, want, order) => {
    const ctx: Ctx = { seen: [] };
    expect(await runSteps(steps, ctx)).toBe(want);
    expect(ctx.seen).toEqual(order);
  });

  it('stays synchronous while no step waits', () => {
    const result = runSteps([go('a'), answer('b')], { seen: [] });
    expect(result).toBe('from b');
  });

  it("passes a step's error on, thrown or rejected", async () => {
    const boom: Step<Ctx, string> = {
      name: 'boom',
      run: () => {
        throw new Error('boom');
      },
    };
    expect(() => runSteps([go('a'), boom], { seen: [] })).toThrow('boom');
    await expect(runSteps([later(go('a')), boom], { seen: [] })).rejects.toThrow('boom');
  });
});
