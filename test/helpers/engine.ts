/** A shared engine for tests: fixed workspace (/work/ws) and home (/home/agent), so results never depend on the machine. */
import { createEngine, type Engine, type EngineOptions } from '../../src/engine/engine.js';

export const TEST_WORKSPACE = '/work/ws';
export const TEST_HOME = '/home/agent';

export async function testEngine(options: EngineOptions = {}): Promise<Engine> {
  return createEngine({
    ...options,
    config: { workspaceRoot: TEST_WORKSPACE, homeDir: TEST_HOME, ...(options.config ?? {}) },
  });
}
