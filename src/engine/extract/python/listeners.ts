/**
 * multiprocessing.connection.Listener (r9): on an address other hosts reach (0.0.0.0, '', a public
 * address) each accepted connection's recv() is what a remote client sent, as a web server's
 * request is (CLIENT_REQUEST), so running it in a shell reads as a bind shell (SH-AST-010).
 * On loopback or a Unix socket it is this machine's own IPC and its data stays unknown.
 */
import { sleeps } from '../code/calls.js';
import { CLIENT_REQUEST } from '../code/effects.js';
import { constText, UNKNOWN, type Val } from '../code/value.js';
import { PY_CALLS } from './calls.js';

const LISTENER = 'multiprocessing.connection.Listener()';
const CONNECTION = `${LISTENER}.accept()`;

/** Listener(address=(host, port)): reachable from other hosts unless bound to loopback or a path. */
function reachable(address: Val | undefined): boolean {
  const host = address?.items?.[0];
  if (host === undefined) return false;
  const text = constText(host);
  return text === null || !/^(?:localhost|127\.\d+\.\d+\.\d+|::1)$/.test(text);
}

PY_CALLS.add(['multiprocessing.connection.Listener'], (_w, c) =>
  reachable(c.args[0] ?? c.kw.get('address')) ? { ...UNKNOWN, ref: LISTENER } : undefined,
);
PY_CALLS.add([`${LISTENER}.accept`], () => ({ ...UNKNOWN, ref: CONNECTION }));
// A blocking read waits for the client, as a socket's recv does.
PY_CALLS.add([`${CONNECTION}.recv`, `${CONNECTION}.recv_bytes`], (w, c) => {
  sleeps(w, c);
  return { ...UNKNOWN, sources: [CLIENT_REQUEST] };
});
