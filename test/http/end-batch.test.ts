import { once } from 'node:events';
import { createServer, request, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { endThisTurn } from '../../src/http/end-batch.js';

let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  if (server) await new Promise((resolve) => server!.close(resolve));
  server = undefined;
});

/** A loopback server that answers each request with its own path, through endThisTurn. */
async function echoServer(onAnswer?: (res: ServerResponse, path: string) => void): Promise<number> {
  server = createServer((req, res) => {
    const body = JSON.stringify({ path: req.url });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    endThisTurn(res, req.method === 'HEAD' ? undefined : body);
    onAnswer?.(res, req.url ?? '');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

const pathOf = (text: string): string => (JSON.parse(text) as { path: string }).path;

function get(port: number, path: string, method = 'GET'): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('endThisTurn', () => {
  it('sends a lone answer at once', async () => {
    const states: boolean[] = [];
    const port = await echoServer((res) => states.push(res.writableEnded));
    await get(port, '/warm');
    await get(port, '/one');
    expect(states.at(-1)).toBe(true);
  });

  it('holds the answers of a turn that follows a busy one until that turn ends', async () => {
    // Requests are held until a group is complete, then answered in one synchronous loop (one turn).
    const held: { res: ServerResponse; path: string }[] = [];
    let groupDone: ((states: boolean[][]) => void) | undefined;
    const groupSize = 3;
    server = createServer((req, res) => {
      held.push({ res, path: req.url ?? '' });
      if (held.length < groupSize) return;
      const group = held.splice(0);
      const states = group.map(({ res, path }) => {
        const body = JSON.stringify({ path });
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
        endThisTurn(res, body);
        return [res.writableEnded];
      });
      setImmediate(() => {
        group.forEach(({ res }, i) => states[i]!.push(res.writableEnded));
        groupDone?.(states);
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const port = (server.address() as AddressInfo).port;
    const answerGroup = async (prefix: string): Promise<boolean[][]> => {
      const states = new Promise<boolean[][]>((resolve) => (groupDone = resolve));
      const answers = await Promise.all([1, 2, 3].map((i) => get(port, `${prefix}/${i}`)));
      expect(answers.map((a) => pathOf(a.text))).toEqual([1, 2, 3].map((i) => `${prefix}/${i}`));
      return states;
    };
    // Whatever the turn before, this group makes its turn busy: three answers in it.
    await answerGroup('/first');
    // The next turn's answers all wait for its end, and all have gone once it has ended.
    expect(await answerGroup('/second')).toEqual([
      [false, true],
      [false, true],
      [false, true],
    ]);
  });

  it('gives every concurrent request its own answer', async () => {
    const port = await echoServer();
    const paths = Array.from({ length: 64 }, (_, i) => `/r/${i}`);
    const answers = await Promise.all(paths.map((path) => get(port, path)));
    expect(answers.map((a) => pathOf(a.text))).toEqual(paths);
    expect(answers.every((a) => a.status === 200)).toBe(true);
  });

  it('ends a HEAD answer with no body', async () => {
    const port = await echoServer();
    const answer = await get(port, '/head', 'HEAD');
    expect(answer).toEqual({ status: 200, text: '' });
  });

  it('keeps pipelined answers on one connection in request order', async () => {
    const port = await echoServer();
    const socket = connect(port, '127.0.0.1');
    const wanted = ['/a', '/b', '/c', '/d'];
    socket.write(wanted.map((p) => `GET ${p} HTTP/1.1\r\nHost: x\r\n\r\n`).join(''));
    let text = '';
    socket.setEncoding('utf8');
    const seen = await new Promise<string[]>((resolve, reject) => {
      socket.on('error', reject);
      socket.on('data', (chunk: string) => {
        text += chunk;
        const paths = [...text.matchAll(/\{"path":"([^"]+)"\}/g)].map((m) => m[1]!);
        if (paths.length === wanted.length) resolve(paths);
      });
    });
    socket.destroy();
    expect(seen).toEqual(wanted);
  });

  it('still answers the others when a connection is torn down before its answer goes', async () => {
    const port = await echoServer((res, path) => {
      // The answer is queued; its socket goes before the turn ends.
      if (path === '/gone') res.socket?.destroy();
    });
    const [gone, ...rest] = await Promise.allSettled(['/gone', '/x', '/y', '/z'].map((p) => get(port, p)));
    expect(gone!.status).toBe('rejected');
    expect(rest.map((r) => (r.status === 'fulfilled' ? pathOf(r.value.text) : String(r.reason)))).toEqual([
      '/x',
      '/y',
      '/z',
    ]);
    expect((await get(port, '/after')).status).toBe(200);
  });
});
