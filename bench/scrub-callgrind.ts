/**
 * Driver for bench/scrub-callgrind.sh: loads TREE's scrubber, warms it up uninstrumented, prints
 * "ready", waits for a line on stdin (the wrapper turns instrumentation on), scrubs ROUNDS times
 * and prints "done ROUNDS".
 *
 *   node --import tsx bench/scrub-callgrind.ts TREE clean|dirty SIZE WARMUP ROUNDS
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Examples from '../src/scrub/examples.js';
import type * as Scrubber from '../src/scrub/scrubber.js';

const [tree = '.', kind = 'clean', sizeArg = '4096', warmupArg = '3000', roundsArg = '200'] =
  process.argv.slice(2);
const { createScrubber } = (await import(
  pathToFileURL(resolve(tree, 'src/scrub/scrubber.ts')).href
)) as typeof Scrubber;
const { BASE62, githubToken, randomBody } = (await import(
  pathToFileURL(resolve(tree, 'src/scrub/examples.ts')).href
)) as typeof Examples;

// bench/scrub.bench.ts's prose and code lines (this tree's copy, so both trees scan the same text).
const lines = [
  ...readFileSync(new URL('./scrub.bench.ts', import.meta.url), 'utf8').matchAll(/^\s+'(.*)',$/gm),
]
  .map((m) => m[1]!)
  .filter((l) => l.length > 20 && !l.startsWith('|'));
const size = Number(sizeArg);
const parts: string[] = [];
for (let i = 0, n = 0; n < size; i++) {
  const l =
    kind === 'dirty' && i % 40 === 39
      ? i % 80 === 79
        ? `GITHUB_TOKEN=${githubToken('ghp', `d${i}`)}`
        : `password = "${randomBody(`d${i}`, BASE62, 16)}"`
      : lines[(i * 7) % lines.length]!;
  parts.push(l);
  n += l.length + 1;
}
const text = parts.join('\n').slice(0, size);
const scrubber = createScrubber({ salt: 'callgrind' });
for (let i = 0; i < Number(warmupArg); i++) scrubber.scrub(text);
process.stdout.write('ready\n');
await new Promise<void>((done) => process.stdin.once('data', () => done()));
const rounds = Number(roundsArg);
for (let i = 0; i < rounds; i++) scrubber.scrub(text);
process.stdout.write(`done ${rounds}\n`);
process.exit(0);
