/**
 * Bypass rate of the shell red-team set (issue 21): test/fixtures/cases/shell-redteam-words.yaml,
 * evasions that must be denied and benign look-alikes that must be allowed. Prints both rates and,
 * with --misses, every case decided the wrong way.
 * Run: npx tsx eval/shell-redteam-eval.ts [--misses]
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { createEngine } from '../src/engine/engine.js';

interface Case {
  readonly input: string;
  readonly want: 'allow' | 'deny' | { readonly allowed: boolean };
}

const file = new URL('../test/fixtures/cases/shell-redteam-words.yaml', import.meta.url);
const cases = parse(readFileSync(file, 'utf8')) as Case[];
const showMisses = process.argv.includes('--misses');
const engine = await createEngine({
  config: { workspaceRoot: '/work/ws', homeDir: '/home/agent', cacheEntries: 0 },
});

const tally = { deny: { total: 0, wrong: 0 }, allow: { total: 0, wrong: 0 } };
for (const c of cases) {
  const wantDeny = typeof c.want === 'string' ? c.want === 'deny' : !c.want.allowed;
  const d = engine.evaluate({ text: c.input, runtime: 'bash' }).decision;
  const t = tally[wantDeny ? 'deny' : 'allow'];
  t.total++;
  if (d.allowed === wantDeny) {
    t.wrong++;
    if (showMisses) console.log(`${wantDeny ? 'bypass' : 'denied'} ${JSON.stringify(c.input)}`);
  }
}
const pct = (n: number, d: number): string => ((100 * n) / Math.max(1, d)).toFixed(1);
console.log(
  `evasions: ${tally.deny.total}, got through: ${tally.deny.wrong} (${pct(tally.deny.wrong, tally.deny.total)}%); ` +
    `look-alikes: ${tally.allow.total}, denied: ${tally.allow.wrong} (${pct(tally.allow.wrong, tally.allow.total)}%)`,
);
