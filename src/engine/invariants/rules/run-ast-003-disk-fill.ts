/** RUN-AST-003: endless output written to files (yes > file, cat /dev/zero > file, dd from /dev/zero with no count). */
import { defineRule } from '../define-rule.js';

const ENDLESS_DEVICES = /^\/dev\/(?:zero|urandom|random|full)$/;
const BOUNDERS = new Set(['head', 'dd', 'timeout', 'sed', 'awk']);

/** dd's own bound: a block count (count=, iflag=count_bytes). */
const COUNTED = (a: string): boolean => a.startsWith('count=') || a.startsWith('iflag=count');

/** The same file named with or without a leading ./ (of=./x.bin, flow to x.bin). */
const samePath = (a: string, b: string): boolean =>
  a.replace(/^(?:\.\/)+/, '') === b.replace(/^(?:\.\/)+/, '');

export default defineRule({
  id: 'RUN-AST-003',
  invariant: 'NO_RUNAWAY_EXECUTION',
  kinds: ['exec', 'file', 'flow'],
  summary:
    'Unbounded streams written to files until the disk is full (yes > f, cat /dev/zero > f, dd if=/dev/zero without count=).',
  remediationHint:
    'Bound the output: yes | head -n 1000 > file, head -c 10M /dev/zero > file, or dd with count=.',
  *check(facts) {
    const seen = new Set<number>();
    const flows = facts.of('flow');
    // Programs that stream an endless device to their output (cat /dev/zero).
    const endlessReaders = new Set(
      facts
        .of('exec')
        .filter((e) => /^(?:cat|tee|pv)$/.test(e.program) && e.argv.some((a) => ENDLESS_DEVICES.test(a)))
        .map((e) => e.program),
    );
    for (const f of flows) {
      if (f.to.kind !== 'file' || f.to.path.startsWith('/dev/')) continue;
      const endless =
        (f.from.kind === 'output' && (f.from.program === 'yes' || endlessReaders.has(f.from.program))) ||
        (f.from.kind === 'file' && ENDLESS_DEVICES.test(f.from.path));
      if (!endless) continue;
      // A bounding stage writing to the same file (yes | head -n 100 > f) ends the stream.
      const sink = f.to.path;
      const bounded = flows.some(
        (g) =>
          g.to.kind === 'file' &&
          g.to.path === sink &&
          g.from.kind === 'output' &&
          BOUNDERS.has(g.from.program),
      );
      // dd if=/dev/urandom of=f count=10 (test data, fp10 corpus): dd's count ends the copy.
      const counted =
        f.from.kind === 'file' &&
        facts
          .of('exec')
          .some(
            (e) =>
              e.program === 'dd' &&
              e.argv.includes(`if=${f.from.kind === 'file' ? f.from.path : ''}`) &&
              e.argv.some((a) => a.startsWith('of=') && samePath(a.slice(3), sink)) &&
              e.argv.some(COUNTED),
          );
      if (bounded || counted) continue;
      seen.add(f.span.start);
      yield {
        span: f.span,
        reason: `an endless stream is written to ${f.to.path}`,
        suggestedAlternative: `yes | head -n 1000 > ${f.to.path}`,
      };
    }
    for (const f of facts.of('file')) {
      if (
        (f.op === 'write' || f.op === 'append') &&
        f.actor === 'yes' &&
        !f.path.startsWith('/dev/') &&
        !seen.has(f.span.start)
      ) {
        seen.add(f.span.start);
        yield {
          span: f.span,
          reason: `yes writes endlessly to ${f.path}`,
          suggestedAlternative: `yes | head -n 1000 > ${f.path}`,
        };
      }
    }
    for (const e of facts.of('exec')) {
      if (e.program !== 'dd' || seen.has(e.span.start)) continue;
      const input = e.argv.find((a) => a.startsWith('if='))?.slice(3) ?? '';
      const output = e.argv.find((a) => a.startsWith('of='))?.slice(3);
      if (
        ENDLESS_DEVICES.test(input) &&
        output !== undefined &&
        !output.startsWith('/dev/') &&
        !e.argv.some(COUNTED)
      ) {
        yield {
          span: e.span,
          reason: `dd copies ${input} to ${output} with no count`,
          suggestedAlternative: `dd if=${input} of=${output} bs=1M count=16`,
        };
      }
    }
  },
  examples: {
    deny: [
      { input: 'yes > fill.txt' },
      { input: 'yes "spam" >> /tmp/x' },
      { input: 'cat /dev/zero > big.bin' },
      { input: 'dd if=/dev/zero of=./fill bs=1M' },
      { input: 'dd if=/dev/urandom of=./fill bs=1M' },
    ],
    allow: [
      { input: 'yes | head -n 100 > answers.txt', why: 'bounded by head' },
      { input: 'yes | npm init', why: 'answers prompts, writes no file' },
      { input: 'dd if=/dev/zero of=./disk.img bs=1M count=64', why: 'bounded by count' },
      {
        input: 'dd if=/dev/urandom of=testdata/random.bin bs=1M count=10',
        why: 'random test data bounded by count',
      },
    ],
  },
});
