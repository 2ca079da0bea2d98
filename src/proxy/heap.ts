/**
 * One V8 setting for a process that proxies: allocation-site pretenuring off. Applied once, when the
 * first proxy is built; an explicit `--allocation-site-pretenuring` on the command line or in
 * NODE_OPTIONS wins.
 *
 * Why: under a steady proxy load V8 sees, at a few scavenges, every object of some per-request
 * allocation sites still alive (requests in flight, undici's timer list), decides those sites are
 * long-lived and allocates their objects straight into old space from then on. Those old objects
 * point at each request's young ones, so the young ones survive and are promoted too: about 5 KB
 * of every 16 KB passthrough POST ended in old space, scavenges took ten times longer, and old space
 * grew until a full collection (docs/performance.md, "Proxy"). The decision sticks for the life of the
 * process. With pretenuring off, request garbage dies young.
 */
import v8 from 'node:v8';

const FLAG = 'allocation-site-pretenuring';
let applied = false;

function explicitlySet(): boolean {
  const options = process.env.NODE_OPTIONS ?? '';
  return process.execArgv.some((arg) => arg.includes(FLAG)) || options.includes(FLAG);
}

/** Turn allocation-site pretenuring off for this process (once; no-op when set explicitly). */
export function keepRequestGarbageYoung(): boolean {
  if (applied) return false;
  applied = true;
  if (explicitlySet()) return false;
  v8.setFlagsFromString(`--no-${FLAG}`);
  return true;
}
