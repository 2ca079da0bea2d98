import { describe, expect, it } from 'vitest';
import { createScrubber } from '../../src/scrub/scrubber.js';
import { rulesetFor } from '../../src/scrub/scanner.js';
import { GH, GH2, JWT, MIXED, PASSWORD, PEM, SECRETS } from './helpers.js';

const scrubber = createScrubber({ salt: 'salt-A' });
const MARKER = /\[REDACTED_[A-Z]+_KEY_[0-9a-f]{8}\]/g;

/** Put each redaction's original text back: the output must become the input again. */
function unredact(
  sanitized: string,
  original: string,
  spans: readonly { start: number; end: number }[],
): string {
  let out = '';
  let last = 0;
  let i = 0;
  for (const m of sanitized.matchAll(MARKER)) {
    out += sanitized.slice(last, m.index);
    const span = spans[i++]!;
    out += original.slice(span.start, span.end);
    last = m.index + m[0].length;
  }
  return out + sanitized.slice(last);
}

describe('scanner', () => {
  it('redacts every secret of a mixed prompt and reports kinds, keys and spans', () => {
    const r = scrubber.scrub(MIXED);
    expect(r.status).toBe('redacted');
    for (const s of SECRETS) expect(r.sanitized.includes(s)).toBe(false);
    expect(r.redactionsCount).toBe(r.redactions.length);
    expect(r.redactedKeys).toEqual(
      expect.arrayContaining(['GITHUB_TOKEN', 'AWS_ACCESS_KEY_ID', 'DATABASE_URL', 'JWT']),
    );
    expect(new Set(r.redactedKeys).size).toBe(r.redactedKeys.length);
    for (const red of r.redactions)
      expect(MIXED.slice(red.span.start, red.span.end).length).toBeGreaterThan(0);
    expect(r.engineVersion).toMatch(/^\d+\.\d+\.\d+$/);
    expect(r.latencyUs).toBeGreaterThanOrEqual(0);
  });

  it('keeps the output byte-identical outside the redacted spans', () => {
    const r = scrubber.scrub(MIXED);
    expect(
      unredact(
        r.sanitized,
        MIXED,
        r.redactions.map((x) => x.span),
      ),
    ).toBe(MIXED);
  });

  it('returns clean text untouched', () => {
    const text = 'Nothing to see: a UUID 123e4567-e89b-12d3-a456-426614174000 and a sha 3f2a9c1e0b8d7a6f.';
    const r = scrubber.scrub(text);
    expect(r).toMatchObject({ status: 'clean', sanitized: text, redactionsCount: 0, redactedKeys: [] });
  });

  it('gives the same secret the same tag and different secrets different tags', () => {
    const r = scrubber.scrub(`${GH} ${GH2} ${GH}`);
    const tags = r.redactions.map((x) => x.tag);
    expect(tags[0]).toBe(tags[2]);
    expect(tags[0]).not.toBe(tags[1]);
    expect(r.sanitized).toMatch(
      /^\[REDACTED_GITHUB_KEY_[0-9a-f]{8}\] \[REDACTED_GITHUB_KEY_[0-9a-f]{8}\] \[REDACTED_GITHUB_KEY_[0-9a-f]{8}\]$/,
    );
  });

  it('derives the tag from the salt', () => {
    const other = createScrubber({ salt: 'salt-B' });
    const again = createScrubber({ salt: 'salt-A' });
    expect(other.scrub(GH).redactions[0]!.tag).not.toBe(scrubber.scrub(GH).redactions[0]!.tag);
    expect(again.scrub(GH).redactions[0]!.tag).toBe(scrubber.scrub(GH).redactions[0]!.tag);
    // Without a salt, one random salt per process: stable within the process.
    expect(createScrubber().scrub(GH).redactions[0]!.tag).toBe(createScrubber().scrub(GH).redactions[0]!.tag);
  });

  it('resolves overlapping matches to one redaction labelled by the most specific family', () => {
    // generic (TOKEN=...) and github overlap on the same value
    const r = scrubber.scrub(`MY_TOKEN="${GH}"`);
    expect(r.redactionsCount).toBe(1);
    expect(r.redactions[0]!.family).toBe('github');
    // a JWT behind Bearer: generic and jwt
    const j = scrubber.scrub(`Authorization: Bearer ${JWT}`);
    expect(j.redactionsCount).toBe(1);
    expect(j.redactions[0]!.kind).toBe('JWT');
    // a token inside a connection string password: the union is redacted once
    const c = scrubber.scrub(`https://x:${GH}@github.com/org/repo.git`);
    expect(c.redactionsCount).toBe(1);
    expect(c.sanitized).toMatch(
      /^https:\/\/x:\[REDACTED_GITHUB_KEY_[0-9a-f]{8}\]@github\.com\/org\/repo\.git$/,
    );
  });

  it('redacts a PEM block whole, as one marker, keeping the text around it', () => {
    const r = scrubber.scrub(`before\n${PEM}\nafter`);
    expect(r.redactionsCount).toBe(1);
    expect(r.sanitized).toMatch(/^before\n\[REDACTED_PRIVATE_KEY_[0-9a-f]{8}\]\nafter$/);
  });

  it('is idempotent: scrubbing scrubbed text changes nothing', () => {
    const once = scrubber.scrub(MIXED).sanitized;
    const twice = scrubber.scrub(once);
    expect(twice.status).toBe('clean');
    expect(twice.sanitized).toBe(once);
  });

  it('non-strict mode keeps only prefix-anchored patterns', () => {
    const text = `password = "${PASSWORD}"\npostgres://u:${PASSWORD}@h/db\n${GH}`;
    const r = scrubber.scrub(text, { strict: false });
    expect(r.redactions.map((x) => x.family)).toEqual(['github']);
    expect(rulesetFor(false).pattern('generic/assignment')).toBeUndefined();
    expect(rulesetFor(false).pattern('github/token')).toBeDefined();
  });

  it('non-strict mode keeps checksum-invalid GitHub tokens; strict redacts them', () => {
    const broken = GH.slice(0, -1) + (GH.endsWith('A') ? 'B' : 'A');
    expect(scrubber.scrub(broken, { strict: false }).status).toBe('clean');
    expect(scrubber.scrub(broken, { strict: true }).status).toBe('redacted');
  });

  it('sanitize() takes the SPEC 2.1 request shape, strict by default', () => {
    expect(scrubber.sanitize({ payload: `password: "${PASSWORD}"` }).status).toBe('redacted');
    expect(scrubber.sanitize({ payload: `password: "${PASSWORD}"`, strict: false }).status).toBe('clean');
  });
});
