/**
 * Memory settings of `agent-guard serve` (src/cli/serve-memory.ts): the HTTP parser warm-up runs and
 * hands its optimised code to undici, the heap-growth flag defers to the command line, and the image
 * ships the flags and environment the module lists (the proxy bench starts the server with them).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { limitHeapGrowth, SERVE_ENV, SERVE_NODE_FLAGS, warmHttpParser } from '../../src/cli/serve-memory.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSX = pathToFileURL(`${ROOT}node_modules/tsx/dist/loader.mjs`).href;

/** Runs `code` (an ES module) under node with `flags`; resolves with its stdout once it exits. */
function runModule(flags: readonly string[], code: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...flags, '--import', TSX, '--input-type=module', '-e', code], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const out: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('error', reject);
    child.once('close', (status) => {
      clearTimeout(timer);
      if (status === 0) resolve(Buffer.concat(out).toString('utf8'));
      else reject(new Error(`child exited with ${String(status)}`));
    });
  });
}

describe('warmHttpParser', () => {
  it("leaves undici's non-SIMD parser alone when undici is told to use it", () => {
    expect(warmHttpParser({ UNDICI_NO_WASM_SIMD: '1' })).toBe(false);
  });

  it('parses a response with the parser undici uses', () => {
    expect(warmHttpParser({})).toBe(true);
    expect(warmHttpParser({})).toBe(true); // once per process
  });

  /** TurboFan compiles of large WASM functions (llhttp's state machine) a child printed. */
  async function optimisedCompiles(traffic: boolean): Promise<number | null> {
    const module = pathToFileURL(`${ROOT}src/cli/serve-memory.ts`).href;
    // Warm; then, with traffic, requests through undici (which compiles its own copy of the same
    // bytes), with pauses so that a second optimising compile, if there were one, finishes and prints.
    const stdout = await runModule(
      ['--trace-wasm-compilation-times'],
      `
      import http from 'node:http';
      import { request } from 'undici';
      import { warmHttpParser } from ${JSON.stringify(module)};
      if (!warmHttpParser({})) throw new Error('warm-up failed');
      const server = http.createServer((req, res) => res.end('{}')).listen(0, '127.0.0.1');
      await new Promise((r) => server.once('listening', r));
      const url = 'http://127.0.0.1:' + server.address().port + '/';
      for (let round = 0; round < 8; round++) {
        if (${String(traffic)}) for (let i = 0; i < 20; i++) await (await request(url)).body.text();
        await new Promise((r) => setTimeout(r, 250));
      }
      server.close();
      `,
    );
    if (!/using (Liftoff|TurboFan)/.test(stdout)) return null; // this node's V8 prints another format
    const sizes = [...stdout.matchAll(/using TurboFan.*?bodysize (\d+)/g)].map((m) => Number(m[1]));
    return sizes.filter((size) => size > 10_000).length; // llhttp's state machine is the only large one
  }

  it("optimises the parser's main function at warm-up, without any request", async () => {
    const compiles = await optimisedCompiles(false);
    if (compiles !== null) expect(compiles).toBe(1);
  });

  it('hands that code to undici: the function is not optimised a second time for its requests', async () => {
    const compiles = await optimisedCompiles(true);
    if (compiles !== null) expect(compiles).toBe(1);
  });
});

describe('limitHeapGrowth', () => {
  it('defers to a --heap-growing-percent on the command line', () => {
    expect(limitHeapGrowth(['--heap-growing-percent=50'])).toBe(false);
    expect(limitHeapGrowth(['--heap_growing_percent', '50'])).toBe(false);
  });

  it('sets the flag otherwise', () => {
    expect(limitHeapGrowth([])).toBe(true);
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
