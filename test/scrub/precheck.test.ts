// A pattern's precheck (tested where its keyword is found, before the attempt is queued) must hold
// wherever its matcher finds something: on every registry example, and on seeded random text
// around the assignment stems.
import { describe, expect, it } from 'vitest';
import { randomBody } from '../../src/scrub/examples.js';
import type { PatternDefinition } from '../../src/scrub/family.js';
import { KeywordAutomaton } from '../../src/scrub/prefilter.js';
import { DETECTORS } from '../../src/scrub/registry.js';

function matcher(p: PatternDefinition): (text: string, pos: number, limit: number) => boolean {
  if (p.match) return (text, pos, limit) => p.match!(text, pos, limit) !== null;
  const re = new RegExp(p.regex!.source, p.regex!.flags);
  return (text, pos, limit) => re.test(text.slice(pos, limit));
}

/** Texts where the precheck said no although the matcher matched. */
function misses(p: PatternDefinition, texts: readonly string[]): string[] {
  const ac = new KeywordAutomaton([...p.keywords]);
  const hits = matcher(p);
  const out: string[] = [];
  for (const text of texts) {
    ac.scan(text, 0, text.length, 0, ac.initial, (h) => {
      const limit = Math.min(text.length, h.start + p.maxLength);
      if (h.start + (p.precheckReach ?? p.maxLength) > limit && limit < text.length) return;
      if (hits(text, h.start, limit) && !p.precheck!(text, h.start, limit)) out.push(text);
    });
  }
  return out;
}

const withPrecheck = DETECTORS.flatMap((d) => d.patterns.filter((p) => p.precheck));

describe('prechecks', () => {
  it('some patterns have one, each with its reach', () => {
    expect(withPrecheck.length).toBeGreaterThan(10);
    for (const p of withPrecheck) expect(p.precheckReach, p.id).toBeGreaterThan(0);
  });

  it('hold on every registry example', () => {
    const texts = DETECTORS.flatMap((d) => [
      ...d.examples.positive.map((e) => e.text),
      ...d.examples.negative.map((e) => e.text),
    ]);
    for (const p of withPrecheck) expect(misses(p, texts), p.id).toEqual([]);
  });

  it('hold on random text around the assignment stems', () => {
    const assignment = withPrecheck.find((p) => p.id === 'assignment/value')!;
    const alphabet = 'aZ9 \t\n=:(,>-!"\'`<>/\\]._|;is';
    const texts: string[] = [];
    for (let n = 0; n < 6000; n++) {
      const stem = ['token', 'Key', 'password', 'secret', 'auth', 'Authorization', 'pwd', 'creds'][n % 8]!;
      const before = ['', '--', '\n', '"', '<', 'x_'][n % 6]!;
      texts.push(
        before + stem + randomBody(`pc${n}`, alphabet, 1 + (n % 40)) + randomBody(`pv${n}`, 'aB3xY7', n % 24),
      );
    }
    expect(misses(assignment, texts)).toEqual([]);
  });
});
