/**
 * `agent-guard exec`: real processes for pass-through (output, exit code, signal) and for a block
 * whose side effect must never happen; the rest in-process through runCli.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { validateConfig } from '../../src/config/load.js';
import { startServer } from '../../src/server.js';
import { runCaptured, type Captured } from '../support/cli.js';
import { MAIN, runNode, type Ran } from './run-node.js';
import { tempDir } from '../support/temp-dir.js';

const dir = tempDir('agent-guard-exec-');
const marker = join(dir, 'marker');

function inProcess(argv: string[], extraEnv: Record<string, string> = {}): Promise<Captured> {
  return runCaptured(runCli, argv, {
    env: { ...process.env, AGENT_GUARD_WORKSPACE_ROOT: dir, ...extraEnv },
    cwd: dir,
  });
}

// The real processes start together (each costs a node start-up and parser load).
let allowed: Ran;
let blocked: Ran;
let signalled: Ran;
beforeAll(async () => {
  const env = { AGENT_GUARD_WORKSPACE_ROOT: dir };
  [allowed, blocked, signalled] = await Promise.all([
    runNode(MAIN, ['exec', '--', 'sh', '-c', 'echo out; echo err >&2; exit 3'], { cwd: dir, env }),
    runNode(MAIN, ['exec', '--', 'sh', '-c', `touch ${marker} && rm -rf /`], { cwd: dir, env }),
    runNode(MAIN, ['exec', '--', 'sh', '-c', 'kill -TERM $$'], { cwd: dir, env }),
  ]);
}, 120_000);

describe('agent-guard exec (real processes)', () => {
  it("passes an allowed command's stdout, stderr and exit code through", () => {
    expect(allowed).toMatchObject({ code: 3, stdout: 'out\n', stderr: 'err\n' });
  });

  it('blocks with exit 126 and the block message; the command never ran', () => {
    expect(blocked.code).toBe(126);
    expect(blocked.stderr).toContain('BLOCKED by FS-AST-001');
    expect(blocked.stderr).toMatch(/reason: .+/);
    expect(blocked.stdout).toBe('');
    expect(existsSync(marker)).toBe(false);
  });

  it('dies of the signal that killed the command', () => {
    expect(signalled.signal).toBe('SIGTERM');
  });
});

describe('agent-guard exec (in-process)', () => {
  it('answers 127 for a program that does not exist', async () => {
    const r = await inProcess(['exec', '--', 'agent-guard-no-such-program-xyz']);
    expect(r.code).toBe(127);
    expect(r.stderr).toContain('ENOENT');
  });

  it('runs the argv without a shell: metacharacters stay literal', async () => {
    const r = await inProcess(['exec', '--', 'echo', '$HOME', '*', "it's"]);
    expect(r).toMatchObject({ code: 0, stdout: "$HOME * it's\n" });
  });

  it('--remote: asks a live agent-guard, runs what it allows and blocks what it denies', async () => {
    const sink = new PassThrough();
    sink.resume();
    const server = await startServer(
      validateConfig({
        server: { host: '127.0.0.1', port: 0, logLevel: 'error' },
        auth: { apiKeys: ['exec-remote-key-0123456789'] },
        alerts: {},
      }),
      { proxy: false, logDestination: sink },
    );
    try {
      const key = { AGENT_GUARD_API_KEY: 'exec-remote-key-0123456789', AGENT_GUARD_TIMEOUT_MS: '15000' };
      const ok = await inProcess(['exec', '--remote', server.url, '--', 'echo', 'remote-ok'], key);
      expect(ok.stderr).toBe('');
      expect(ok).toMatchObject({ code: 0, stdout: 'remote-ok\n' });
      const denied = await inProcess(
        ['exec', '--remote', server.url, '--', 'sh', '-c', `touch ${marker}; rm -rf /`],
        key,
      );
      expect(denied.code).toBe(126);
      expect(denied.stderr).toContain('BLOCKED by FS-AST-001');
      expect(existsSync(marker)).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('fails closed when the remote guard cannot be reached', async () => {
    const r = await inProcess(['exec', '--remote', 'http://127.0.0.1:1', '--', 'touch', marker]);
    expect(r.code).toBe(126);
    expect(r.stderr).toContain('AG_ERR_CLIENT_UNAVAILABLE');
    expect(existsSync(marker)).toBe(false);
  });

  it.each([
    [['exec'], 'no command given'],
    [['exec', 'ls'], 'put the command after --'],
    [['exec', '--runtime', 'cobol', '--', 'ls'], '--runtime must be one of'],
    [['exec', '--bogus', '--', 'ls'], 'Unknown option'],
  ])('usage error %j → exit 2', async (argv, message) => {
    const r = await inProcess(argv);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
  });

  it('prints --help', async () => {
    const r = await inProcess(['exec', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: agent-guard exec');
  });
});
