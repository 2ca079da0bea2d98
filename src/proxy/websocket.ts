/**
 * Websocket upgrades relayed with http-proxy-3 (frames are not inspected). Only passthrough routes
 * relay websockets: on a provider, MCP or tool route a socket would carry prompts or tool payloads
 * past the scrubber and the engine, so the upgrade is refused there.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { createProxyServer } from 'http-proxy-3';
import type { Route } from './routes.js';

export interface WebsocketRelay {
  relay(req: IncomingMessage, socket: Duplex, head: Buffer, route: Route, upstreamPath: string): void;
  close(): void;
}

export function createWebsocketRelay(options: {
  xForwarded: boolean;
  onError: (err: Error) => void;
}): WebsocketRelay {
  const proxy = createProxyServer({ ws: true, xfwd: options.xForwarded, changeOrigin: true, secure: true });
  proxy.on('error', (err, _req, target) => {
    options.onError(err);
    // For websockets the third argument is the agent's socket.
    const socket = target as unknown as Duplex;
    if (typeof socket.destroy === 'function') socket.destroy();
  });
  return {
    relay(req, socket, head, route, upstreamPath) {
      req.url = upstreamPath;
      proxy.ws(req, socket, head, { target: route.origin });
    },
    close: () => proxy.close(),
  };
}

/** A minimal HTTP answer on a raw socket (upgrade and CONNECT refusals). */
export function rejectUpgrade(socket: Duplex, status: number, title: string, detail: string): void {
  const body = JSON.stringify({ type: 'about:blank', title, status, detail });
  socket.end(
    `HTTP/1.1 ${status} ${title}\r\ncontent-type: application/problem+json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}
