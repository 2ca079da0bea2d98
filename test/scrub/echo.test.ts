// A redacted span's later verbatim copies are redacted too (src/scrub/scanner.ts, "Echoes").
import { describe, expect, it } from 'vitest';
import { BASE62, randomBody } from '../../src/scrub/examples.js';
import { createScrubber } from '../../src/scrub/scrubber.js';

const scrubber = createScrubber({ salt: 'echo-salt' });
const V = randomBody('echo-1', BASE62, 32);
const W = randomBody('echo-2', BASE62, 24);
/** Letters and digits interleaved, two classes, under 16 characters. */
const S = 'x7' + randomBody('echo-3', 'abcdefghkmnpqrstuvwxyz', 5) + '4q';
/** A session token of about 900 characters in dotted parts. */
const L = Array.from({ length: 9 }, (_, i) => randomBody(`echo-l${i}`, BASE62, 99)).join('.');

function streamed(input: string, size: number): string {
  const s = scrubber.createStream();
  let out = '';
  for (let i = 0; i < input.length; i += size) out += s.push(input.slice(i, i + size));
  return out + s.end();
}

const CASES: readonly { name: string; text: string; leaks: readonly string[]; kept?: readonly string[] }[] = [
  { name: 'a quoted copy after the assignment', text: `svc token = '${V}' | '${V}'`, leaks: [V] },
  {
    name: 'a bare copy in a later log line',
    text: `api_key: ${V}\n[debug] sent ${V} to the API`,
    leaks: [V],
  },
  { name: 'a copy in JSON', text: `SECRET=${V}\n{"x": "${V}", "y": 1}`, leaks: [V] },
  { name: 'a copy at the very end', text: `password = "${W}"; echo ${W}`, leaks: [W] },
  { name: 'two secrets, each copied', text: `token=${V} secret=${W} ${W} ${V}`, leaks: [V, W] },
  {
    name: 'a copy inside a longer word stays',
    text: `token=${V} and x${V}y`,
    leaks: [],
    kept: [`x${V}y`],
  },
  {
    name: 'a word taken for a password is not echoed',
    text: "adjustSecret: 'function',\nfunction modN(hash) { return hash; }",
    leaks: [],
    kept: ['function modN(hash)'],
  },
  {
    name: 'a short password is not echoed',
    text: 'password = "hunter2"; user hunter2',
    leaks: [],
    kept: ['user hunter2'],
  },
  {
    name: 'a short token switching between letters and digits is echoed',
    text: `svc token = '${S}' | '${S}'`,
    leaks: [S],
  },
  {
    name: 'a long dotted token is echoed',
    text: `svc token = '${L}' | '${L}'`,
    leaks: [L],
  },
];

describe('echoes of a redacted span', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const r = scrubber.scrub(c.text);
      for (const s of c.leaks) expect(r.sanitized).not.toContain(s);
      for (const k of c.kept ?? []) expect(r.sanitized).toContain(k);
      // Same marker for every copy of the same secret.
      const markers = r.sanitized.match(/\[REDACTED_[A-Z]+_KEY_[0-9a-f]{8}\]/g) ?? [];
      expect(markers.length).toBe(r.redactionsCount);
      for (const size of [1, 3, 7, 16, 64]) expect(streamed(c.text, size)).toBe(r.sanitized);
    });
  }

  it('does not reach back to copies before the first redaction', () => {
    // The stream has already emitted them; the one-shot call agrees with it.
    const text = `${V} was printed, then token = '${V}'`;
    const r = scrubber.scrub(text);
    expect(r.sanitized.startsWith(`${V} was printed`)).toBe(true);
    expect(r.redactionsCount).toBe(1);
    expect(streamed(text, 5)).toBe(r.sanitized);
  });

  it('reports each copy as a redaction of the detector that found the first', () => {
    const r = scrubber.scrub(`svc token = '${V}' | '${V}'`);
    expect(r.redactions.map((x) => x.detector)).toEqual(['assignment', 'assignment']);
    expect(new Set(r.redactions.map((x) => x.tag)).size).toBe(1);
  });
});
