import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { forwardRequestHeaders } from '../../src/proxy/headers.js';

/** A request as node:http hands it over: raw [name, value, ...] and the lower-cased `headers`. */
function request(raw: string[]): IncomingMessage {
  const headers: Record<string, string> = {};
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    headers[name] = headers[name] === undefined ? raw[i + 1]! : `${headers[name]}, ${raw[i + 1]!}`;
  }
  const socket = new Socket();
  Object.defineProperty(socket, 'remoteAddress', { value: '10.0.0.7' });
  return { rawHeaders: raw, headers, socket } as unknown as IncomingMessage;
}

const names = (flat: string[]): string[] => flat.filter((_, i) => i % 2 === 0);

describe('forwardRequestHeaders', () => {
  // Every dropped name, in the spellings clients use, next to kept names of the same lengths.
  const raw = [
    ...['Host', 'h', 'HOST', 'h', 'Expect', '100-continue', 'Accept', '*/*', 'Cookie', 'c=1'],
    ...['TE', 'trailers', 'Te', 'x', 'Trailer', 'x', 'Upgrade', 'x', 'Referer', 'r'],
    ...['Connection', 'keep-alive', 'Keep-Alive', 'timeout=5', 'User-Agent', 'ua', 'KEEP-ALIVE', 'x'],
    ...['Proxy-Connection', 'x', 'Proxy-Authenticate', 'x', 'Proxy-Authorization', 'Basic x'],
    ...['Transfer-Encoding', 'chunked', 'HTTP2-Settings', 'x', 'Content-Type', 'application/json'],
    ...['Content-Length', '2', 'Content-Encoding', 'gzip', 'Authorization', 'Bearer t'],
    ...['X-Forwarded-For', '1.2.3.4', 'x-forwarded-proto', 'https', 'X-Forwarded-Host', 'a.example'],
    ...['X-Stainless-Os', 'Linux', 'x-request-id', 'r1', 'Accept-Encoding', 'gzip'],
  ];
  const kept = ['Accept', 'Cookie', 'Referer', 'User-Agent', 'Content-Type', 'Authorization'];
  const others = ['X-Stainless-Os', 'x-request-id', 'Accept-Encoding'];
  const forwarded = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host'];

  it.each([
    {
      bodyReplaced: false,
      xForwarded: true,
      want: [...kept, 'Content-Length', 'Content-Encoding', ...others, ...forwarded],
    },
    { bodyReplaced: true, xForwarded: true, want: [...kept, ...others, ...forwarded] },
    {
      bodyReplaced: false,
      xForwarded: false,
      want: [
        ...kept,
        'Content-Length',
        'Content-Encoding',
        'X-Forwarded-For',
        'x-forwarded-proto',
        'X-Forwarded-Host',
        ...others,
      ],
    },
  ])('bodyReplaced=$bodyReplaced xForwarded=$xForwarded', ({ bodyReplaced, xForwarded, want }) => {
    const out = forwardRequestHeaders(request(raw), { bodyReplaced, xForwarded });
    expect(names(out).sort()).toEqual([...want].sort());
    if (xForwarded) {
      expect(out[out.indexOf('x-forwarded-for') + 1]).toBe('1.2.3.4, 10.0.0.7');
      expect(out[out.indexOf('x-forwarded-host') + 1]).toBe('h, h');
    }
  });

  it('drops the fields a Connection header names, in any case', () => {
    const out = forwardRequestHeaders(
      request(['Connection', 'X-Secret-Hop, close', 'X-Secret-Hop', 's', 'Accept', '*/*', 'Via', '1.1 a']),
      { bodyReplaced: false, xForwarded: false },
    );
    expect(names(out)).toEqual(['Accept', 'Via']);
  });
});
