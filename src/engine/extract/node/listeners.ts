/**
 * A UDP socket's 'message' listener (r9: dgram bound to 0.0.0.0, each datagram run by execSync):
 * what it receives comes from any host that can reach the port, as a web server's request does
 * (CLIENT_REQUEST), so running it reads as a bind shell (SH-AST-010).
 */
import { CLIENT_REQUEST } from '../code/effects.js';
import { constText, UNKNOWN, type Val } from '../code/value.js';
import type { JsWalker } from '../node.js';
import { JS_CALLS, type JsCall } from './calls.js';

function onMessage(w: JsWalker, c: JsCall): Val | undefined {
  const [event, listener] = c.args;
  if (event === undefined || constText(event) !== 'message' || listener?.fn === undefined) return undefined;
  const datagram: Val = { ...UNKNOWN, sources: [CLIENT_REQUEST] };
  w.callFunction(listener, [datagram, UNKNOWN]);
  return undefined;
}

JS_CALLS.add(
  ['dgram.createSocket().on', 'dgram.createSocket().once', 'dgram.createSocket().addListener'],
  onMessage,
);
