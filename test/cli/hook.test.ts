/** `agent-guard hook`: recorded-shape payloads for Claude Code and Gemini CLI, answered in each one's format. */
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { runCaptured, type Captured } from '../support/cli.js';
import { MAIN, runNode, type Ran } from './run-node.js';

interface Case {
  readonly name: string;
  readonly want: 'deny' | 'allow';
  readonly rule?: string;
  readonly input: Record<string, unknown>;
}

const load = (agent: string): Case[] =>
  (
    JSON.parse(readFileSync(new URL(`../fixtures/hooks/${agent}.json`, import.meta.url), 'utf8')) as {
      cases: Case[];
    }
  ).cases;

const env = { ...process.env, AGENT_GUARD_WORKSPACE_ROOT: '/work/ws', AGENT_GUARD_HOME_DIR: '/home/agent' };

function hook(agent: string, stdin: string): Promise<Captured> {
  return runCaptured(runCli, ['hook', agent], { stdin: Readable.from([stdin]), env, cwd: '/' });
}

describe('hook claude-code', () => {
  it.each(load('claude-code'))('$name → $want', async ({ want, rule, input }) => {
    const r = await hook('claude-code', JSON.stringify(input));
    expect(r.code).toBe(0);
    if (want === 'allow') {
      expect(r.stdout).toBe('');
      return;
    }
    const out = JSON.parse(r.stdout) as { hookSpecificOutput: Record<string, string> };
    expect(out.hookSpecificOutput).toMatchObject({ hookEventName: 'PreToolUse', permissionDecision: 'deny' });
    expect(out.hookSpecificOutput.permissionDecisionReason).toContain(rule);
    expect(out.hookSpecificOutput.permissionDecisionReason).toContain('Hint:');
  });
});

describe('hook gemini-cli', () => {
  it.each(load('gemini-cli'))('$name → $want', async ({ want, rule, input }) => {
    const r = await hook('gemini-cli', JSON.stringify(input));
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { decision?: string; reason?: string };
    if (want === 'allow') {
      expect(out).toEqual({});
      return;
    }
    expect(out.decision).toBe('deny');
    expect(out.reason).toContain(rule);
  });
});

describe("hook: malformed input fails closed with the agents' blocking exit code", () => {
  it.each([
    ['not JSON', 'rm -rf /'],
    ['an array', '[]'],
    ['no tool_name', '{"tool_input":{}}'],
    ['tool_input not an object', '{"tool_name":"Bash","tool_input":"ls"}'],
  ])('%s → exit 2, reason on stderr, nothing on stdout', async (_, stdin) => {
    for (const agent of ['claude-code', 'gemini-cli']) {
      const r = await hook(agent, stdin);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain('AG_ERR_HOOK_INPUT_INVALID');
    }
  });

  it.each([
    ['claude-code', 'Bash without a command', '{"tool_name":"Bash","tool_input":{}}'],
    ['claude-code', 'Write without a path', '{"tool_name":"Write","tool_input":{"content":"x"}}'],
    [
      'gemini-cli',
      'run_shell_command without a command',
      '{"tool_name":"run_shell_command","tool_input":{}}',
    ],
    ['gemini-cli', 'web_fetch without a prompt', '{"tool_name":"web_fetch","tool_input":{"url":1}}'],
  ])('%s: %s → exit 2', async (agent, _, stdin) => {
    {
      const r = await hook(agent, stdin);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain('AG_ERR_HOOK_INPUT_INVALID');
    }
  });

  it('reports a hook registered under the wrong event (exit 1, nothing blocked)', async () => {
    const r = await hook(
      'claude-code',
      '{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}',
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('register it under PreToolUse');
  });

  it('rejects an unknown agent as a usage error', async () => {
    const r = await hook('cursor', '{}');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown agent');
  });
});

describe('hook (real process)', () => {
  let ran: Ran;
  beforeAll(async () => {
    const [deny] = load('claude-code');
    ran = await runNode(MAIN, ['hook', 'claude-code'], { input: JSON.stringify(deny!.input), env });
  }, 120_000);

  it('reads stdin and prints the deny decision', () => {
    expect(ran.code).toBe(0);
    expect(JSON.parse(ran.stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny' } });
  });
});
