// `agent-guard sanitize` in-process through runCli, and once as a real child process.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { runCaptured } from '../support/cli.js';
import { GH, MIXED, PASSWORD, SECRETS } from './helpers.js';
import { tempDir } from '../support/temp-dir.js';

async function cli(args: string[], stdin = '', env: Record<string, string> = {}) {
  const r = await runCaptured(runCli, ['sanitize', ...args], {
    stdin: Readable.from([Buffer.from(stdin)]),
    env: { AGENT_GUARD_SCRUB_SALT: 'cli-test-salt-0123456789', ...env },
    cwd: process.cwd(),
  });
  return { code: r.code, out: r.stdout, err: r.stderr };
}

describe('agent-guard sanitize', () => {
  it('prints the scrubbed text of stdin', async () => {
    const r = await cli([], MIXED);
    expect(r.code).toBe(0);
    for (const s of SECRETS) expect(r.out.includes(s)).toBe(false);
    expect(r.out).toContain('Here is my deployment script');
  });

  it('reads a file and prints the SPEC 2.2 JSON with --json', async () => {
    const dir = tempDir('ag-sanitize-');
    const file = join(dir, 'prompt.txt');
    writeFileSync(file, `token ${GH}\n`);
    const r = await cli(['--json', file]);
    expect(r.code).toBe(0);
    const body = JSON.parse(r.out) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(
      ['engine_version', 'latency_us', 'redacted_keys', 'redactions_count', 'sanitized', 'status'].sort(),
    );
    expect(body).toMatchObject({ status: 'redacted', redactions_count: 1, redacted_keys: ['GITHUB_TOKEN'] });
  });

  it('--no-strict keeps context-only secrets', async () => {
    const text = `password = "${PASSWORD}"\n`;
    expect((await cli(['--no-strict'], text)).out).toBe(text);
    expect((await cli([], text)).out.includes(PASSWORD)).toBe(false);
  });

  it('--jsonl answers each line with the same id and an error object for malformed lines', async () => {
    const lines = [
      JSON.stringify({ id: 'a', payload: `x ${GH}` }),
      '{not json',
      JSON.stringify({ id: 7, payload: `password = "${PASSWORD}"`, strict: false }),
      JSON.stringify({ id: 'c', payload: 3 }),
      '',
      JSON.stringify({ id: 'd', payload: 'clean' }),
    ].join('\n');
    const r = await cli(['--jsonl'], lines);
    expect(r.code).toBe(2);
    const out = r.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(out.map((o) => o['id'])).toEqual(['a', null, 7, 'c', 'd']);
    expect(out[0]).toMatchObject({ status: 'redacted', redactions_count: 1 });
    expect(out[1]).toMatchObject({ error: { code: 'AG_ERR_INPUT_INVALID' } });
    expect(out[2]).toMatchObject({ status: 'clean' });
    expect(out[3]).toMatchObject({ error: { code: 'AG_ERR_INPUT_INVALID' } });
    expect(out[4]).toMatchObject({ status: 'clean', sanitized: 'clean' });
    expect(r.out.includes(GH)).toBe(false);
  });

  it('exits 2 on usage errors and oversized input, without echoing secrets', async () => {
    expect((await cli(['--bogus'])).code).toBe(2);
    const big = await cli([], `${GH} ${'x'.repeat(3000)}`, { AGENT_GUARD_SCRUB_MAX_PAYLOAD_BYTES: '1024' });
    expect(big.code).toBe(2);
    expect(big.err).toContain('AG_ERR_INPUT_TOO_LARGE');
    expect(big.err.includes(GH)).toBe(false);
    const missing = await cli(['/nonexistent/file.txt']);
    expect(missing.code).toBe(2);
  });

  it('runs as a real child process', async () => {
    const child = execFile('npx', ['tsx', 'src/cli/main.ts', 'sanitize', '--json', '-'], {
      cwd: process.cwd(),
      env: { ...process.env, AGENT_GUARD_SCRUB_SALT: 'cli-test-salt-0123456789' },
    });
    child.stdin!.end(`my key ${GH}`);
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((res) => child.on('close', res));
    expect(code).toBe(0);
    const body = JSON.parse(out) as { sanitized: string; status: string };
    expect(body.status).toBe('redacted');
    expect(body.sanitized).toMatch(/^my key \[REDACTED_GITHUB_KEY_[0-9a-f]{8}\]$/);
  }, 60_000);
});
