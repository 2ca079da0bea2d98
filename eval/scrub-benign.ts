/**
 * Scrubber false positives on text that holds no secrets: the benign shell, SQL and prompt corpora
 * (/work/shared/corpora), eval/code-benign, this repository's src/ and docs/, and a sample of
 * installed packages' JavaScript (node_modules: real-world code full of `token`, `key` and
 * `password` names). Prints redactions per source and per detector, and the first examples.
 * Some packages ship test keys on purpose, so read the examples, not only the count.
 *
 *   npx tsx eval/scrub-benign.ts [--examples N] [--root DIR]   (DIR: another checkout's src/scrub)
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type * as ScrubberModule from '../src/scrub/scrubber.js';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const examples = Number(arg('--examples') ?? 12);
const root = arg('--root') ?? '../src/scrub';
const { createScrubber } = (await import(`${root}/scrubber.js`)) as typeof ScrubberModule;
const scrubber = createScrubber({ salt: 'benign' });

function jsonlTexts(path: string, keep: (row: Record<string, unknown>) => boolean): string[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter(keep)
    .map((r) => r['text'] ?? r['command'] ?? r['input'])
    .filter((t): t is string => typeof t === 'string');
}

function files(dir: string, ext: RegExp, max: number, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir).sort()) {
    if (out.length >= max) break;
    const p = join(dir, name);
    const st = statSync(p);
    if (st.isDirectory()) {
      if (name === '.git' || name === 'test' || name === 'tests' || name === '__tests__') continue;
      files(p, ext, max, out);
    } else if (ext.test(name) && st.size < 200_000) out.push(p);
  }
  return out;
}

const corpora = '/work/shared/corpora';
const benignRow = (r: Record<string, unknown>): boolean =>
  r['expect'] !== 'deny' && r['label'] !== 'injection' && r['malicious'] !== true;
const sources: [string, string[]][] = [
  ['shell-benign', jsonlTexts(`${corpora}/shell-benign.jsonl`, () => true)],
  ['sql', jsonlTexts(`${corpora}/sql.jsonl`, () => true)],
  ['prompts (benign rows)', jsonlTexts(`${corpora}/prompt-injection.jsonl`, benignRow)],
  [
    'eval/code-benign',
    files('eval/code-benign', /\.(py|js|ts|sh)$/, 1000).map((p) => readFileSync(p, 'utf8')),
  ],
  [
    'src + docs',
    [...files('src', /\.ts$/, 2000), ...files('docs', /\.md$/, 500)].map((p) => readFileSync(p, 'utf8')),
  ],
  ['node_modules js', files('node_modules', /\.(js|mjs|cjs)$/, 4000).map((p) => readFileSync(p, 'utf8'))],
];

const byDetector = new Map<string, number>();
const shown: string[] = [];
process.stdout.write(
  '| source | texts | MB | texts with a redaction | redactions |\n|---|---:|---:|---:|---:|\n',
);
for (const [name, texts] of sources) {
  let flagged = 0;
  let count = 0;
  let bytes = 0;
  for (const t of texts) {
    bytes += t.length;
    const r = scrubber.scrub(t);
    if (r.redactionsCount === 0) continue;
    flagged++;
    count += r.redactionsCount;
    for (const x of r.redactions) {
      byDetector.set(x.detector, (byDetector.get(x.detector) ?? 0) + 1);
      if (shown.length < examples) {
        const a = Math.max(0, x.span.start - 50);
        const around = `${t.slice(a, x.span.start)}«${t.slice(x.span.start, x.span.end)}»${t.slice(x.span.end, x.span.end + 20)}`;
        shown.push(`${name} ${x.detector}: ${JSON.stringify(around)}`);
      }
    }
  }
  process.stdout.write(
    `| ${name} | ${texts.length} | ${(bytes / 1e6).toFixed(1)} | ${flagged} | ${count} |\n`,
  );
}
process.stdout.write(
  `\nby detector: ${[...byDetector.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([d, n]) => `${d} ${n}`)
    .join(', ')}\n\n${shown.join('\n')}\n`,
);
