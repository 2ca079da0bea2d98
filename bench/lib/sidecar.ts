/**
 * Starting the built sidecar for a bench the way it ships: `node <flags> dist/bundle/main.js serve`
 * with the node flags and environment of the container image and `npm start` (SERVE_NODE_FLAGS,
 * SERVE_ENV in src/cli/serve-memory.ts), log lines (stdout) to /dev/null. Shared by the proxy and
 * HTTP API benches.
 *   BENCH_SERVER_NODE_FLAGS replaces the shipped node flags ('' for none);
 *   BENCH_SERVER_BARE=1 leaves out the shipped flags and environment;
 *   BENCH_SERVER_ENTRY runs another bundle (an A/B against a build of an earlier commit made with
 *   `npx tsx scripts/bundle-cli.ts --outdir dist/old`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVE_ENV, SERVE_NODE_FLAGS } from '../../src/cli/serve-memory.js';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
export const SERVER_ENTRY = process.env.BENCH_SERVER_ENTRY
  ? resolve(process.env.BENCH_SERVER_ENTRY)
  : join(ROOT, 'dist', 'bundle', 'main.js');
const BARE = process.env.BENCH_SERVER_BARE === '1';
export const SERVER_NODE_FLAGS: readonly string[] = (
  process.env.BENCH_SERVER_NODE_FLAGS ?? (BARE ? '' : SERVE_NODE_FLAGS.join(' '))
)
  .split(/\s+/)
  .filter(Boolean);
export const SERVER_ENV: Readonly<Record<string, string>> = BARE ? {} : { ...SERVE_ENV };

/** "server flags: …, environment: …" for a bench's header line. */
export function describeServer(): string {
  const env = Object.entries(SERVER_ENV)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  return `server flags: ${SERVER_NODE_FLAGS.join(' ') || 'none'}, environment: ${env || 'none'}`;
}

function newestMtime(dir: string, suffix: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith(suffix)) continue;
    newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Exits when the bundle is missing; returns a warning when dist/ is older than src/. */
export function checkBuild(): string | null {
  if (!existsSync(SERVER_ENTRY)) {
    console.error(
      `${SERVER_ENTRY} is missing: run \`npm run build\` first (the bench measures the built server).`,
    );
    process.exit(1);
  }
  const src = newestMtime(join(ROOT, 'src'), '.ts');
  const dist = newestMtime(join(ROOT, 'dist'), '.js');
  return src > dist
    ? `WARNING: dist/ is older than src/ (newest src file ${new Date(src).toISOString()}, newest dist file ${new Date(dist).toISOString()}): these figures may not be the current code; run \`npm run build\`.`
    : null;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface Sidecar {
  readonly child: ChildProcess;
  readonly port: number;
  /** From spawn to the first healthy /api/v1/health answer. */
  readonly startupMs: number;
}

/** Starts the built sidecar with `env` on a free port; resolves once /api/v1/health answers. */
export async function startSidecar(env: Record<string, string>): Promise<Sidecar> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY, 'serve'], {
    env: { ...process.env, ...SERVER_ENV, ...env, AGENT_GUARD_PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'], // log lines (stdout) to /dev/null
  });
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  for (let i = 0; i < 200; i++) {
    if (exited !== undefined) throw new Error(`the server exited with ${String(exited)} before answering`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
      await res.arrayBuffer();
      if (res.ok) return { child, port, startupMs: performance.now() - started };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not answer /api/v1/health within 10 s');
}
