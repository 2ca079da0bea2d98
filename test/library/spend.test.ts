/** The spend circuit breaker: totals, opening at the cap, races, reset (SPEC 1, 3, 8). */
import { beforeAll, describe, expect, it } from 'vitest';
import { createGuard, type Guard } from '../../src/library/create-guard.js';
import { SpendCapExceededError, isBlockFeedback } from '../../src/library/errors.js';
import { agentGuardOf, protectAgent } from '../../src/library/protect-agent.js';
import { SpendBreaker, type Reservation } from '../../src/library/spend/breaker.js';

let guard: Guard;
beforeAll(async () => {
  guard = await createGuard({ engine: { workspaceRoot: '/work/ws', homeDir: '/home/agent' } });
});

const tick = () => new Promise<void>((r) => setImmediate(r));

describe('SpendBreaker', () => {
  it('adds committed costs and keeps reservations apart until they settle', () => {
    const b = new SpendBreaker({ cap: 10 });
    const r1 = b.reserve('s', 't', 3) as Reservation;
    const r2 = b.reserve('s', 't', 4) as Reservation;
    expect(b.snapshot('s')).toMatchObject({ state: 'CLOSED', spent: 0, reserved: 7, calls: 2 });
    r1.commit();
    r1.commit(); // idempotent
    r2.release();
    expect(b.snapshot('s')).toMatchObject({ spent: 3, reserved: 0 });
  });

  it('admits a call that lands exactly on the cap, opens on the first that would pass it', () => {
    const b = new SpendBreaker({ cap: 0.3 });
    for (const cost of [0.1, 0.2]) (b.reserve('s', 't', cost) as Reservation).commit();
    expect(b.snapshot('s')).toMatchObject({ spent: 0.3, state: 'CLOSED' });
    const refused = b.reserve('s', 't', 0.01);
    expect(refused).toBeInstanceOf(SpendCapExceededError);
    expect((refused as SpendCapExceededError).code).toBe('AG_ERR_LIBRARY_SPEND_CAP_EXCEEDED');
    expect(b.snapshot('s')).toMatchObject({ state: 'OPEN', refusals: 1 });
  });

  it('stays open for every billable call until reset, lets free calls through, keeps sessions apart', () => {
    const b = new SpendBreaker({ cap: 5 });
    expect(b.reserve('s', 't', 6)).toBeInstanceOf(SpendCapExceededError);
    // A call that would fit the cap is refused too: the breaker is open.
    expect(b.reserve('s', 't', 1)).toBeInstanceOf(SpendCapExceededError);
    expect(b.reserve('s', 't', 0)).not.toBeInstanceOf(SpendCapExceededError);
    expect(b.reserve('other', 't', 1)).not.toBeInstanceOf(SpendCapExceededError);
    b.reset('s');
    expect(b.snapshot('s')).toMatchObject({ state: 'CLOSED', spent: 0, refusals: 0 });
    expect(b.reserve('s', 't', 1)).not.toBeInstanceOf(SpendCapExceededError);
  });

  it('forgets reservations made before a reset', () => {
    const b = new SpendBreaker({ cap: 5 });
    const old = b.reserve('s', 't', 5) as Reservation;
    b.reset('s');
    old.commit();
    expect(b.snapshot('s')).toMatchObject({ spent: 0, reserved: 0 });
  });

  it.each([[-1], [Number.NaN], ['5' as unknown as number]])('rejects a cap of %s', (cap) => {
    expect(() => new SpendBreaker({ cap })).toThrow(
      expect.objectContaining({ code: 'AG_ERR_LIBRARY_OPTIONS_INVALID' }),
    );
  });
});

describe('protectAgent spend cap', () => {
  it('counts cumulative totals per session and refuses with SpendCapExceededError once open (strict)', async () => {
    let runs = 0;
    const tools = protectAgent(
      { search: (a: { q: string }) => (runs++, `found ${a.q}`), free: () => 'free' },
      { guard, prices: { search: 2.5 }, spendCap: 5, sessionId: 'sess-1' },
    );
    await tools.search({ q: 'a' });
    await tools.search({ q: 'b' });
    expect(agentGuardOf(tools).spend()).toMatchObject({ spent: 5, state: 'CLOSED', calls: 2 });
    await expect(tools.search({ q: 'c' })).rejects.toBeInstanceOf(SpendCapExceededError);
    await expect(tools.search({ q: 'd' })).rejects.toMatchObject({
      spend: { sessionId: 'sess-1', cap: 5, spent: 5 },
    });
    expect(await tools.free()).toBe('free');
    expect(runs).toBe(2);
    agentGuardOf(tools).reset();
    expect(await tools.search({ q: 'e' })).toBe('found e');
  });

  it('returns the feedback string instead when not strict, and the tool does not run', async () => {
    let runs = 0;
    const tools = protectAgent(
      { pay: () => (runs++, 'paid') },
      { guard, strict: false, costOf: () => 10, spendCap: 15 },
    );
    expect(await tools.pay()).toBe('paid');
    const out = await tools.pay();
    expect(isBlockFeedback(out)).toBe(true);
    expect(out).toContain('SPEND_CAP');
    expect(runs).toBe(1);
  });

  it('never overspends when 100 calls race', async () => {
    let running = 0;
    let ran = 0;
    const tools = protectAgent(
      {
        llm: async () => {
          running++;
          await tick();
          running--;
          ran++;
          return 'ok';
        },
      },
      { guard, strict: false, prices: { llm: 0.7 }, spendCap: 50 },
    );
    const results = await Promise.all(Array.from({ length: 100 }, () => tools.llm()));
    const admitted = results.filter((r) => r === 'ok').length;
    expect(admitted).toBe(71); // floor(50 / 0.7)
    expect(ran).toBe(71);
    expect(running).toBe(0);
    const spend = agentGuardOf(tools).spend();
    expect(spend.spent).toBeLessThanOrEqual(50);
    expect(spend).toMatchObject({ state: 'OPEN', reserved: 0, refusals: 29 });
  });

  it('charges a tool that throws unless refundOnError is set', async () => {
    const failing = () => Promise.reject(new Error('upstream 500'));
    const charged = protectAgent({ call: failing }, { guard, prices: { call: 1 } });
    const refunded = protectAgent({ call: failing }, { guard, prices: { call: 1 }, refundOnError: true });
    await expect(charged.call()).rejects.toThrow('upstream 500');
    await expect(refunded.call()).rejects.toThrow('upstream 500');
    expect(agentGuardOf(charged).spend().spent).toBe(1);
    expect(agentGuardOf(refunded).spend().spent).toBe(0);
  });

  it('shares a breaker across sessions chosen per call', async () => {
    const tools = protectAgent(
      { t: (a: { user: string }) => a.user },
      {
        guard,
        strict: false,
        costOf: () => 1,
        spendCap: 1,
        sessionId: ({ args }) => (args as { user: string }).user,
      },
    );
    expect(await tools.t({ user: 'ann' })).toBe('ann');
    expect(await tools.t({ user: 'bob' })).toBe('bob');
    expect(isBlockFeedback(await tools.t({ user: 'ann' }))).toBe(true);
    expect(agentGuardOf(tools).spend('bob')).toMatchObject({ spent: 1, state: 'CLOSED' });
  });

  it('refuses a call whose cost is not a finite number >= 0 (fail closed)', async () => {
    let runs = 0;
    const tools = protectAgent({ t: () => runs++ }, { guard, strict: false, costOf: () => Number.NaN });
    await expect(tools.t()).rejects.toMatchObject({ code: 'AG_ERR_LIBRARY_COST_INVALID' });
    expect(runs).toBe(0);
  });
});
