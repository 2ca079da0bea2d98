/** A shared engine for tests: fixed workspace (/work/ws) and home (/home/agent), so results never depend on the machine. */
import { beforeAll } from 'vitest';
import { createEngine, type Engine, type EngineOptions } from '../../src/engine/engine.js';

export const TEST_WORKSPACE = '/work/ws';
export const TEST_HOME = '/home/agent';

export async function testEngine(options: EngineOptions = {}): Promise<Engine> {
  return createEngine({
    ...options,
    config: { workspaceRoot: TEST_WORKSPACE, homeDir: TEST_HOME, ...(options.config ?? {}) },
  });
}

/**
 * For regression files about bash lines: registers a `beforeAll` that builds an uncached test
 * engine and returns the rule ids of the findings for a line (no cache, so every case is analysed).
 */
export function bashRuleIds(): (text: string) => string[] {
  let engine: Engine | undefined;
  beforeAll(async () => {
    engine = await testEngine({ config: { cacheEntries: 0 } });
  });
  return (text) => {
    if (!engine) throw new Error('bashRuleIds() is used before its beforeAll ran');
    return engine.evaluate({ text, runtime: 'bash' }).decision.findings.map((f) => f.ruleId);
  };
}
