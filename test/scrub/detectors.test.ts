// Runs every detector's own examples (src/scrub/detectors/*.ts) through the whole scrubber, in
// strict and non-strict mode, one-shot and streaming. Failures read like ast-grep's: Missing (a
// positive kept), Noisy (a negative redacted).
import { describe, expect, it } from 'vitest';
import type { Detector } from '../../src/scrub/detector.js';
import { FAMILY_IDS, FAMILY_INFO } from '../../src/scrub/family.js';
import { DETECTORS, FAMILIES } from '../../src/scrub/registry.js';
import { createScrubber } from '../../src/scrub/scrubber.js';

const scrubber = createScrubber({ salt: 'test-salt' });

/** One-shot and streaming (one-character chunks, and three uneven pieces) must agree. */
function scrubBoth(text: string, strict: boolean): ReturnType<typeof scrubber.scrub> {
  const once = scrubber.scrub(text, { strict });
  const cuts = [Math.floor(text.length / 3), Math.floor((2 * text.length) / 3) + 1];
  const pieces = [text.slice(0, cuts[0]), text.slice(cuts[0], cuts[1]), text.slice(cuts[1])];
  for (const chunks of [pieces, [...text]]) {
    const s = scrubber.createStream({ strict });
    let out = '';
    for (const c of chunks) out += s.push(c);
    out += s.end();
    expect(out, `stream differs for ${JSON.stringify(text)}`).toBe(once.sanitized);
  }
  return once;
}

const runsInNonStrict = (d: Detector): boolean => d.patterns.some((p) => !(p.strictOnly ?? !d.nonStrict));

describe('detector registry', () => {
  it('rolls up into the 12 families of SPEC 2.2, in order', () => {
    expect(FAMILIES.map((f) => f.id)).toEqual([...FAMILY_IDS]);
    expect(FAMILY_INFO.map((f) => f.id)).toEqual([...FAMILY_IDS]);
    for (const f of FAMILIES) expect(f.detectors.length, f.id).toBeGreaterThan(0);
    expect(new Set(FAMILY_INFO.map((f) => f.kind)).size).toBe(12);
  });

  it('has at least 60 vendor detectors besides the structured ones', () => {
    expect(DETECTORS.length).toBeGreaterThanOrEqual(60);
  });

  it('gives every negative a reason', () => {
    for (const d of DETECTORS)
      for (const n of d.examples.negative) expect(n.why.length, d.id).toBeGreaterThan(2);
  });
});

for (const d of DETECTORS) {
  describe(`detector ${d.id}`, () => {
    const positives = d.examples.positive.map((e, i) => [i, e] as const);
    const negatives = d.examples.negative.map((e, i) => [i, e] as const);

    it.each(positives)('positive #%i is redacted in strict mode by this detector', (_i, example) => {
      const secret = example.secret ?? example.text;
      const r = scrubBoth(example.text, true);
      expect(r.sanitized.includes(secret), `Missing: ${d.id} kept ${JSON.stringify(example.text)}`).toBe(
        false,
      );
      const mine = r.redactions.find((x) => x.detector === d.id);
      expect(mine, `${d.id}: redacted by ${r.redactions.map((x) => x.detector).join(',')}`).toBeDefined();
      expect(mine!.family).toBe(d.family);
      expect(r.sanitized).toContain(`[REDACTED_${d.kind}_KEY_`);
    });

    it.each(positives)('positive #%i follows its non-strict expectation', (_i, example) => {
      const secret = example.secret ?? example.text;
      const want = example.nonStrict ?? (runsInNonStrict(d) ? 'redact' : 'keep');
      const r = scrubBoth(example.text, false);
      const got = r.sanitized.includes(secret) ? 'keep' : 'redact';
      expect(got, `non-strict ${d.id}: ${JSON.stringify(example.text)}`).toBe(want);
    });

    it.each(negatives)('negative #%i is kept (unless documented otherwise)', (_i, example) => {
      const strict = scrubBoth(example.text, true);
      const nonStrict = scrubBoth(example.text, false);
      expect(
        strict.redactionsCount > 0 ? 'redact' : 'keep',
        `Noisy: ${JSON.stringify(example.text)} (${example.why}) by ${strict.redactions.map((x) => x.detector).join(',')}`,
      ).toBe(example.strict ?? 'keep');
      expect(
        nonStrict.redactionsCount > 0 ? 'redact' : 'keep',
        `non-strict: ${JSON.stringify(example.text)}`,
      ).toBe(example.nonStrict ?? 'keep');
      if (example.strict === undefined) expect(strict.sanitized).toBe(example.text);
    });
  });
}
