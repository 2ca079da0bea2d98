/**
 * What some detectors cost on clean text: the scan over 1 MB of the scrub bench's prose and code
 * lines with every detector, and without the detectors or patterns named on the command line,
 * interleaved, CPU time of this process (steadier than wall time on a shared machine).
 *
 *   npx tsx bench/scrub-detector-cost.bench.ts <detector-or-pattern-id>[,<id>...] [--runs 30]
 *
 * e.g. `discord/bot-token-bare,tableau` drops that pattern of the discord detector and the whole
 * tableau detector.
 */
import { readFileSync } from 'node:fs';
import { DETECTORS } from '../src/scrub/registry.js';
import type { Detector } from '../src/scrub/detector.js';
import { Ruleset, scanText } from '../src/scrub/scanner.js';
import { createTagger } from '../src/scrub/tag.js';

const ids = new Set((process.argv[2] ?? '').split(',').filter((s) => s !== ''));
if (ids.size === 0) {
  process.stderr.write('usage: npx tsx bench/scrub-detector-cost.bench.ts <id>[,<id>...] [--runs N]\n');
  process.exit(2);
}
const runsAt = process.argv.indexOf('--runs');
const runs = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 30;

const without: Detector[] = DETECTORS.filter((d) => !ids.has(d.id)).map((d) => ({
  ...d,
  patterns: d.patterns.filter((p) => !ids.has(p.id)),
}));
const unknown = [...ids].filter(
  (id) => !DETECTORS.some((d) => d.id === id || d.patterns.some((p) => p.id === id)),
);
if (unknown.length > 0) {
  process.stderr.write(`unknown detector or pattern id: ${unknown.join(', ')}\n`);
  process.exit(2);
}
const rulesets = { with: new Ruleset(true, DETECTORS), without: new Ruleset(true, without) };

// The clean text of bench/scrub.bench.ts: its quoted prose and code lines, repeated to 1 MB.
const lines = [
  ...readFileSync(new URL('./scrub.bench.ts', import.meta.url), 'utf8').matchAll(/^\s+'(.*)',$/gm),
]
  .map((m) => m[1]!)
  .filter((l) => l.length > 20);
let text = '';
for (let i = 0; text.length < 1 << 20; i++) text += lines[i % lines.length] + '\n';

const tagger = createTagger(Buffer.alloc(16, 1));
const cpu: Record<keyof typeof rulesets, number[]> = { with: [], without: [] };
for (let r = 0; r < runs; r++) {
  for (const k of ['with', 'without'] as const) {
    const c0 = process.cpuUsage();
    scanText(text, rulesets[k], tagger);
    const c = process.cpuUsage(c0);
    cpu[k].push((c.user + c.system) / 1000);
  }
}
const median = (a: number[]): number => [...a].sort((x, y) => x - y)[a.length >> 1]!;
const mbs = (ms: number): string => ((text.length / 1e6 / ms) * 1000).toFixed(0);
const a = median(cpu.with);
const b = median(cpu.without);
process.stdout.write(
  `1 MB clean prose and code, CPU ms, median of ${runs}: with ${a.toFixed(1)} (${mbs(a)} MB/s), ` +
    `without ${[...ids].join(',')} ${b.toFixed(1)} (${mbs(b)} MB/s), ratio ${(a / b).toFixed(3)}\n`,
);
