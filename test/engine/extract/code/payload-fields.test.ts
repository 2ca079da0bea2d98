/** Egress literals of a request payload carry their key path only when they address a message. */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../../../src/engine/analyze.js';
import type { LiteralFact } from '../../../../src/engine/facts.js';

const limits = { maxInputBytes: 256 * 1024, maxDepth: 8 };

/** The field of the egress literal whose text is `text` (null when it has none). */
function fieldOf(code: string, text: string): string | null {
  const lit = analyze(code, 'python', limits).find(
    (f): f is LiteralFact => f.kind === 'literal' && f.text === text,
  );
  expect(lit?.egress).toBe(true);
  return lit?.field ?? null;
}

describe('egressPayload', () => {
  it.each([
    ['requests.post("https://m.acme.dev/e", json={"To": "jane@acme.dev"})', 'jane@acme.dev', 'To'],
    [
      'requests.post("https://m.acme.dev/e", json={"personalizations": [{"to": [{"email": "jane@acme.dev"}]}]})',
      'jane@acme.dev',
      'personalizations.0.to.0.email',
    ],
    [
      'requests.post("https://m.acme.dev/e", data={"cc": ["ann@acme.dev", "bob@acme.dev"]})',
      'bob@acme.dev',
      'cc.1',
    ],
    // Not under an addressing key, or not an address under one: payload.
    ['requests.post("https://c.example.org/c", json={"email": "jane@acme.dev"})', 'jane@acme.dev', null],
    [
      'requests.post("https://c.example.org/c", json={"to": "a@acme.dev", "text": "hello there"})',
      'hello there',
      null,
    ],
    [
      'requests.post("https://c.example.org/c", json={"from": {"email": "a@acme.dev", "password": "hunter2-hunter2"}})',
      'hunter2-hunter2',
      null,
    ],
  ])('%s: %s -> %s', (code, text, field) => {
    expect(fieldOf(`import requests\n${code}\n`, text)).toBe(field);
  });
});
