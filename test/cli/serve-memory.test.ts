/**
 * Process tuning of `agent-guard serve` (src/cli/serve-memory.ts): this node accepts the flags, and
 * every start path (the image's ENTRYPOINT and ENV, `npm start`) carries them.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVE_ENV, SERVE_NODE_FLAGS } from '../../src/cli/serve-memory.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('the node flags', () => {
  it('are accepted by this node and reach V8', () => {
    const run = spawnSync(
      process.execPath,
      [...SERVE_NODE_FLAGS, '-e', 'process.stdout.write(JSON.stringify(process.execArgv))'],
      { encoding: 'utf8', timeout: 20_000 },
    );
    expect(run.status, run.stderr).toBe(0);
    expect((JSON.parse(run.stdout) as string[]).slice(0, SERVE_NODE_FLAGS.length)).toEqual([
      ...SERVE_NODE_FLAGS,
    ]);
  });
});

describe('the image ships the memory settings', () => {
  const dockerfile = readFileSync(`${ROOT}Dockerfile`, 'utf8');

  it('ENTRYPOINT passes the node flags before the script', () => {
    const entrypoint = /^ENTRYPOINT (\[.*\])$/m.exec(dockerfile)?.[1];
    const argv = JSON.parse(entrypoint ?? '[]') as string[];
    expect(argv[0]).toBe('node');
    const script = argv.indexOf('/app/dist/bundle/main.js');
    expect(argv.slice(1, script)).toEqual([...SERVE_NODE_FLAGS]);
  });

  it('npm start, the README run command, passes the same node flags', () => {
    const pkg = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as {
      scripts: Record<string, string>;
    };
    const start = pkg.scripts['start'] ?? '';
    const command = start.slice(start.lastIndexOf('node '));
    expect(command).toBe(`node ${SERVE_NODE_FLAGS.join(' ')} dist/bundle/main.js serve`);
  });

  it('ENV sets the environment', () => {
    for (const [name, value] of Object.entries(SERVE_ENV)) {
      expect(dockerfile).toMatch(new RegExp(`^\\s+${name}=${value}\\s*\\\\?$`, 'm'));
    }
  });
});
