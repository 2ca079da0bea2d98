/**
 * Bench sidecar: the proxy built from the real engine and scrubber behind one node:http listener,
 * configured from the environment (AGENT_GUARD_*). Run as a child process so its peak RSS can be
 * read from /proc/<pid>/status; prints its port.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Registry } from 'prom-client';
import { loadConfig } from '../../src/config/load.js';
import { createGuard } from '../../src/library/create-guard.js';
import { createProxy } from '../../src/proxy/index.js';
import { createScrubber } from '../../src/scrub/index.js';
import { createLogger } from '../../src/telemetry/logger.js';

const config = loadConfig({ env: process.env });
const guard = await createGuard();
const proxy = createProxy({
  config,
  guard,
  scrubber: createScrubber(),
  logger: createLogger({ level: 'warn' }),
  registry: new Registry(),
});
const server = http.createServer((req, res) => {
  void proxy.handleRequest(req, res).then((answered) => {
    if (!answered) {
      res.writeHead(404);
      res.end();
    }
  });
});
server.keepAliveTimeout = 60_000;
server.on('upgrade', (req, socket, head) => proxy.handleUpgrade(req, socket, head));
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
});
process.on('SIGTERM', () => {
  server.close();
  void proxy.close({ graceMs: 0 }).then(() => process.exit(0));
});
