/**
 * Bench upstream: a plain node:http server that reads the request body and answers a small
 * chat-completion-shaped JSON. Run as a child process by bench/proxy.bench.ts; prints its port.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const body = JSON.stringify({
  id: 'chatcmpl-bench',
  object: 'chat.completion',
  model: 'bench',
  choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 10, completion_tokens: 1, total_tokens: 11 },
});
const length = String(Buffer.byteLength(body));

const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': length });
    res.end(body);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
});
