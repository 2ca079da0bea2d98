/**
 * Does one request's analysis stall the sidecar's other traffic (issue 24)? Starts the server in
 * process (real sockets) and sends each slow request below: the adversarial inputs of
 * bench/lib/adversarial-inputs.ts at the size cap, the same cut to the longest input analysed on
 * the event loop (MAIN_THREAD_CHARS; longer ones go to the analysis worker), and large /sanitize
 * and /gate bodies. Meanwhile a second client polls /health every 5 ms and perf_hooks measures the
 * event loop's delay. It prints, per request, its time, the longest /health wait and the longest
 * event-loop stall. The target is no stall over 50 ms.
 *
 * Run: npx tsx bench/event-loop-stall.ts [name-filter]
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { validateConfig } from '../src/config/load.js';
import { MAIN_THREAD_CHARS } from '../src/engine/offload.js';
import { startServer } from '../src/server.js';
import { CASES as ADVERSARIAL } from './lib/adversarial-inputs.js';

const SECRET = 'ghp_' + 'aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5';

interface Request {
  readonly name: string;
  readonly path: string;
  readonly body: () => unknown;
}

/** The request that evaluates `text` in `runtime`: /validate, or /gate's TOOL_CALL for a tool call. */
function check(runtime: string, text: string): { path: string; body: unknown } {
  if (runtime !== 'tool_call') return { path: '/api/v1/validate', body: { command: text, runtime } };
  let call: { name?: unknown; arguments?: unknown } = {};
  try {
    call = JSON.parse(text) as typeof call;
  } catch {
    // A cut tool call is not JSON any more: send it as one string argument.
    call = { name: 'run', arguments: { input: text } };
  }
  const args =
    call.arguments !== null && typeof call.arguments === 'object' && !Array.isArray(call.arguments)
      ? call.arguments
      : { value: call.arguments };
  return {
    path: '/api/v1/gate',
    body: { action: 'TOOL_CALL', tool_name: String(call.name), arguments: args },
  };
}

const REQUESTS: Request[] = [
  ...ADVERSARIAL.flatMap((c): Request[] => [
    { name: `${c.runtime} ${c.name}`, path: '', body: () => c.text() },
    {
      name: `${c.runtime} ${c.name}, first ${MAIN_THREAD_CHARS} chars`,
      path: '',
      body: () => c.text().slice(0, MAIN_THREAD_CHARS),
    },
  ]).map((r, i) => {
    const runtime = ADVERSARIAL[i >> 1]!.runtime;
    return { name: r.name, path: runtime, body: r.body };
  }),
  {
    name: 'sanitize: 1 MB, 24,000 secrets',
    path: '/api/v1/sanitize',
    body: () => ({ payload: `key ${SECRET} and AKIAQ3ZT7K2M9XW4PLR8 `.repeat(12000) }),
  },
];

const filter = process.argv[2] ?? '';
const sink = new Writable({ write: (_c, _e, done) => done() });
const server = await startServer(
  validateConfig({
    server: { host: '127.0.0.1', port: 0, bodyLimitBytes: 4 * 1024 * 1024 },
    engine: { cacheEntries: 0 },
    alerts: {},
  }),
  { proxy: true, logDestination: sink },
);
const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();
let worstStall = 0;
for (const r of REQUESTS) {
  if (!r.name.includes(filter)) continue;
  const raw = r.body();
  const { path, body } = r.path.startsWith('/') ? { path: r.path, body: raw } : check(r.path, raw as string);
  let polling = true;
  let worstWait = 0;
  let answers = 0;
  const poller = (async () => {
    while (polling) {
      const t = performance.now();
      const res = await fetch(`${server.url}/health`);
      await res.arrayBuffer();
      worstWait = Math.max(worstWait, performance.now() - t);
      answers++;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 30));
  delay.reset();
  const t = performance.now();
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as {
    verdict?: string;
    allowed?: boolean;
    status?: string;
    code?: string;
  };
  const took = performance.now() - t;
  const stall = delay.max / 1e6;
  worstStall = Math.max(worstStall, stall);
  polling = false;
  await poller;
  const outcome = String(answer.verdict ?? answer.status ?? answer.code ?? res.status);
  console.log(
    `${r.name.padEnd(58)} ${String(res.status)} ${outcome.padEnd(8)} ${took.toFixed(0).padStart(6)} ms; /health ${String(answers).padStart(3)}x, longest wait ${worstWait.toFixed(0).padStart(4)} ms; longest stall ${stall.toFixed(0).padStart(4)} ms${stall > 50 ? '  OVER 50 ms' : ''}`,
  );
}
console.log(`longest event-loop stall: ${worstStall.toFixed(0)} ms (target 50 ms)`);
await server.close();
