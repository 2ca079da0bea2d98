// Size limits, binary and invalid input: clear errors, never a crash, never a secret in a message.
import { describe, expect, it } from 'vitest';
import { AgentGuardError } from '../../src/errors.js';
import { createScrubber } from '../../src/scrub/scrubber.js';
import { GH, MIXED, SECRETS } from './helpers.js';

describe('limits and odd input', () => {
  it('rejects payloads over maxPayloadBytes with AG_ERR_INPUT_TOO_LARGE and no secret in the message', () => {
    const small = createScrubber({ maxPayloadBytes: 1024, salt: 's' });
    const payload = `${MIXED}\n${'x'.repeat(2048)}`;
    let err: unknown;
    try {
      small.scrub(payload);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AgentGuardError);
    const e = err as AgentGuardError;
    expect(e.code).toBe('AG_ERR_INPUT_TOO_LARGE');
    expect(e.status).toBe(413);
    for (const s of SECRETS)
      expect(`${e.message} ${JSON.stringify(e.details)}`.includes(s.slice(0, 12))).toBe(false);
    expect(() => small.scrub(Buffer.from(payload))).toThrow(
      expect.objectContaining({ code: 'AG_ERR_INPUT_TOO_LARGE' }),
    );
    expect(() => small.scrubJson({ a: [payload] })).toThrow(
      expect.objectContaining({ code: 'AG_ERR_INPUT_TOO_LARGE' }),
    );
    // exactly at the limit is fine
    expect(small.scrub('y'.repeat(1024)).status).toBe('clean');
  });

  it('counts multi-byte characters as UTF-8 bytes', () => {
    const small = createScrubber({ maxPayloadBytes: 1000, salt: 's' });
    expect(() => small.scrub('é'.repeat(600))).toThrow(
      expect.objectContaining({ code: 'AG_ERR_INPUT_TOO_LARGE' }),
    );
  });

  it('handles binary buffers, invalid UTF-8, NULs and lone surrogates without crashing', () => {
    const s = createScrubber({ salt: 's' });
    const junk = Buffer.from([
      0xff, 0xfe, 0x00, 0xc3, 0x28, 0xa0, 0xa1, 0xe2, 0x28, 0xa1, 0xf0, 0x90, 0x28, 0xbc,
    ]);
    const withToken = Buffer.concat([junk, Buffer.from(` ${GH} `), junk]);
    const r = s.scrub(withToken);
    expect(r.sanitized.includes(GH)).toBe(false);
    expect(r.redactionsCount).toBe(1);
    const lone = `a\uD800b ${GH} \uDC00\u0000\uFFFF end`;
    const r2 = s.scrub(lone);
    const tag = r2.redactions[0]!.tag;
    expect(r2.sanitized).toBe(`a\uD800b [REDACTED_GITHUB_KEY_${tag}] \uDC00\u0000\uFFFF end`);
    for (let n = 0; n < 50; n++) {
      const bytes = Buffer.alloc(512);
      for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919 + n * 104729) & 0xff;
      expect(() => s.scrub(bytes)).not.toThrow();
      expect(() => s.scrub(bytes.toString('latin1'))).not.toThrow();
    }
  });

  it('rejects a payload that is not a string with AG_ERR_INPUT_INVALID', () => {
    const s = createScrubber({ salt: 's' });
    expect(() => s.sanitize({ payload: 42 as unknown as string })).toThrow(
      expect.objectContaining({ code: 'AG_ERR_INPUT_INVALID' }),
    );
  });
});
