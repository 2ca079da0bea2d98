/**
 * Under concurrent load, finished answers leave together once per event-loop turn instead of one by
 * one: each send to a sleeping reader pays its wake-up inside the sender's system call, and answers
 * written back to back wake it once (bench/http.bench.ts measures the gain). A lone client would only
 * lose the rest of the turn, so the first answer of a turn goes at once unless the previous turn
 * answered more than one request. Answers leave in the order they were finished; only `end` is
 * deferred (the caller writes the headers), so an answer's bytes still go out in one write. One queue
 * per process, shared by both doors: the turn it waits for is the process's, not a server's.
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
