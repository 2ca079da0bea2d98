/**
 * gRPC without generated stubs (r9): `grpc.secure_channel('host:443', creds)` is a connection to
 * that host, and the callable a channel's unary_unary/stream_unary(...) hands back sends what it is
 * called with (request and metadata alike) there, so SEC-AST-010 judges a secret in it.
 */
import { sendTo } from '../code/effects.js';
import { constText, UNKNOWN, type Val } from '../code/value.js';
import type { PyWalker } from '../python.js';
import { PY_CALLS, type PyCall } from './calls.js';

const CHANNEL = 'grpc.Channel()';
const KINDS = ['unary_unary', 'unary_stream', 'stream_unary', 'stream_stream'] as const;

/** `host:port`, `dns:///host:port` or `ipv4:1.2.3.4:50051`: the host. */
function targetHost(text: string): string | null {
  const m = /^(?:(?:dns|ipv4|ipv6):(?:\/\/\/?)?)?\[?([\w.-]+|[0-9a-f:]+)\]?(?::\d+)?$/i.exec(text.trim());
  return m === null ? null : m[1]!.toLowerCase();
}

function channel(_w: PyWalker, c: PyCall): Val | undefined {
  const target = c.args[0] ?? c.kw.get('target');
  const host = target === undefined ? null : targetHost(constText(target) ?? '');
  return { ...UNKNOWN, ref: CHANNEL, ...(host !== null ? { peer: { host } } : {}) };
}

/** channel.unary_unary('/pkg.Svc/Method'): a callable bound to the channel's peer. */
function method(_w: PyWalker, c: PyCall): Val | undefined {
  const peer = c.recv?.peer;
  return { ...UNKNOWN, ref: `${CHANNEL}.${c.method ?? 'unary_unary'}()`, ...(peer ? { peer } : {}) };
}

/** Calling the callable (or its .future / .with_call): the request and metadata go to the peer. */
function send(w: PyWalker, c: PyCall): Val | undefined {
  const peer = (c as { callee?: Val }).callee?.peer ?? c.recv?.peer;
  if (peer !== undefined) sendTo(w.col, c.span, peer, [...c.args, ...c.kw.values()]);
  return UNKNOWN;
}

PY_CALLS.add(
  ['grpc.secure_channel', 'grpc.insecure_channel', 'grpc.aio.secure_channel', 'grpc.aio.insecure_channel'],
  channel,
);
PY_CALLS.add(
  KINDS.map((k) => `${CHANNEL}.${k}`),
  method,
);
PY_CALLS.add(
  KINDS.flatMap((k) => [`${CHANNEL}.${k}()`, `${CHANNEL}.${k}().future`, `${CHANNEL}.${k}().with_call`]),
  send,
);
