import { execFile } from 'node:child_process';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { runCaptured } from '../support/cli.js';

const env = { AGENT_GUARD_HOME_DIR: '/home/agent' };

async function cli(argv: string[], stdin = ''): Promise<{ code: number; out: string; err: string }> {
  const r = await runCaptured(runCli, argv, { stdin: Readable.from([stdin]), env, cwd: '/work/ws' });
  return { code: r.code, out: r.stdout, err: r.stderr };
}

describe('agent-guard validate (in-process)', () => {
  it('exits 0 and prints ALLOW for a safe command', async () => {
    const r = await cli(['validate', '--', 'rm', '-rf', './build']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^ALLOW \(bash/);
  });

  it('exits 1 with the SPEC 2.5 wire shape in --json', async () => {
    const r = await cli(['validate', '--json', '--', 'rm -rf /']);
    expect(r.code).toBe(1);
    const wire = JSON.parse(r.out);
    expect(wire).toMatchObject({
      allowed: false,
      threat_detected: true,
      invariants_checked: 15,
      threat_type: 'FS_ABUSE',
      verdict: 'DENY',
      rule_id: 'FS-AST-001',
      blocked_invariants: ['NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE'],
    });
    expect(typeof wire.eval_latency_us).toBe('number');
    expect(typeof wire.soc2_compliant).toBe('boolean');
    expect(wire.tokens_conserved).toBeGreaterThan(0);
    expect(wire.findings[0].rule_id).toBe('FS-AST-001');
    expect(wire.findings[0].span.end).toBeLessThanOrEqual('rm -rf /'.length);
  });

  it('honours --runtime and rejects unknown runtimes with exit 2', async () => {
    expect((await cli(['validate', '--runtime', 'bash', '--', 'ls'])).code).toBe(0);
    const bad = await cli(['validate', '--runtime', 'cobol', '--', 'ls']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('AG_ERR_INPUT_RUNTIME_UNKNOWN');
  });

  it('--runtime tool_call takes the JSON of {name, arguments} as the command', async () => {
    const deny = await cli([
      'validate',
      '--json',
      '--runtime',
      'tool_call',
      '--',
      '{"name":"exec","arguments":{"command":"rm","args":["-rf","/"]}}',
    ]);
    expect(deny.code).toBe(1);
    expect(JSON.parse(deny.out)).toMatchObject({ allowed: false, runtime: 'tool_call' });
    const allow = await cli([
      'validate',
      '--runtime',
      'tool_call',
      '--',
      '{"name":"read_file","arguments":{"path":"src/a.ts"}}',
    ]);
    expect(allow.code).toBe(0);
    const bad = await cli(['validate', '--runtime', 'tool_call', '--', 'rm -rf /']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('AG_ERR_INPUT_INVALID');
    const lines = [
      JSON.stringify({
        id: 't1',
        runtime: 'tool_call',
        command: '{"name":"bash","arguments":{"cmd":"rm -rf ~"}}',
      }),
      JSON.stringify({
        id: 't2',
        runtime: 'tool_call',
        command: { name: 'shell', arguments: { commands: ['ls', 'rm -rf /'] } },
      }),
      JSON.stringify({
        id: 't3',
        runtime: 'tool_call',
        command: { name: 'read_file', arguments: { path: 'a.md' } },
      }),
    ].join('\n');
    const r = await cli(['validate', '--jsonl', '-'], lines);
    const out = r.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string; allowed: boolean });
    expect(out.map((o) => [o.id, o.allowed])).toEqual([
      ['t1', false],
      ['t2', false],
      ['t3', true],
    ]);
  });

  it('exits 2 on usage errors', async () => {
    expect((await cli(['validate'])).code).toBe(2);
    expect((await cli(['validate', '--bogus', '--', 'ls'])).code).toBe(2);
  });

  it('--jsonl answers every line, keeps ids, reports malformed lines and skips blanks', async () => {
    const input = [
      JSON.stringify({ id: 'a', command: 'ls -la' }),
      '',
      JSON.stringify({ id: 'b', command: 'curl http://169.254.169.254/', runtime: 'bash' }),
      '{not json',
      JSON.stringify({ id: 'c' }),
      JSON.stringify({ id: 'd', command: 'ls', runtime: 'cobol' }),
    ].join('\n');
    const r = await cli(['validate', '--jsonl', '-'], input);
    const lines = r.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatchObject({ id: 'a', allowed: true });
    expect(lines[1]).toMatchObject({ id: 'b', allowed: false, threat_type: 'SSRF' });
    expect(lines[2]).toMatchObject({ id: null, error: { code: 'AG_ERR_INPUT_INVALID' } });
    expect(lines[3]).toMatchObject({ id: 'c', error: { code: 'AG_ERR_INPUT_INVALID' } });
    expect(lines[4]).toMatchObject({ id: 'd', error: { code: 'AG_ERR_INPUT_RUNTIME_UNKNOWN' } });
    expect(r.code).toBe(1);
  });

  it('--jsonl bounds huge lines', async () => {
    const huge = JSON.stringify({ id: 'h', command: 'x'.repeat(2_000_000) });
    const r = await cli(['validate', '--jsonl'], `${huge}\n${JSON.stringify({ id: 'ok', command: 'ls' })}\n`);
    const lines = r.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({ error: { code: 'AG_ERR_INPUT_TOO_LARGE' } });
    expect(lines[1]).toMatchObject({ id: 'ok', allowed: true });
    expect(r.code).toBe(2);
  });
});

describe('agent-guard validate (child process)', () => {
  it('exits 1 for rm -rf / and 0 for ls', async () => {
    const run = promisify(execFile);
    const opts = { cwd: process.cwd(), env: { ...process.env, ...env }, timeout: 60_000 };
    const denied = await run(
      'npx',
      ['tsx', 'src/cli/main.ts', 'validate', '--json', '--', 'rm', '-rf', '/'],
      opts,
    ).then(
      () => ({ code: 0, stdout: '' }),
      (e: { code: number; stdout: string }) => e,
    );
    expect(denied.code).toBe(1);
    expect(JSON.parse(denied.stdout).rule_id).toBe('FS-AST-001');
    const ok = await run('npx', ['tsx', 'src/cli/main.ts', 'validate', '--', 'ls'], opts);
    expect(ok.stdout).toMatch(/^ALLOW/);
  }, 60_000);
});
