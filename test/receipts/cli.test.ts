// `agent-guard keygen` and `agent-guard verify`, in-process through runCli and once as a child process.
/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return -- tampering edits arbitrary JSON */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { parsePrivateKey, keyIdOf, createSigner } from '../../src/receipts/index.js';
import { TEST_PUBLIC_KEY_HEX } from '../fixtures/receipts/cases.js';
import { runCaptured } from '../support/cli.js';

const root = join(import.meta.dirname, '../..');
const fixtures = join(root, 'test/fixtures/receipts');
const tmp = mkdtempSync(join(tmpdir(), 'ag-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function cli(args: string[], stdin = ''): Promise<{ code: number; out: string; err: string }> {
  const r = await runCaptured(runCli, args, { stdin: Readable.from([stdin]), env: {}, cwd: tmp });
  return { code: r.code, out: r.stdout, err: r.stderr };
}

describe('agent-guard keygen', () => {
  it('writes a 0600 PKCS#8 key, prints the public key and key id, and refuses to overwrite', async () => {
    const file = join(tmp, 'signing.pem');
    const first = await cli(['keygen', '--out', file]);
    expect(first.code).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const seed = parsePrivateKey(readFileSync(file, 'utf8'));
    const signer = createSigner(seed);
    expect(first.out).toContain(`public key: ${Buffer.from(signer.publicKey).toString('hex')}`);
    expect(first.out).toContain(`key id:     ${keyIdOf(signer.publicKey)}`);

    const again = await cli(['keygen', '--out', file]);
    expect(again.code).toBe(2);
    expect(again.err).toContain('refusing to overwrite');
    expect(readFileSync(file, 'utf8')).toContain('BEGIN PRIVATE KEY');
    expect(parsePrivateKey(readFileSync(file, 'utf8'))).toEqual(seed);

    const forced = await cli(['keygen', '--out', file, '--force']);
    expect(forced.code).toBe(0);
    expect(parsePrivateKey(readFileSync(file, 'utf8'))).not.toEqual(seed);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('without --out prints the PEM on stdout and the public half on stderr', async () => {
    const r = await cli(['keygen']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(r.err).toContain('key id:');
  });
});

describe('agent-guard verify', () => {
  const jwks = join(fixtures, 'jwks.json');
  it.each([
    ['a receipt with --key', ['--key', TEST_PUBLIC_KEY_HEX, join(fixtures, 'decision-deny.receipt.json')]],
    ['an envelope with --keys', ['--keys', jwks, join(fixtures, 'decision-deny.response.json')]],
    ['a validate response', ['--keys', jwks, join(fixtures, 'decision-allow.response.json')]],
    ['a sanitize response', ['--keys', jwks, join(fixtures, 'scrub.response.json')]],
  ])('exits 0 for %s', async (_name, args) => {
    const r = await cli(['verify', ...args]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^OK: /);
  });

  it('reads stdin', async () => {
    const r = await cli(
      ['verify', '--key', TEST_PUBLIC_KEY_HEX, '-'],
      readFileSync(join(fixtures, 'scrub.receipt.json'), 'utf8'),
    );
    expect(r.code).toBe(0);
    expect(r.out).toContain('scrub receipt: 2 redaction(s)');
  });

  const tampered = (edit: (r: Record<string, any>) => void): string => {
    const receipt = JSON.parse(readFileSync(join(fixtures, 'decision-deny.receipt.json'), 'utf8'));
    edit(receipt);
    const file = join(tmp, `t-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(file, JSON.stringify(receipt));
    return file;
  };
  const other = createSigner(new Uint8Array(32).fill(3));
  it.each([
    [
      'seal',
      (r: Record<string, any>) => (r.decision.allowed = true),
      'INVALID (seal): seal mismatch (want 0x',
    ],
    [
      'signature',
      (r: Record<string, any>) => (r.signature = r.signature.replace(/..$/, '00')),
      'INVALID (signature)',
    ],
    ['format', (r: Record<string, any>) => (r.v = 7), 'INVALID (format)'],
  ])('exits 1 and names the failed check: %s', async (_n, edit, message) => {
    const r = await cli(['verify', '--key', TEST_PUBLIC_KEY_HEX, tampered(edit)]);
    expect(r.code).toBe(1);
    expect(r.err).toContain(message);
  });

  it('exits 1 with unknown-key for a key that is not trusted', async () => {
    const r = await cli([
      'verify',
      '--key',
      Buffer.from(other.publicKey).toString('hex'),
      join(fixtures, 'decision-deny.receipt.json'),
    ]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('INVALID (unknown-key)');
  });

  it.each([
    ['no key', ['verify', join(fixtures, 'decision-deny.receipt.json')]],
    ['a malformed key', ['verify', '--key', 'abc', join(fixtures, 'decision-deny.receipt.json')]],
    ['a missing file', ['verify', '--key', TEST_PUBLIC_KEY_HEX, join(tmp, 'nope.json')]],
    ['two files', ['verify', '--key', TEST_PUBLIC_KEY_HEX, 'a.json', 'b.json']],
    ['an unknown option', ['verify', '--nope']],
  ])('exits 2 for %s', async (_name, args) => {
    expect((await cli(args)).code).toBe(2);
  });

  it('works as a child process', async () => {
    const run = promisify(execFile);
    const tsx = join(root, 'node_modules/.bin/tsx');
    const ok = await run(
      tsx,
      ['src/cli/main.ts', 'verify', '--keys', jwks, join(fixtures, 'decision-deny.response.json')],
      {
        cwd: root,
        timeout: 50_000,
      },
    );
    expect(ok.stdout).toContain('OK: decision receipt: DENY');
    const bad = tampered((r) => (r.engine_version = '0.0.0'));
    const failed = await run(tsx, ['src/cli/main.ts', 'verify', '--key', TEST_PUBLIC_KEY_HEX, bad], {
      cwd: root,
      timeout: 50_000,
    }).then(
      () => ({ code: 0, stderr: '' }),
      (err: { code: number; stderr: string }) => err,
    );
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('INVALID (seal)');
  }, 120_000);
});
