/** Websockets through a passthrough route: a tiny RFC 6455 echo upstream on node:http 'upgrade'. */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocket } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSidecar, type TestSidecar } from './helpers.js';

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

/** Echo every text/binary frame back (server frames are unmasked; client frames are masked). */
function echoFrames(socket: Duplex): void {
  let buffer = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      if (buffer.length < 2) return;
      const opcode = buffer[0]! & 0x0f;
      let length = buffer[1]! & 0x7f;
      let offset = 2;
      if (length === 126) {
        if (buffer.length < 4) return;
        length = buffer.readUInt16BE(2);
        offset = 4;
      }
      const masked = (buffer[1]! & 0x80) !== 0;
      const maskAt = offset;
      if (masked) offset += 4;
      if (buffer.length < offset + length) return;
      const payload = Buffer.from(buffer.subarray(offset, offset + length));
      if (masked) for (let i = 0; i < payload.length; i++) payload[i]! ^= buffer[maskAt + (i % 4)]!;
      buffer = buffer.subarray(offset + length);
      if (opcode === 0x8) {
        socket.end(Buffer.from([0x88, 0]));
        return;
      }
      const head =
        payload.length < 126
          ? Buffer.from([0x80 | opcode, payload.length])
          : Buffer.from([0x80 | opcode, 126, payload.length >> 8, payload.length & 0xff]);
      socket.write(Buffer.concat([head, payload]));
    }
  });
}

let upstream: http.Server;
let upstreamPath = '';
let sidecar: TestSidecar;

beforeAll(async () => {
  upstream = http.createServer((_req, res) => res.end('not a websocket'));
  upstream.on('upgrade', (req, socket) => {
    upstreamPath = req.url ?? '';
    const accept = createHash('sha1')
      .update(`${String(req.headers['sec-websocket-key'])}${GUID}`)
      .digest('base64');
    socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
    );
    echoFrames(socket);
  });
  upstream.listen(0, '127.0.0.1');
  await once(upstream, 'listening');
  const port = (upstream.address() as AddressInfo).port;
  sidecar = await startSidecar({
    proxy: {
      defaultUpstream: `http://127.0.0.1:${port}`,
      routes: [{ prefix: '/ws-openai', upstream: `http://127.0.0.1:${port}`, adapter: 'openai' }],
    },
  });
});

afterAll(async () => {
  await sidecar?.close();
  upstream?.closeAllConnections();
  upstream?.close();
});

describe('websockets', () => {
  it('echo through a passthrough route', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${sidecar.port}/socket?room=1`);
    await once(ws as unknown as EventTarget & NodeJS.EventEmitter, 'open');
    const messages: string[] = [];
    const done = new Promise<void>((resolve) => {
      ws.addEventListener('message', (e) => {
        messages.push(String(e.data));
        if (messages.length === 2) resolve();
      });
    });
    ws.send('hello');
    ws.send('x'.repeat(300));
    await done;
    expect(messages).toEqual(['hello', 'x'.repeat(300)]);
    expect(upstreamPath).toBe('/socket?room=1');
    ws.close();
  });

  it('are refused on inspecting routes (frames would skip the scrubber)', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${sidecar.port}/ws-openai/v1/realtime`);
    const [event] = (await once(ws as unknown as EventTarget & NodeJS.EventEmitter, 'error')) as [Event];
    expect(event.type).toBe('error');
  });
});
