import { describe, expect, it } from 'vitest';
import { parseJsonBody } from '../../src/http/body.js';
import { isAgentGuardError } from '../../src/errors.js';

const limits = { maxBytes: 1 << 20, maxDepth: 64 };

function codeOf(bytes: Buffer): string | undefined {
  try {
    parseJsonBody(bytes, limits);
    return undefined;
  } catch (err) {
    return isAgentGuardError(err) ? err.code : 'not an AgentGuardError';
  }
}

/** The reference for strict UTF-8: what the WHATWG decoder refuses. */
const strict = new TextDecoder('utf-8', { fatal: true });
function strictDecodes(bytes: Uint8Array): boolean {
  try {
    strict.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

describe('parseJsonBody', () => {
  it.each<[string, number[]]>([
    ['a lone continuation byte', [0x80]],
    ['an overlong slash', [0xc0, 0xaf]],
    ['a truncated three-byte sequence', [0xe2, 0x82]],
    ['a UTF-16 surrogate encoded as UTF-8', [0xed, 0xa0, 0x80]],
    ['a code point above U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
    ['a 0xFF byte', [0xff]],
  ])('refuses %s inside a string with AG_ERR_API_BAD_ENCODING', (_name, bad) => {
    const bytes = Buffer.concat([Buffer.from('{"command":"ls '), Buffer.from(bad), Buffer.from('"}')]);
    expect(codeOf(bytes)).toBe('AG_ERR_API_BAD_ENCODING');
  });

  it('decodes multi-byte text', () => {
    const value = { command: 'echo héllo 日本 😀' };
    expect(parseJsonBody(Buffer.from(JSON.stringify(value)), limits)).toEqual(value);
  });

  it('skips a leading byte order mark, as a WHATWG decoder does', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"command":"ls"}')]);
    expect(parseJsonBody(bytes, limits)).toEqual({ command: 'ls' });
  });

  it('agrees with a strict decoder on which byte strings are UTF-8 (differential, seeded)', () => {
    let seed = 12345;
    const next = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const alphabet = [
      0x41, 0x80, 0xbf, 0xc2, 0xc0, 0xe0, 0xe2, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xa0, 0x9f, 0x90,
    ];
    for (let i = 0; i < 3000; i++) {
      const bytes = Buffer.from(
        Array.from({ length: 1 + (next() % 6) }, () => alphabet[next() % alphabet.length]!),
      );
      const body = Buffer.concat([Buffer.from('{"a":"'), bytes, Buffer.from('"}')]);
      const refused = codeOf(body) === 'AG_ERR_API_BAD_ENCODING';
      expect(refused, bytes.toString('hex')).toBe(!strictDecodes(body));
    }
  });

  it.each<[string, string, string]>([
    ['an empty body', '', 'AG_ERR_API_MALFORMED_JSON'],
    ['broken JSON', '{"command":', 'AG_ERR_API_MALFORMED_JSON'],
    ['a lone surrogate escape', '{"command":"\\ud800"}', 'AG_ERR_API_MALFORMED_JSON'],
    ['nesting past the limit', '['.repeat(65) + ']'.repeat(65), 'AG_ERR_JSON_TOO_DEEP'],
    ['20,000-deep arrays', '['.repeat(20000) + ']'.repeat(20000), 'AG_ERR_JSON_TOO_DEEP'],
    ['a duplicate member', '{"command":"ls","command":"rm -rf /"}', 'AG_ERR_JSON_DUPLICATE_KEY'],
    [
      'a duplicate spelled with an escape',
      '{"command":"ls","comm\\u0061nd":"x"}',
      'AG_ERR_JSON_DUPLICATE_KEY',
    ],
    ['a nested duplicate', '{"a":[{"b":1,"c":{"d":1,"d":2}}]}', 'AG_ERR_JSON_DUPLICATE_KEY'],
  ])('answers %s with %s', (_name, text, code) => {
    expect(codeOf(Buffer.from(text))).toBe(code);
  });
});
