/**
 * False positives on ordinary code (issue 22): samples a fixed set of real python and JavaScript
 * units from this machine (the python standard library and installed packages, JS package code in
 * node_modules), runs each through the engine in process, and prints the share denied per runtime,
 * per source and per rule. Every denied unit (id, findings, text) goes to a report file.
 * A unit is a whole file under the size limit, or, for python, one top-level def/class of a larger
 * file with that file's imports in front: what an agent would send, sized under 8 KB.
 * Run: npx tsx eval/code-corpus.ts [--per N] [--all] [--out FILE] [--dump DIR]
 *   --per N   units sampled per runtime (default 2000); --all takes every unit
 *   --out     report of denied units (default /tmp/code-corpus-denied.txt)
 *   --dump    also writes every sampled unit's text under DIR (to re-run one by hand)
 *   --max B   largest unit in bytes (default 8192; larger files are analysed whole up to B)
 * Roots can be replaced with CODE_CORPUS_PY / CODE_CORPUS_JS (colon-separated directories).
 * The algorithm-style programs of eval/code-algos/ are always run, all of them, and counted apart.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createEngine } from '../src/engine/engine.js';
import { sortedFiles } from './lib/files.js';

/** A unit this small says nothing (an empty `__init__.py`, a one-line re-export). */
const MIN_UNIT = 80;

interface Unit {
  readonly id: string;
  readonly source: string;
  readonly text: string;
}

const argv = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const per = argv.includes('--all') ? Infinity : Number(flag('--per') ?? 2000);
const out = flag('--out') ?? '/tmp/code-corpus-denied.txt';
const dump = flag('--dump');
const MAX_UNIT = Number(flag('--max') ?? 8 * 1024);

const pyRoots = (process.env.CODE_CORPUS_PY ?? '/usr/lib/python3.11:/usr/lib/python3/dist-packages').split(
  ':',
);
const jsRoots = (
  process.env.CODE_CORPUS_JS ??
  `${new URL('../node_modules', import.meta.url).pathname}:/usr/lib/node_modules`
).split(':');

/** The label for where a file comes from: the root and its first directory. */
function sourceOf(path: string, roots: readonly string[]): string {
  const root = roots.find((r) => path.startsWith(r + '/')) ?? '';
  const rest = path.slice(root.length + 1).split('/');
  return `${root.split('/').slice(-1)[0]}/${rest.length > 1 ? rest[0] : '.'}`;
}

/** A python file as units: itself when small, else each top-level def/class with the file's imports. */
function pythonUnits(path: string, text: string, source: string): Unit[] {
  if (text.length <= MAX_UNIT) return [{ id: path, source, text }];
  const lines = text.split('\n');
  const imports = lines
    .filter((l) => /^(?:import|from)\s+\S+/.test(l) && !l.trimEnd().endsWith('('))
    .join('\n');
  const units: Unit[] = [];
  let start = -1;
  let name = '';
  const flush = (end: number): void => {
    if (start < 0) return;
    // Decorators above the def belong to it.
    const body = lines.slice(start, end).join('\n').trimEnd();
    const unit = imports ? `${imports}\n\n${body}\n` : `${body}\n`;
    if (unit.length <= MAX_UNIT) units.push({ id: `${path}#${name}`, source, text: unit });
    start = -1;
  };
  for (let i = 0; i < lines.length; i++) {
    const m = /^(?:async\s+)?(?:def|class)\s+(\w+)/.exec(lines[i]!);
    if (m) {
      flush(i);
      start = i;
      while (start > 0 && lines[start - 1]!.startsWith('@')) start--;
      name = m[1]!;
    } else if (
      start >= 0 &&
      /^\S/.test(lines[i]!) &&
      !lines[i]!.startsWith('@') &&
      !/^[)\]}#]/.test(lines[i]!)
    )
      flush(i);
  }
  flush(lines.length);
  return units;
}

/** eval/code-algos/: every program of the runtime, not sampled. */
function algos(runtime: 'python' | 'node'): Unit[] {
  const dir = new URL('./code-algos/', import.meta.url).pathname;
  const ext = runtime === 'python' ? '.py' : '.js';
  return readdirSync(dir)
    .filter((f) => f.endsWith(ext))
    .sort()
    .map((f) => ({ id: join(dir, f), source: 'code-algos', text: readFileSync(join(dir, f), 'utf8') }));
}

function collect(runtime: 'python' | 'node'): Unit[] {
  const roots = runtime === 'python' ? pyRoots : jsRoots;
  const keep =
    runtime === 'python'
      ? (n: string) => n.endsWith('.py')
      : (n: string) => /\.(?:c|m)?js$/.test(n) && !/\.min\.js$/.test(n);
  const units: Unit[] = [];
  const seen = new Set<string>();
  for (const root of roots) {
    for (const path of sortedFiles(root, keep)) {
      let text: string;
      try {
        text = readFileSync(path, 'utf8');
      } catch {
        continue;
      }
      const source = sourceOf(path, roots);
      const found =
        runtime === 'python'
          ? pythonUnits(path, text, source)
          : text.length <= MAX_UNIT
            ? [{ id: path, source, text }]
            : [];
      for (const u of found) {
        // The same file vendored twice counts once.
        const digest = createHash('sha1').update(u.text).digest('hex');
        if (u.text.trim().length < MIN_UNIT || seen.has(digest)) continue;
        seen.add(digest);
        units.push(u);
      }
    }
  }
  // A fixed pseudo-random sample: ordered by a hash of the unit's id.
  const key = (u: Unit): string => createHash('sha1').update(u.id).digest('hex');
  return units
    .map((u) => ({ u, k: key(u) }))
    .sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0))
    .slice(0, per)
    .map((x) => x.u);
}

const engine = await createEngine({
  config: { workspaceRoot: '/work/ws', homeDir: '/home/agent', cacheEntries: 0 },
});

const report: string[] = [];
const runs = (['python', 'node'] as const).flatMap((runtime) => [
  { runtime, label: runtime, units: collect(runtime) },
  { runtime, label: `${runtime} (code-algos)`, units: algos(runtime) },
]);
for (const { runtime, label, units } of runs) {
  const byRule = new Map<string, number>();
  const bySource = new Map<string, { total: number; denied: number }>();
  let denied = 0;
  units.forEach((u, i) => {
    if (dump) {
      mkdirSync(join(dump, label), { recursive: true });
      writeFileSync(join(dump, label, `${i}.${runtime === 'python' ? 'py' : 'js'}`), u.text);
    }
    const d = engine.evaluate({ text: u.text, runtime }).decision;
    const s = bySource.get(u.source) ?? { total: 0, denied: 0 };
    s.total++;
    bySource.set(u.source, s);
    if (d.allowed) return;
    denied++;
    s.denied++;
    const rules = [...new Set(d.findings.map((f) => f.ruleId))];
    for (const r of rules) byRule.set(r, (byRule.get(r) ?? 0) + 1);
    report.push(
      `==== ${label} #${i} ${u.id}  [${rules.join(', ')}]`,
      ...d.findings.map((f) => `  ${f.ruleId}: ${f.reason}`),
      u.text.length > 3000 ? `${u.text.slice(0, 3000)}\n... (${u.text.length} chars)` : u.text,
      '',
    );
  });
  const pct = (n: number, of: number): string => `${((100 * n) / Math.max(of, 1)).toFixed(2)}%`;
  console.log(`${label}: ${denied}/${units.length} units denied (${pct(denied, units.length)})`);
  for (const [rule, n] of [...byRule].sort((a, b) => b[1] - a[1]))
    console.log(`  ${rule.padEnd(12)} ${String(n).padStart(4)}  ${pct(n, units.length)}`);
  const noisy = [...bySource].filter(([, s]) => s.denied > 0).sort((a, b) => b[1].denied - a[1].denied);
  if (noisy.length > 0)
    console.log(`  by source: ${noisy.map(([src, s]) => `${src} ${s.denied}/${s.total}`).join(', ')}`);
}
writeFileSync(out, report.join('\n'));
console.log(`denied units: ${out}`);
