/**
 * A real redis-server for the shared-state tests (issue 28), on a random loopback port, no
 * persistence. Debian's `redis-server` package provides it (`sudo apt-get install -y redis-server`);
 * when it is missing the tests fail with that instruction rather than pass without testing.
 * `stop()` kills it (SIGKILL, as a crash would) and `restart()` brings it back on the same port.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export const REDIS_INSTALL_HINT = 'sudo apt-get install -y redis-server';

export function redisServerBinary(): string {
  const binary = process.env['REDIS_SERVER_BIN'] ?? 'redis-server';
  const probe = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      `redis-server is needed for the shared-state tests and was not found (${binary}); install it with: ${REDIS_INSTALL_HINT}`,
    );
  }
  return binary;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export class RedisServer {
  readonly port: number;
  readonly #binary: string;
  #child: ChildProcess | null = null;

  private constructor(binary: string, port: number) {
    this.#binary = binary;
    this.port = port;
  }

  static async start(): Promise<RedisServer> {
    const server = new RedisServer(redisServerBinary(), await freePort());
    await server.#launch();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Kill the server at once (no shutdown), like a crashed or unreachable Redis. */
  async stop(): Promise<void> {
    const child = this.#child;
    this.#child = null;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }

  /** Start again on the same port (an empty server: nothing was persisted). */
  async restart(): Promise<void> {
    await this.stop();
    await this.#launch();
  }

  async #launch(): Promise<void> {
    const child = spawn(
      this.#binary,
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.#child = child;
    await new Promise<void>((resolve, reject) => {
      let out = '';
      let ready = false;
      const timer = setTimeout(() => fail(new Error(`redis-server did not start:\n${out}`)), 15_000);
      const fail = (err: Error): void => {
        clearTimeout(timer);
        reject(err);
      };
      child.once('error', fail);
      child.once('exit', (code) => fail(new Error(`redis-server exited (${code}):\n${out}`)));
      // Keep reading after start-up (a full pipe would block the server), but keep nothing.
      child.stdout.on('data', (chunk: Buffer) => {
        if (ready) return;
        out += chunk.toString();
        if (out.includes('Ready to accept connections')) {
          ready = true;
          clearTimeout(timer);
          child.removeAllListeners('exit');
          resolve();
        }
      });
      child.stderr.on('data', (chunk: Buffer) => {
        if (!ready) out += chunk.toString();
      });
    });
  }
}
