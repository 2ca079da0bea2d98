// Runs every family's own examples (src/scrub/families/*.ts) through the whole scrubber, in strict
// and non-strict mode. Failures read like ast-grep's: Missing (a positive kept), Noisy (a look-alike redacted).
import { describe, expect, it } from 'vitest';
import { FAMILIES } from '../../src/scrub/registry.js';
import { createScrubber } from '../../src/scrub/scrubber.js';
import { FAMILY_IDS } from '../../src/scrub/family.js';

const scrubber = createScrubber({ salt: 'test-salt' });

describe('family registry', () => {
  it('has the 12 families of SPEC 8, in order, each with 5+ positives and 5+ look-alikes', () => {
    expect(FAMILIES.map((f) => f.id)).toEqual([...FAMILY_IDS]);
    for (const f of FAMILIES) {
      expect(f.examples.positive.length).toBeGreaterThanOrEqual(5);
      expect(f.examples.lookalike.length).toBeGreaterThanOrEqual(5);
    }
  });

  it('uses distinct marker kinds', () => {
    expect(new Set(FAMILIES.map((f) => f.kind)).size).toBe(FAMILIES.length);
  });
});

for (const family of FAMILIES) {
  describe(`family ${family.id}`, () => {
    const positives = family.examples.positive.map((e, i) => [i, e] as const);
    const lookalikes = family.examples.lookalike.map((e, i) => [i, e] as const);

    it.each(positives)('positive #%i is redacted in strict mode', (_i, example) => {
      const secret = example.secret ?? example.text;
      const r = scrubber.scrub(example.text, { strict: true });
      expect(r.sanitized.includes(secret), `Missing: ${family.id} kept ${JSON.stringify(example.text)}`).toBe(
        false,
      );
      expect(r.redactions.map((x) => x.family)).toContain(family.id);
      expect(r.sanitized).toContain(`[REDACTED_${family.kind}_KEY_`);
    });

    it.each(positives)('positive #%i follows its non-strict expectation', (_i, example) => {
      const secret = example.secret ?? example.text;
      const want = example.nonStrict ?? (family.nonStrict ? 'redact' : 'keep');
      const r = scrubber.scrub(example.text, { strict: false });
      if (want === 'redact') {
        expect(r.sanitized.includes(secret), `Missing (non-strict): ${JSON.stringify(example.text)}`).toBe(
          false,
        );
      } else {
        expect(r.sanitized.includes(secret), `Noisy (non-strict): ${JSON.stringify(example.text)}`).toBe(
          true,
        );
      }
    });

    it.each(lookalikes)('look-alike #%i is kept (unless documented as strict-redacted)', (_i, example) => {
      const strict = scrubber.scrub(example.text, { strict: true });
      const nonStrict = scrubber.scrub(example.text, { strict: false });
      const strictWant = example.strict ?? 'keep';
      const nonStrictWant = example.nonStrict ?? 'keep';
      expect(
        strict.redactionsCount > 0 ? 'redact' : 'keep',
        `Noisy: ${JSON.stringify(example.text)} (${example.why})`,
      ).toBe(strictWant);
      expect(
        nonStrict.redactionsCount > 0 ? 'redact' : 'keep',
        `non-strict: ${JSON.stringify(example.text)}`,
      ).toBe(nonStrictWant);
      if (strictWant === 'keep') expect(strict.sanitized).toBe(example.text);
    });
  });
}
