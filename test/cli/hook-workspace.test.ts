/**
 * `agent-guard hook`: the workspace is the agent's (payload cwd, or its project directory), not the
 * directory the hook process happens to start in (issue 25).
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { hookWorkspace } from '../../src/cli/hooks/workspace.js';
import { runCaptured, type Captured } from '../support/cli.js';

const baseEnv = (): Record<string, string | undefined> => {
  const env: Record<string, string | undefined> = { ...process.env, AGENT_GUARD_HOME_DIR: '/home/agent' };
  delete env.AGENT_GUARD_WORKSPACE_ROOT;
  delete env.CLAUDE_PROJECT_DIR;
  delete env.GEMINI_PROJECT_DIR;
  return env;
};

function claude(
  input: Record<string, unknown>,
  cwd: string,
  extra: Record<string, string> = {},
): Promise<Captured> {
  const payload = { hook_event_name: 'PreToolUse', tool_name: 'Bash', ...input };
  return runCaptured(runCli, ['hook', 'claude-code'], {
    stdin: Readable.from([JSON.stringify(payload)]),
    env: { ...baseEnv(), ...extra },
    cwd,
  });
}

const rmBuild = { tool_input: { command: 'rm -rf /work/proj/build' } };
const denied = (r: Captured): boolean => r.stdout.includes('"permissionDecision":"deny"');

describe('hook workspace', () => {
  it.each(['/', '/srv/elsewhere', '/work/proj'])(
    'the same call gets the same answer wherever the hook starts (%s)',
    async (processCwd) => {
      const inside = await claude({ ...rmBuild, cwd: '/work/proj' }, processCwd);
      expect(inside.code).toBe(0);
      expect(denied(inside)).toBe(false);
      const outside = await claude({ ...rmBuild, cwd: '/srv/other' }, processCwd);
      expect(denied(outside)).toBe(true);
    },
  );

  it("the agent's project directory is the workspace when it names one", async () => {
    const r = await claude({ ...rmBuild, cwd: '/work/proj/sub' }, '/', { CLAUDE_PROJECT_DIR: '/work/proj' });
    expect(denied(r)).toBe(false);
  });

  it('a cwd that is not an absolute path blocks (malformed input, fail closed)', async () => {
    const r = await claude({ ...rmBuild, cwd: 'proj' }, '/');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('"cwd" must be an absolute path');
  });

  it.each([
    [{ cwd: '/a' }, {}, '/a'],
    [{ cwd: '/a', project_dir: '/p' }, {}, '/p'],
    [{ cwd: '/a', workspace_roots: ['/w', '/x'] }, {}, '/w'],
    [{ cwd: '/a' }, { CLAUDE_PROJECT_DIR: '/p' }, '/p'],
    [{ cwd: '/a' }, { CLAUDE_PROJECT_DIR: '' }, '/a'],
    [{}, {}, '/fallback'],
    [{ cwd: '/a/../b/' }, {}, '/b/'],
  ])('hookWorkspace(%j, %j) is %s', (payload, env, want) => {
    expect(hookWorkspace('claude-code', payload, env, '/fallback')).toBe(want);
  });
});
