/**
 * Red-team bypass rate for issue 22 (sql, docker, tool calls, SSRF): every row of
 * eval/redteam/h4.yaml through the engine; prints per class and runtime how many evasive rows are
 * denied and how many benign twins are (wrongly) denied, then every miss.
 * Run: npx tsx eval/redteam-eval.ts [file.yaml]
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { createEngine } from '../src/engine/engine.js';
import type { Runtime } from '../src/engine/types.js';

interface Row {
  readonly input: string;
  readonly runtime: Runtime | 'tool_call';
  readonly want: 'allow' | 'deny';
}

const file = process.argv[2] ?? new URL('redteam/h4.yaml', import.meta.url).pathname;
const text = readFileSync(file, 'utf8');
const rows = parse(text) as Row[];
// Class of each row: the last `# ---` heading above it.
const headings: string[] = [];
let current = 'other';
for (const line of text.split('\n')) {
  const h = /^# -+ (.+)$/.exec(line);
  if (h) current = h[1]!.split(':')[0]!.trim();
  else if (line.startsWith('- ')) headings.push(current);
}
const engine = await createEngine({
  config: { workspaceRoot: '/work/ws', homeDir: '/home/agent', cacheEntries: 0 },
});
const stats = new Map<string, { deny: number; denied: number; allow: number; fp: number }>();
const misses: string[] = [];
rows.forEach((r, i) => {
  let allowed: boolean;
  let why = '';
  try {
    const e =
      r.runtime === 'tool_call'
        ? engine.validateToolCall(JSON.parse(r.input) as { name: string; arguments: unknown })
        : engine.evaluate({ text: r.input, runtime: r.runtime });
    allowed = e.decision.allowed;
    why = e.decision.findings.map((f) => f.ruleId).join(',');
  } catch (err) {
    allowed = false;
    why = `error ${(err as { code?: string }).code ?? String(err)}`;
  }
  const cls = headings[i] ?? 'other';
  const s = stats.get(cls) ?? { deny: 0, denied: 0, allow: 0, fp: 0 };
  if (r.want === 'deny') {
    s.deny++;
    if (!allowed) s.denied++;
    else misses.push(`MISS  [${cls}] ${r.input.slice(0, 140)}`);
  } else {
    s.allow++;
    if (!allowed) {
      s.fp++;
      misses.push(`NOISY [${cls}] ${r.input.slice(0, 140)}  (${why})`);
    }
  }
  stats.set(cls, s);
});
let d = 0;
let dd = 0;
let a = 0;
let f = 0;
for (const [cls, s] of stats) {
  console.log(`${cls.padEnd(10)} evasive denied ${s.denied}/${s.deny}   benign denied ${s.fp}/${s.allow}`);
  d += s.deny;
  dd += s.denied;
  a += s.allow;
  f += s.fp;
}
console.log(
  `total      evasive denied ${dd}/${d} (${((100 * dd) / d).toFixed(1)}%)   benign denied ${f}/${a}`,
);
for (const m of misses) console.log(m);
