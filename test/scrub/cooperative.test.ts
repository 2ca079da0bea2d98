// The sliced, yielding scrub of /api/v1/sanitize must be the one-shot scrub byte for byte, wherever
// the slice boundaries fall (inside a secret too), and must give the event loop turns between slices.
import { describe, expect, it } from 'vitest';
import { scrubCooperatively, SLICE_CHARS } from '../../src/scrub/cooperative.js';
import { createScrubber } from '../../src/scrub/index.js';
import { GH, JWT, MIXED, PEM, SECRETS } from '../scrub/helpers.js';

const scrubber = createScrubber({ salt: 'cooperative-salt' });

const INPUTS: Record<string, string> = {
  mixed: MIXED,
  'mixed, repeated': MIXED.repeat(6),
  'adjacent secrets': `${GH}${GH}\n${GH} ${JWT}.${GH}`.repeat(20),
  'pem blocks': `${PEM}\n`.repeat(5),
  clean: 'plain text without anything secret in it, a keyboard and a monkey. '.repeat(300),
};

// Slice sizes that cut secrets at many different offsets (primes), plus the production size.
const SLICES = [1, 7, 61, 257, 1021, SLICE_CHARS];

describe('scrubCooperatively', () => {
  for (const [name, input] of Object.entries(INPUTS)) {
    it(`gives the one-shot result for every slice size: ${name}`, async () => {
      for (const strict of [true, false]) {
        const want = scrubber.scrub(input, { strict });
        for (const sliceChars of SLICES) {
          const got = await scrubCooperatively(scrubber, input, { strict, sliceChars });
          const label = `slice ${sliceChars}, strict=${strict}`;
          expect(got.sanitized, label).toBe(want.sanitized);
          expect(got.redactions, label).toEqual(want.redactions);
          expect(got.redactedKeys, label).toEqual(want.redactedKeys);
          expect(got.redactionsCount, label).toBe(want.redactionsCount);
          expect(got.status, label).toBe(want.status);
          expect(got.engineVersion, label).toBe(want.engineVersion);
        }
      }
    });
  }

  it('redacts secrets that a slice boundary cuts in two', async () => {
    for (const secret of SECRETS) {
      const input = `before api_token="${secret}" after`;
      const where = input.indexOf(secret);
      // Precondition: the one-shot call redacts it in this context.
      expect(scrubber.scrub(input, { strict: true }).sanitized).not.toContain(secret.slice(0, 12));
      // The first slice ends in the middle of the secret.
      const sliceChars = where + Math.floor(secret.length / 2);
      const got = await scrubCooperatively(scrubber, input, { strict: true, sliceChars });
      expect(got.sanitized).not.toContain(secret.slice(0, 12));
      expect(got.sanitized).toBe(scrubber.scrub(input, { strict: true }).sanitized);
    }
  });

  it('yields between slices: other callbacks run while a long payload is scrubbed', async () => {
    const input = `key ${GH} `.repeat(2000);
    let turns = 0;
    let running = true;
    const tick = (): void => {
      if (!running) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    await scrubCooperatively(scrubber, input, { strict: true, sliceChars: 1000 });
    running = false;
    // About one turn per slice (input.length / 1000 slices); the one-shot call would allow none.
    expect(turns).toBeGreaterThanOrEqual(Math.floor(input.length / 1000) - 2);
  });

  it('scrubs a payload of one slice or less in the caller turn (no yield)', async () => {
    let turns = 0;
    setImmediate(() => turns++);
    const got = await scrubCooperatively(scrubber, MIXED, { strict: true });
    expect(turns).toBe(0);
    expect(got.sanitized).toBe(scrubber.scrub(MIXED).sanitized);
  });

  it('refuses a payload over the scrubber size limit before any work', async () => {
    const small = createScrubber({ maxPayloadBytes: 1000 });
    await expect(
      scrubCooperatively(small, 'é'.repeat(600), { strict: true, sliceChars: 100 }),
    ).rejects.toMatchObject({
      code: 'AG_ERR_INPUT_TOO_LARGE',
    });
  });

  it('stops with a client-abort error when cancelled between slices', async () => {
    let checks = 0;
    const cancelled = (): boolean => ++checks >= 3;
    await expect(
      scrubCooperatively(scrubber, MIXED.repeat(4), { strict: true, sliceChars: 100, cancelled }),
    ).rejects.toMatchObject({ code: 'AG_ERR_API_CLIENT_ABORTED' });
    expect(checks).toBe(3);
  });

  it('leaves the input string unchanged and does not depend on earlier calls', async () => {
    const input = MIXED.repeat(3);
    const copy = input.slice();
    const a = await scrubCooperatively(scrubber, input, { strict: true, sliceChars: 333 });
    const b = await scrubCooperatively(scrubber, input, { strict: true, sliceChars: 333 });
    expect(input).toBe(copy);
    expect(a.sanitized).toBe(b.sanitized);
  });
});
