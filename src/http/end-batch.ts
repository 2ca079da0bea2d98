/**
 * Under concurrent load, finished answers leave together once per event-loop turn instead of one
 * by one as each is ready.
 *
 * Why: on loopback (and on any host where the client sleeps in epoll between answers) every send to
 * a sleeping reader pays the kernel's wake-up of that reader, cross-CPU interrupt included, inside
 * the sender's own system call. When 32 connections' answers are written one at a time between
 * other requests' parsing, nearly every write wakes the client again; written back to back at the
 * end of the turn, the first wakes it and the rest find it awake. Measured with wrk at 32
 * connections, the server's CPU per /validate fell from about 105 to 36–53 µs and throughput rose
 * by half or more (docs/performance.md, "HTTP API"). The proxy's relay ends its answers here too
 * (src/proxy/relay.ts; CPU per passthrough GET down about a fifth, "Proxy").
 *
 * A lone client gains nothing from waiting for the turn's end and loses the rest of the turn
 * (measured 7–38 µs at p50 on /validate with one connection), so the first answer of a turn goes
 * at once unless the previous turn answered more than one request: a sidecar serving one agent
 * answers as before, a loaded gateway batches. Answers leave in the order they were finished.
 *
 * Headers are written by the caller (`writeHead` only formats them); only `end` is deferred, so an
 * answer's bytes still go out in one write.
 */
import type { ServerResponse } from 'node:http';

let responses: ServerResponse[] = [];
let bodies: (string | Buffer | undefined)[] = [];
/** Answers finished in this turn so far, sent or queued. */
let answered = 0;
/** Whether the previous turn answered more than one request: then this turn's answers all wait. */
let busy = false;

function endOfTurn(): void {
  busy = answered > 1;
  answered = 0;
  const ending = responses;
  const payloads = bodies;
  responses = [];
  bodies = [];
  for (let i = 0; i < ending.length; i++) {
    const res = ending[i]!;
    try {
      res.end(payloads[i]);
    } catch {
      // One answer that cannot be ended (its socket torn down mid-write) must not strand the rest.
      res.destroy();
    }
  }
}

/**
 * `res.end(body)` now when the server is lightly loaded, else at the end of this event-loop turn
 * with every other answer finished in it. The headers must already be written (`writeHead`); a
 * response whose client has gone meanwhile ends as a no-op, as `end` on it would now.
 */
export function endThisTurn(res: ServerResponse, body?: string | Buffer): void {
  if (answered++ === 0) {
    setImmediate(endOfTurn);
    if (!busy) {
      res.end(body);
      return;
    }
  }
  responses.push(res);
  bodies.push(body);
}
