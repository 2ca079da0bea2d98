// The stream must give exactly the one-shot output, wherever the chunk boundaries fall.
import { describe, expect, it } from 'vitest';
import { BASE64, pemBlock, randomBody } from '../../src/scrub/examples.js';
import { MAX_PEM_CHARS } from '../../src/scrub/detectors/private-key.js';
import { rulesetFor } from '../../src/scrub/scanner.js';
import { createScrubber } from '../../src/scrub/scrubber.js';
import { GH, JWT, MIXED, PASSWORD, PEM } from './helpers.js';

const scrubber = createScrubber({ salt: 'stream-salt' });

function streamed(chunks: readonly string[], strict = true): string {
  const s = scrubber.createStream({ strict });
  return chunks.map((c) => s.push(c)).join('') + s.end();
}

const INPUTS: Record<string, string> = {
  mixed: MIXED,
  adjacent: `${GH}${GH}\n${GH} ${JWT}.${GH}`,
  'keyword at the end': `clean text then a token prefix at the very end gh`,
  'password assignment': `DB_PASSWORD=${PASSWORD}\nx password: "${PASSWORD}"`,
  'pem in json': JSON.stringify({ key: PEM, other: `token ${GH}` }),
  // Copies of a redacted span are redacted too (echoes), wherever a chunk boundary cuts them.
  echoes: `x token = '${PASSWORD}' | '${PASSWORD}'${PASSWORD}\n${PASSWORD} ${GH} (${GH})`,
  empty: '',
  clean: 'plain text without anything secret in it, a keyboard and a monkey.',
};

describe('streaming scrubber', () => {
  for (const [name, input] of Object.entries(INPUTS)) {
    it(`matches the one-shot output at every split position: ${name}`, () => {
      for (const strict of [true, false]) {
        const want = scrubber.scrub(input, { strict }).sanitized;
        for (let i = 0; i <= input.length; i++) {
          const got = streamed([input.slice(0, i), input.slice(i)], strict);
          if (got !== want) expect.fail(`split at ${i} (strict=${strict}) differs`);
        }
      }
    });
  }

  it('matches the one-shot output for one-character chunks and random three-way splits', () => {
    const want = scrubber.scrub(MIXED).sanitized;
    expect(streamed([...MIXED])).toBe(want);
    let seed = 7;
    const rnd = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let k = 0; k < 300; k++) {
      const a = rnd(MIXED.length);
      const b = a + rnd(MIXED.length - a);
      expect(streamed([MIXED.slice(0, a), MIXED.slice(a, b), MIXED.slice(b)])).toBe(want);
    }
  });

  it('reports the same redactions as the one-shot call', () => {
    const s = scrubber.createStream();
    for (let i = 0; i < MIXED.length; i += 37) s.push(MIXED.slice(i, i + 37));
    s.end();
    expect(s.redactions).toEqual(scrubber.scrub(MIXED).redactions);
  });

  it('holds back a bounded amount of text', () => {
    const bound = rulesetFor(true).carryBound;
    const s = scrubber.createStream();
    let maxHeld = 0;
    const big = (MIXED + '\n').repeat(40);
    for (let i = 0; i < big.length; i += 101) {
      s.push(big.slice(i, i + 101));
      maxHeld = Math.max(maxHeld, s.held);
    }
    s.end();
    expect(maxHeld).toBeLessThanOrEqual(bound + 101);
    // clean text is released almost at once
    const c = scrubber.createStream();
    c.push('x'.repeat(100_000));
    expect(c.held).toBeLessThan(100);
  });

  it('cuts an over-long PEM block and redacts every piece: nothing of it leaks', () => {
    const lines = Math.ceil((MAX_PEM_CHARS * 2.5) / 65);
    const huge = pemBlock('PRIVATE KEY', 'huge', lines);
    const input = `head\n${huge}\ntail`;
    const one = scrubber.scrub(input);
    expect(one.sanitized).toMatch(/^head\n(\[REDACTED_PRIVATE_KEY_[0-9a-f]{8}\]){3,4}\ntail$/);
    const bodyLines = huge.split('\n').slice(1, -1);
    for (const line of bodyLines) expect(one.sanitized.includes(line.slice(0, 20))).toBe(false);
    for (const size of [1000, 4096, 7919, 65536]) {
      const chunks: string[] = [];
      for (let i = 0; i < input.length; i += size) chunks.push(input.slice(i, i + size));
      expect(streamed(chunks)).toBe(one.sanitized);
    }
    for (let i = 0; i < input.length; i += 997) {
      expect(streamed([input.slice(0, i), input.slice(i)])).toBe(one.sanitized);
    }
    const s = scrubber.createStream();
    let maxHeld = 0;
    for (let i = 0; i < input.length; i += 500) {
      s.push(input.slice(i, i + 500));
      maxHeld = Math.max(maxHeld, s.held);
    }
    s.end();
    expect(maxHeld).toBeLessThanOrEqual(rulesetFor(true).carryBound + MAX_PEM_CHARS + 500);
  });

  it('accepts byte chunks that split a multi-byte character', () => {
    const text = `héllo wörld ✓ ${GH} 🎉 done`;
    const bytes = Buffer.from(text, 'utf8');
    const want = scrubber.scrub(text).sanitized;
    for (let i = 0; i <= bytes.length; i++) {
      const s = scrubber.createStream();
      const got = s.push(bytes.subarray(0, i)) + s.push(bytes.subarray(i)) + s.end();
      expect(got).toBe(want);
    }
  });

  it('refuses input after end()', () => {
    const s = scrubber.createStream();
    s.end();
    expect(() => s.push('x')).toThrow();
    expect(randomBody('x', BASE64, 4)).toHaveLength(4);
  });
});
