import { describe, expect, it } from 'vitest';
import { isAgentGuardError } from '../../src/errors.js';
import { AgentGuardError } from '../../src/errors.js';
import { testEngine } from '../helpers/engine.js';

describe('createEngine', () => {
  it('fails closed when analysis throws: ENG-AST-000 deny with the error code', async () => {
    const engine = await testEngine({
      analyzeImpl: () => {
        throw new TypeError('boom');
      },
    });
    const r = engine.evaluate({ text: 'ls', runtime: 'bash' });
    expect(r.errorCode).toBe('AG_ERR_ENGINE_ANALYSIS_FAILED');
    expect(r.decision.allowed).toBe(false);
    expect(r.decision.findings[0]).toMatchObject({
      ruleId: 'ENG-AST-000',
      invariant: 'NO_SHELL_BREAKOUT',
      mode: 'enforce',
    });
    expect(r.cached).toBe(false);
    expect(engine.stats().failures).toBe(1);
  });

  it('fails closed even when the invariant is switched off', async () => {
    const engine = await testEngine({
      config: { modes: { NO_SHELL_BREAKOUT: 'off' } },
      analyzeImpl: () => {
        throw new AgentGuardError('AG_ERR_ENGINE_ANALYSIS_FAILED', { runtime: 'bash', reason: 'x' });
      },
    });
    expect(engine.evaluate({ text: 'ls', runtime: 'bash' }).decision.allowed).toBe(false);
  });

  it('throws input errors to the caller', async () => {
    const engine = await testEngine({ config: { maxInputBytes: 64 } });
    const err = (() => {
      try {
        engine.evaluate({ text: 'x'.repeat(100), runtime: 'bash' });
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(isAgentGuardError(err) && err.code).toBe('AG_ERR_INPUT_TOO_LARGE');
    expect(() => engine.evaluate({ text: 'ls', runtime: 'cobol' })).toThrow(
      /allowed values: bash, python, node, docker, sql/,
    );
  });

  it('reports evaluations over the latency budget by digest without changing the decision', async () => {
    const seen: [string, number][] = [];
    const engine = await testEngine({
      config: { latencyBudgetUs: 0.001, cacheEntries: 0 },
      onOverBudget: (d, us) => seen.push([d, us]),
    });
    const r = engine.evaluate({ text: 'rm -rf ./build', runtime: 'bash' });
    expect(r.decision.allowed).toBe(true);
    expect(seen).toHaveLength(1);
    expect(seen[0]![0]).toMatch(/^[0-9a-f]{64}$/);
    expect(seen[0]![0]).not.toContain('build');
    expect(engine.stats().overBudget).toBe(1);
    expect(engine.stats().p50LatencyUs).toBeGreaterThan(0);
  });

  it('resolves workspace and home into the policy digest', async () => {
    const a = await testEngine();
    const b = await testEngine({ config: { workspaceRoot: '/elsewhere' } });
    expect(a.policy.workspaceRoot).toBe('/work/ws');
    expect(a.policy.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(a.policy.digest).not.toBe(b.policy.digest);
  });
});
