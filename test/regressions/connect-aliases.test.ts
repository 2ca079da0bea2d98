/**
 * Issue 24, side door: with the forward proxy on, `localhost`, `127.1`, `2130706433`, `0x7f.1` and
 * `[::ffff:127.0.0.1]` each opened a CONNECT tunnel to an inspected upstream that `127.0.0.1` was
 * refused for, so a prompt sent through the tunnel skipped the scrubber. Destinations are now
 * compared as resolved addresses. The test pushes a chat request with a secret through whatever
 * tunnel opens; the recording upstream must never receive it.
 */
import { once } from 'node:events';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lookup } from '../../src/proxy/connect.js';
import { startSidecar, type TestSidecar } from '../proxy/helpers.js';
import { SECRET, startRecorder, type Recorder } from './proxy-harness.js';

let upstream: Recorder;
let port: number;
let sidecar: TestSidecar;

const lookup: Lookup = (host) => {
  const table: Record<string, Array<{ address: string; family: number }>> = {
    localhost: [
      { address: '127.0.0.1', family: 4 },
      { address: '::1', family: 6 },
    ],
    'api.inspected.test': [{ address: '127.0.0.1', family: 4 }],
    'mapped.inspected.test': [{ address: '::ffff:127.0.0.1', family: 6 }],
  };
  const hit = table[host];
  return hit ? Promise.resolve(hit) : Promise.reject(new Error('ENOTFOUND'));
};

beforeAll(async () => {
  upstream = await startRecorder();
  port = Number(new URL(upstream.url).port);
  sidecar = await startSidecar(
    {
      proxy: {
        openaiUpstream: upstream.url,
        forwardProxy: { enabled: true, allowPrivate: true, allowPorts: [port] },
      },
    },
    {},
    { lookup },
  );
});

afterAll(async () => {
  await sidecar?.close();
  await upstream?.close();
});

/** CONNECT, then (if the tunnel opens) send a chat request with the secret through it. */
function tunnel(target: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(sidecar.port, '127.0.0.1', () =>
      socket.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`),
    );
    let text = '';
    socket.on('data', (d: Buffer) => {
      text += d.toString('latin1');
      if (!text.includes('\r\n\r\n')) return;
      const status = Number(text.slice(9, 12));
      if (status === 200) {
        const body = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: SECRET }] });
        socket.write(
          `POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
        );
        setTimeout(() => {
          socket.destroy();
          resolve(status);
        }, 100);
      } else {
        socket.destroy();
        resolve(status);
      }
    });
    socket.on('error', reject);
  });
}

describe('CONNECT to an inspected upstream is refused in every spelling', () => {
  it.each([
    '127.0.0.1',
    'localhost',
    '127.1',
    '2130706433',
    '0x7f.1',
    '0177.0.0.1',
    '[::ffff:127.0.0.1]',
    '[::ffff:7f00:1]',
    '[::1]',
    '0.0.0.0',
    '127.0.0.2',
    'api.inspected.test',
    'mapped.inspected.test',
  ])('%s', async (host) => {
    const status = await tunnel(`${host}:${port}`);
    expect(status).toBe(403);
    expect(upstream.saw(SECRET)).toBe(false);
    expect(upstream.received.length).toBe(0);
  });

  it('a tunnel to another port on the same host still opens (not an inspected upstream)', async () => {
    const other = net.createServer((s) => s.end());
    other.listen(0, '127.0.0.1');
    await once(other, 'listening');
    const otherPort = (other.address() as net.AddressInfo).port;
    const guarded = await startSidecar(
      {
        proxy: {
          openaiUpstream: upstream.url,
          forwardProxy: { enabled: true, allowPrivate: true, allowPorts: [otherPort] },
        },
      },
      {},
      { lookup },
    );
    const status = await new Promise<number>((resolve, reject) => {
      const socket = net.connect(guarded.port, '127.0.0.1', () =>
        socket.write(`CONNECT localhost:${otherPort} HTTP/1.1\r\nHost: x\r\n\r\n`),
      );
      socket.once('data', (d: Buffer) => {
        socket.destroy();
        resolve(Number(d.toString('latin1').slice(9, 12)));
      });
      socket.on('error', reject);
    });
    await guarded.close();
    other.close();
    expect(status).toBe(200);
  });
});
