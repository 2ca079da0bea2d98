/**
 * The bundled CLI (scripts/bundle-cli.ts, what `npm run build` ships as the `agent-guard` bin) runs
 * the same commands as the sources: built into a scratch folder inside the package (so its external
 * packages resolve from node_modules) and run as child processes.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleCli } from '../../scripts/bundle-cli.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
let outdir = '';

function run(entry: string, args: string[], input?: string): { code: number | null; stdout: string } {
  const result = spawnSync(process.execPath, [join(outdir, entry), ...args], {
    cwd: ROOT,
    input,
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { code: result.status, stdout: result.stdout };
}

describe('bundled CLI', () => {
  beforeAll(async () => {
    const cache = join(ROOT, 'node_modules', '.cache');
    mkdirSync(cache, { recursive: true });
    outdir = mkdtempSync(join(cache, 'agent-guard-bundle-'));
    await bundleCli(outdir);
  }, 60_000);
  afterAll(() => {
    if (outdir) rmSync(outdir, { recursive: true, force: true });
  });

  it('prints the version', () => {
    const { code, stdout } = run('main.js', ['--version']);
    expect(code).toBe(0);
    expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('denies a recursive delete of / (exit 1) and allows ls (exit 0)', () => {
    const denied = run('main.js', ['validate', '--json', '--', 'rm', '-rf', '/']);
    expect(denied.code).toBe(1);
    expect(JSON.parse(denied.stdout)).toMatchObject({ allowed: false, rule_id: 'FS-AST-001' });
    expect(run('main.js', ['validate', '--', 'ls', '-la']).code).toBe(0);
  });

  it('loads the lazily loaded SQL parser from node_modules', () => {
    const denied = run('main.js', ['validate', '--runtime', 'sql', '--json', '--', 'DROP TABLE users;']);
    expect(denied.code).toBe(1);
    expect(JSON.parse(denied.stdout)).toMatchObject({ allowed: false });
  });

  it('scrubs a credential from stdin', () => {
    const { code, stdout } = run('main.js', ['sanitize', '-'], `key ${'AKIA' + 'Q3ZT7K2M9XW4PLR8'}\n`);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^key \[REDACTED_AWS_KEY_[0-9a-f]{8}\]/);
  });

  it('runs the shell shim', () => {
    const { code, stdout } = run('shell-shim.js', ['-c', 'echo bundled']);
    expect(code).toBe(0);
    expect(stdout.trim()).toBe('bundled');
  });
});
