import { describe, expect, it } from 'vitest';
import { createScrubber } from '../../src/scrub/scrubber.js';
import { GH, PASSWORD, PEM } from './helpers.js';

const scrubber = createScrubber({ salt: 'json-salt' });

describe('scrubJson', () => {
  const input = {
    model: 'gpt-x',
    messages: [
      { role: 'system', content: 'be nice' },
      { role: 'user', content: `my token is ${GH}` },
      { role: 'user', content: `service account: ${JSON.stringify({ private_key: PEM })}` },
    ],
    n: 1,
    stream: false,
    extra: null,
    [`${GH}`]: 'keys are kept as they are',
    nested: { deep: [[`password = "${PASSWORD}"`]] },
  };

  it('scrubs every string leaf and reports the path of each redaction', () => {
    const r = scrubber.scrubJson(input);
    const text = JSON.stringify(r.value);
    expect(text.includes(PASSWORD)).toBe(false);
    expect(text.includes(PEM.split('\n')[1]!)).toBe(false);
    expect(r.value.messages[1]!.content).toMatch(/^my token is \[REDACTED_GITHUB_KEY_[0-9a-f]{8}\]$/);
    expect(r.redactions.map((x) => x.path)).toEqual([
      ['messages', 1, 'content'],
      ['messages', 2, 'content'],
      ['nested', 'deep', 0, 0],
    ]);
    expect(r.value.n).toBe(1);
    expect(r.value.extra).toBeNull();
    // Keys are documented as not scrubbed.
    expect(Object.keys(r.value)).toContain(GH);
  });

  it('never mutates its input', () => {
    const before = structuredClone(input);
    scrubber.scrubJson(input);
    expect(input).toEqual(before);
  });

  it('catches a PEM with escaped newlines in raw JSON text and keeps the JSON valid', () => {
    const raw = JSON.stringify({ type: 'service_account', private_key: PEM + '\n', client_email: 'a@b.c' });
    expect(raw).toContain('\\n');
    const r = scrubber.scrub(raw);
    expect(r.redactions.map((x) => x.family)).toEqual(['private-key']);
    const parsed = JSON.parse(r.sanitized) as Record<string, string>;
    expect(parsed['private_key']).toMatch(/^\[REDACTED_PRIVATE_KEY_[0-9a-f]{8}\]\n?$/);
    expect(parsed['client_email']).toBe('a@b.c');
  });

  it('rejects cycles with a stable error code', () => {
    const a: Record<string, unknown> = { x: 'y' };
    a['self'] = a;
    expect(() => scrubber.scrubJson(a)).toThrow(expect.objectContaining({ code: 'AG_ERR_INPUT_INVALID' }));
  });
});
