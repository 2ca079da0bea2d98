/**
 * Upgrades that are not websockets (curl's `Upgrade: h2c` with `Connection: Upgrade, HTTP2-Settings`)
 * are served as the plain HTTP/1.1 requests they also are (RFC 9110 section 7.8: a server may
 * ignore Upgrade). node:http hands every Upgrade request to the 'upgrade' listener with the parser
 * detached, so the request head is written back in front of the socket's unread bytes, without the
 * upgrade fields, and the socket goes through the server's connection handling again (issue 24).
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** Header fields that only ask for the upgrade. */
const UPGRADE_FIELDS = new Set(['upgrade', 'http2-settings']);

export function isWebsocketUpgrade(req: IncomingMessage): boolean {
  const value = req.headers.upgrade;
  return value !== undefined && value.split(',').some((t) => t.trim().toLowerCase() === 'websocket');
}

/** The request head without its upgrade fields (and without those tokens in Connection). */
export function headWithoutUpgrade(req: IncomingMessage): string {
  const lines = [`${req.method ?? 'GET'} ${req.url ?? '/'} HTTP/${req.httpVersion}`];
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    const lower = name.toLowerCase();
    if (UPGRADE_FIELDS.has(lower)) continue;
    if (lower === 'connection') {
      const kept = raw[i + 1]!.split(',')
        .map((t) => t.trim())
        .filter((t) => t !== '' && !UPGRADE_FIELDS.has(t.toLowerCase()));
      if (kept.length > 0) lines.push(`${name}: ${kept.join(', ')}`);
      continue;
    }
    lines.push(`${name}: ${raw[i + 1]!}`);
  }
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** Serve an upgrade request as a plain request on the same listener. */
export function serveWithoutUpgrade(
  server: Server,
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
): void {
  if (head.length > 0) socket.unshift(head);
  socket.unshift(Buffer.from(headWithoutUpgrade(req), 'latin1'));
  server.emit('connection', socket);
}
