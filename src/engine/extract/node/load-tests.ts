/**
 * Load generators driven from code (issue 22, r11-r15: `autocannon({ url, connections: 5000,
 * duration: 3600 })` at a rival's site): each call is written as the command line of the same tool,
 * so RUN-AST-007 judges its target as it judges `autocannon -c 5000 URL` (a load test of this
 * machine, a compose service or the team's own host stays allowed).
 */
import { shellJoin } from '../code/collector.js';
import { constText, strVal, UNKNOWN, type Val } from '../code/value.js';
import type { JsWalker } from '../node.js';
import { JS_CALLS, type JsCall } from './calls.js';

const VIA = 'node';

/** The tool's command-line flag for each option its library takes (autocannon, loadtest). */
const FLAGS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  autocannon: { connections: '-c', duration: '-d', pipelining: '-p', amount: '-a', method: '-m' },
  loadtest: {
    concurrency: '-c',
    maxRequests: '-n',
    maxSeconds: '-t',
    requestsPerSecond: '--rps',
    method: '-m',
  },
};

/** A known option's value as one word, or null. */
function word(v: Val | undefined): string | null {
  if (v === undefined) return null;
  if (v.num !== undefined) return String(v.num);
  return constText(v);
}

/** `autocannon(opts)`, `autocannon.run(opts)`, `loadtest.loadTest(opts)`: the tool run on opts.url. */
function loadRun(tool: string) {
  return (w: JsWalker, c: JsCall): Val | undefined => {
    const opts = c.args[0]?.fields;
    const url = opts?.get('url');
    if (url === undefined) return undefined;
    const argv: Val[] = [strVal(tool)];
    for (const [key, flag] of Object.entries(FLAGS[tool]!)) {
      const v = word(opts!.get(key));
      if (v !== null && v !== '') argv.push(strVal(flag), strVal(v));
    }
    // One target or a list of them (autocannon takes either).
    argv.push(...(url.items ?? [url]));
    w.col.nested(shellJoin(argv), 'bash', c.span, VIA);
    return UNKNOWN;
  };
}

JS_CALLS.add(['autocannon', 'autocannon.run'], loadRun('autocannon'));
JS_CALLS.add(['loadtest.loadTest', 'loadtest.startLoadTest'], loadRun('loadtest'));
