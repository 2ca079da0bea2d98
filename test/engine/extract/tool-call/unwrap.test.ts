/** Payloads sent encoded read as the object they encode (src/engine/extract/tool-call/unwrap.ts). */
import { describe, expect, it } from 'vitest';
import { unwrapped } from '../../../../src/engine/extract/tool-call/unwrap.js';

const b64 = (v: unknown): string => Buffer.from(JSON.stringify(v)).toString('base64');

describe('unwrapped', () => {
  it('decodes base64 of a JSON object under any key', () => {
    expect(unwrapped({ function: 'f', blob: b64({ role: 'SUPER_ADMIN' }) })).toEqual({
      function: 'f',
      blob: { role: 'SUPER_ADMIN' },
    });
  });
  it('parses JSON text under a payload key, two levels down', () => {
    expect(unwrapped({ params: { payload: '{"a": 1}' } })).toEqual({ params: { payload: { a: 1 } } });
  });
  it('leaves documents an API takes as text, and the input itself when nothing is encoded', () => {
    const args = { policy: '{"Statement": []}', body: '{"type": "service_account"}', note: 'hello' };
    expect(unwrapped(args)).toBe(args);
    expect(unwrapped({ payload: b64('plain text') })).toEqual({ payload: b64('plain text') });
  });
});
