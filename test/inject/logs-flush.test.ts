/**
 * Issue 27: `agent-guard inject` wrote its log lines into a 15 KiB buffer it never flushed, so
 * lines appeared only at exit. The real CLI, as a child process: each line must show up while it
 * runs, within about a second (the flush interval), and the process exits cleanly on SIGTERM.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generate } from 'selfsigned';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../support/temp-dir.js';

const ROOT = join(import.meta.dirname, '../..');
const TSX = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
let child: ChildProcessWithoutNullStreams | undefined;

afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
});

/** Resolves with all output so far once `pattern` appears, or rejects after `ms`. */
function waitFor(out: { text: string }, pattern: RegExp, ms: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = setInterval(() => {
      if (pattern.test(out.text)) {
        clearInterval(poll);
        resolve(out.text);
      } else if (Date.now() - started > ms) {
        clearInterval(poll);
        reject(new Error(`no ${String(pattern)} within ${ms} ms; output so far: ${out.text.slice(-500)}`));
      }
    }, 50);
  });
}

describe('agent-guard inject logging', () => {
  it('shows each line while running, not only at exit', async () => {
    const dir = tempDir('ag-inject-log-');
    const pair = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
      keySize: 2048,
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
    });
    writeFileSync(join(dir, 'tls.crt'), pair.cert);
    writeFileSync(join(dir, 'tls.key'), pair.private);
    child = spawn(
      process.execPath,
      [
        '--import',
        TSX,
        join(ROOT, 'src/cli/main.ts'),
        'inject',
        '--port',
        '0',
        '--cert',
        join(dir, 'tls.crt'),
        '--key',
        join(dir, 'tls.key'),
      ],
      {
        cwd: dir,
        // Not in a cluster: no version check, files mode.
        env: { PATH: process.env.PATH ?? '', AGENT_GUARD_INJECT_HOST: '127.0.0.1' },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    const out = { text: '' };
    child.stdout.on('data', (c: Buffer) => (out.text += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out.text += c.toString()));

    const started = await waitFor(out, /listening on (https:\/\/[^\s"]+)/, 30_000);
    const url = /listening on (https:\/\/[^\s"]+)/.exec(started)![1]!;
    const before = out.text.length;
    await new Promise<void>((resolve, reject) => {
      const req = request(
        `${url}/mutate`,
        { method: 'POST', ca: pair.cert, agent: false, headers: { 'content-type': 'application/json' } },
        (res) => {
          res.resume();
          res.on('end', () => resolve());
        },
      );
      req.on('error', reject);
      req.end('{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":"u-1"}}');
    });
    // The review's line, well before any 15 KiB buffer fills and while the process still runs.
    await waitFor(
      {
        get text() {
          return out.text.slice(before);
        },
      },
      /admission review/,
      3_000,
    );
    expect(child.exitCode).toBeNull();

    const exited = new Promise<number | null>((resolve) => child!.once('close', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 60_000);
});
