/**
 * Scrubber throughput and latency: clean English + code and text with about 1% secrets, at 1 KB,
 * 4 KB, 16 KB and 1 MB (wall-clock MB/s and p50/p99, and MB/s over CPU time, which a loaded machine
 * disturbs less), compared in the same run with a naive scan that runs every family's
 * pattern over the whole text (no keyword prefilter). Prints a Markdown table.
 *
 *   npx tsx bench/scrub.bench.ts [--quick]
 */
import { performance } from 'node:perf_hooks';
import { BASE62, githubToken, jwt, pemBlock, randomBody } from '../src/scrub/examples.js';
import { FAMILIES } from '../src/scrub/registry.js';
import { createScrubber } from '../src/scrub/scrubber.js';

const quick = process.argv.includes('--quick');
const scrubber = createScrubber({ salt: 'bench-salt' });

const PROSE = [
  'The service reads its configuration once at start and freezes it, so a request never sees a half-applied change.',
  'When the queue is full the dispatcher drops the oldest alert and counts it; the caller is never blocked.',
  'Please review the function below and tell me why the test fails on the second run but not on the first.',
  'We measured the median and the 99th percentile over ten thousand requests on a two-core machine.',
  'Each rule lives in one file with its examples, and a single test runs every example through the engine.',
];
const CODE = [
  'export function parseHeader(line: string): [string, string] | null {',
  "  const idx = line.indexOf(':');",
  '  if (idx < 0) return null;',
  '  return [line.slice(0, idx).trim().toLowerCase(), line.slice(idx + 1).trim()];',
  '}',
  'for (const [key, value] of Object.entries(headers)) out.push(`${key}=${value}`);',
  'const token = await getTokenFromVault(client, { path: secretPath });',
  'if (retries > maxRetries) throw new Error(`gave up after ${retries} attempts`);',
  'def handler(event, context):\n    return {"statusCode": 200, "body": json.dumps(event)}',
];

function cleanText(bytes: number, seed: number): string {
  const parts: string[] = [];
  let n = 0;
  let i = seed;
  while (n < bytes) {
    const piece = i % 3 === 0 ? CODE[i % CODE.length]! : PROSE[i % PROSE.length]!;
    parts.push(piece);
    n += piece.length + 1;
    i++;
  }
  return parts.join('\n').slice(0, bytes);
}

function secretFor(i: number): string {
  switch (i % 5) {
    case 0:
      return `GITHUB_TOKEN=${githubToken('ghp', `b${i}`)}`;
    case 1:
      return `postgres://app:${randomBody(`p${i}`, BASE62, 16)}@db:5432/app`;
    case 2:
      return `Authorization: Bearer ${jwt({ alg: 'HS256', typ: 'JWT' }, { sub: i }, `j${i}`)}`;
    case 3:
      return `password = "${randomBody(`w${i}`, BASE62, 14)}"`;
    default:
      return `AWS_ACCESS_KEY_ID=AKIA${randomBody(`a${i}`, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 16)}`;
  }
}

/** Clean text with secrets spliced in at line starts until about 1% of the characters are secret. */
function withSecrets(bytes: number, seed: number): string {
  const base = cleanText(bytes, seed).split('\n');
  const target = Math.max(1, Math.floor(bytes * 0.01));
  let secretChars = 0;
  let k = 0;
  while (secretChars < target) {
    const s = k % 50 === 49 && bytes >= 16384 ? pemBlock('RSA PRIVATE KEY', `pem${k}`, 8) : secretFor(k);
    const at = (k * 7919) % base.length;
    base[at] = `${s}\n${base[at]}`;
    secretChars += s.length;
    k++;
  }
  return base.join('\n');
}

// The naive baseline: every pattern's regex (unanchored, global) over the whole text; hand-written
// matchers run at every case-insensitive occurrence of each of their keywords.
interface NaivePattern {
  readonly regex?: RegExp;
  readonly keywords?: RegExp;
  readonly match?: (text: string, pos: number, limit: number) => unknown;
  readonly maxLength: number;
}
const NAIVE: NaivePattern[] = FAMILIES.flatMap((f) =>
  f.patterns.map((p): NaivePattern => {
    if (p.regex)
      return {
        regex: new RegExp(p.regex.source.replace(/^\^/, ''), `${p.regex.flags}g`),
        maxLength: p.maxLength,
      };
    const kw = p.keywords.map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
    return {
      keywords: kw === '' ? undefined : new RegExp(kw, 'gi'),
      match: p.match!,
      maxLength: p.maxLength,
    };
  }),
);

function naiveScan(text: string): number {
  let found = 0;
  for (const p of NAIVE) {
    if (p.regex) {
      p.regex.lastIndex = 0;
      while (p.regex.exec(text) !== null) found++;
    } else if (p.keywords) {
      p.keywords.lastIndex = 0;
      let m: RegExpExecArray | null;
      while ((m = p.keywords.exec(text)) !== null) {
        if (p.match!(text, m.index, Math.min(text.length, m.index + p.maxLength))) found++;
      }
    }
  }
  return found;
}

interface Stats {
  p50: number;
  p99: number;
  mbps: number;
  /** Throughput over the process's CPU time: steadier than wall time on a shared, loaded machine. */
  cpuMbps: number;
}

/** User + system CPU time of this process, in ms. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function measure(fn: () => void, bytes: number): Stats {
  const budgetMs = quick ? 150 : 800;
  const minIters = bytes >= 1_000_000 ? 5 : 50;
  for (let i = 0; i < Math.min(200, minIters * 4); i++) fn(); // warm-up
  const times: number[] = [];
  const start = performance.now();
  const cpuStart = cpuMs();
  while (times.length < minIters || performance.now() - start < budgetMs) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
    if (times.length > 200_000) break;
  }
  const cpu = cpuMs() - cpuStart;
  times.sort((a, b) => a - b);
  const total = times.reduce((a, b) => a + b, 0);
  return {
    cpuMbps: (bytes * times.length) / (cpu / 1000) / 1e6,
    p50: times[Math.floor(times.length * 0.5)]! * 1000,
    p99: times[Math.min(times.length - 1, Math.floor(times.length * 0.99))]! * 1000,
    mbps: (bytes * times.length) / (total / 1000) / 1e6,
  };
}

const fmtUs = (us: number): string => (us >= 1000 ? `${(us / 1000).toFixed(2)} ms` : `${us.toFixed(1)} µs`);
const SIZES: [string, number][] = [
  ['1 KB', 1024],
  ['4 KB', 4096],
  ['16 KB', 16384],
  ['1 MB', 1024 * 1024],
];

process.stdout.write(`Node ${process.version}, ${process.platform}/${process.arch}\n\n`);
process.stdout.write(
  '| input | size | scrubber MB/s | CPU MB/s | p50 | p99 | naive MB/s | naive p50 | speed-up | redactions |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n',
);
for (const [kind, make] of [
  ['clean', cleanText],
  ['1% secrets', withSecrets],
] as const) {
  for (const [label, size] of SIZES) {
    const text = make(size, 3);
    const bytes = Buffer.byteLength(text);
    const redactions = scrubber.scrub(text).redactionsCount;
    const s = measure(() => scrubber.scrub(text), bytes);
    const n = measure(() => naiveScan(text), bytes);
    process.stdout.write(
      `| ${kind} | ${label} | ${s.mbps.toFixed(0)} | ${s.cpuMbps.toFixed(0)} | ${fmtUs(s.p50)} | ${fmtUs(s.p99)} | ${n.mbps.toFixed(0)} | ${fmtUs(n.p50)} | ${(n.p50 / s.p50).toFixed(1)}× | ${redactions} |\n`,
    );
  }
}

// Streaming: 1 MB with 1% secrets in 4 KB chunks.
{
  const text = withSecrets(1024 * 1024, 5);
  const bytes = Buffer.byteLength(text);
  const s = measure(() => {
    const st = scrubber.createStream();
    for (let i = 0; i < text.length; i += 4096) st.push(text.slice(i, i + 4096));
    st.end();
  }, bytes);
  process.stdout.write(
    `\nstream, 1 MB with 1% secrets in 4 KB chunks: ${s.mbps.toFixed(0)} MB/s, ${s.cpuMbps.toFixed(0)} MB/s of CPU time (p50 ${fmtUs(s.p50)})\n`,
  );
}

// Per-redaction cost: 4 KB of clean text, then the same with ten secrets on its lines (GitHub tokens
// and quoted passwords); the difference of the medians over ten.
{
  const base = cleanText(4096, 11).split('\n');
  const clean = base.join('\n');
  const dirty = base
    .map((line, i) =>
      i < 30 && i % 3 === 0
        ? i % 2 === 0
          ? `GITHUB_TOKEN=${githubToken('ghp', `r${i}`)}`
          : `password = "${randomBody(`r${i}`, BASE62, 16)}"`
        : line,
    )
    .join('\n');
  const n = scrubber.scrub(dirty).redactionsCount;
  const c = measure(() => scrubber.scrub(clean), clean.length);
  const d = measure(() => scrubber.scrub(dirty), dirty.length);
  process.stdout.write(
    `per redaction, 4 KB with ${n} secrets: ${fmtUs((d.p50 - c.p50) / Math.max(1, n))} (p50 ${fmtUs(d.p50)} vs clean ${fmtUs(c.p50)})\n`,
  );
}
