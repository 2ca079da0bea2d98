/** Forward-proxy mode: CONNECT tunnels checked against SSRF rules and host lists; absolute-URI routing. */
import { once } from 'node:events';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lookup } from '../../src/proxy/connect.js';
import {
  json,
  request,
  startSidecar,
  startUpstream,
  type TestSidecar,
  type TestUpstream,
} from './helpers.js';

let echo: net.Server;
let echoPort: number;
/** A second echo server that is no route's upstream: tunnels to it are allowed. */
let free: net.Server;
let freePort: number;
let upstream: TestUpstream;
let sidecar: TestSidecar;
let strict: TestSidecar;
let off: TestSidecar;

const DNS: Record<string, string[]> = {
  'rebind.test': ['169.254.169.254'],
  'mixed.test': ['93.184.216.34', '169.254.169.254'],
  'echo.test': ['127.0.0.1'],
  'public.test': ['93.184.216.34'],
};
const lookup: Lookup = (host) => {
  const addresses = DNS[host];
  return addresses
    ? Promise.resolve(addresses.map((address) => ({ address, family: 4 })))
    : Promise.reject(new Error('ENOTFOUND'));
};

beforeAll(async () => {
  echo = net.createServer((s) => s.pipe(s));
  echo.listen(0, '127.0.0.1');
  await once(echo, 'listening');
  echoPort = (echo.address() as net.AddressInfo).port;
  free = net.createServer((s) => s.pipe(s));
  free.listen(0, '127.0.0.1');
  await once(free, 'listening');
  freePort = (free.address() as net.AddressInfo).port;
  upstream = await startUpstream((req, res) => json(res, 200, { path: req.url }));
  sidecar = await startSidecar(
    {
      proxy: {
        forwardProxy: {
          enabled: true,
          allowPrivate: true,
          allowPorts: [443, echoPort, freePort],
          denyHosts: ['*.blocked.test'],
        },
        routes: [{ prefix: '/svc', upstream: upstream.url, adapter: 'passthrough' }],
        openaiUpstream: `http://127.0.0.1:${echoPort}`,
      },
    },
    {},
    { lookup },
  );
  strict = await startSidecar(
    { proxy: { forwardProxy: { enabled: true, allowHosts: ['public.test', '*.allowed.test'] } } },
    {},
    { lookup },
  );
  off = await startSidecar({});
});

afterAll(async () => {
  await Promise.all([sidecar?.close(), strict?.close(), off?.close(), upstream?.close()]);
  echo?.close();
  free?.close();
});

/** Send CONNECT and return the status line's code and the open socket. */
function connect(
  port: number,
  target: string,
): Promise<{ status: number; socket: net.Socket; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`),
    );
    let text = '';
    const onData = (d: Buffer): void => {
      text += d.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end === -1) return;
      socket.off('data', onData);
      resolve({ status: Number(text.slice(9, 12)), socket, text });
    };
    socket.on('data', onData);
    socket.on('error', reject);
  });
}

describe('CONNECT to the metadata service is refused in every spelling', () => {
  it.each([
    '169.254.169.254:443',
    '2852039166:443',
    '0xa9fea9fe:443',
    '0251.0376.0251.0376:443',
    '169.254.43518:443',
    '[::ffff:169.254.169.254]:443',
    '[::ffff:a9fe:a9fe]:443',
    '[fd00:ec2::254]:443',
    'metadata.google.internal:443',
    '169.254.169.254.nip.io:443',
    'rebind.test:443',
    'mixed.test:443',
    '169.254.1.1:443',
  ])('%s', async (target) => {
    const { status, socket } = await connect(sidecar.port, target);
    socket.destroy();
    expect(status).toBe(403);
  });
});

describe('CONNECT policy', () => {
  it('opens a tunnel to an allowed destination, to the resolved address', async () => {
    const { status, socket } = await connect(sidecar.port, `echo.test:${freePort}`);
    expect(status).toBe(200);
    socket.write('ping');
    const [data] = (await once(socket, 'data')) as [Buffer];
    expect(data.toString()).toBe('ping');
    socket.destroy();
  });

  it.each([
    ['a port not on the list', 'public.test:22', 403],
    ['a host on the deny list', 'x.blocked.test:443', 403],
    ['an unresolvable name', 'nowhere.test:443', 502],
    ['a malformed target', 'no-port', 400],
  ])('refuses %s', async (_name, target, want) => {
    const { status, socket } = await connect(sidecar.port, target);
    socket.destroy();
    expect(status).toBe(want);
  });

  it('refuses tunnels to an inspecting route upstream (they would skip scrubbing)', async () => {
    const { status, socket, text } = await connect(sidecar.port, `127.0.0.1:${echoPort}`);
    socket.destroy();
    expect(status).toBe(403);
    expect(text).toContain('inspecting route');
  });

  it('with an allow list, unlisted and private hosts are refused', async () => {
    for (const target of ['evil.test:443', '127.0.0.1:443', '10.0.0.1:443']) {
      const { status, socket } = await connect(strict.port, target);
      socket.destroy();
      expect(status, target).toBe(403);
    }
  });

  it('CONNECT is refused when forward-proxy mode is off', async () => {
    const { status, socket } = await connect(off.port, 'public.test:443');
    socket.destroy();
    expect(status).toBe(405);
  });
});

describe('absolute-URI requests in forward-proxy mode', () => {
  it('are routed when they name a configured upstream origin', async () => {
    const res = await request(`${sidecar.url}/`, {
      path: `${upstream.url}/hello?x=1`,
      headers: { host: `127.0.0.1:${upstream.port}` },
    });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ path: '/hello?x=1' });
  });

  it('are refused for any other origin (no open proxy)', async () => {
    const res = await request(`${sidecar.url}/`, {
      path: 'http://example.com/',
      headers: { host: 'example.com' },
    });
    expect(res.status).toBe(403);
    expect(res.json()).toMatchObject({ code: 'AG_ERR_PROXY_DESTINATION_REFUSED' });
  });
});
