/**
 * "Everything else arrives": compares what the agent sent with what the upstream received. Same
 * shape, same keys in the same order, same non-string values; a string may differ only where the
 * original held a test secret, which must have become a redaction marker. JSON text inside a string
 * (tool-call arguments) is compared the same way after parsing.
 */
import { expect } from 'vitest';
import { SECRETS } from './helpers.js';

const MARKER = String.raw`\[REDACTED_[A-Za-z0-9_]+\]`;

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function stringMatches(sent: string, got: string): boolean {
  if (sent === got) return true;
  let pattern = escape(sent);
  for (const secret of Object.values(SECRETS)) pattern = pattern.split(escape(secret)).join(MARKER);
  return new RegExp(`^${pattern}$`).test(got);
}

export function expectEquivalent(sent: unknown, got: unknown, path = '$'): void {
  if (typeof sent === 'string') {
    expect(typeof got, path).toBe('string');
    const g = got as string;
    if (stringMatches(sent, g)) return;
    // JSON text (arguments): compare parsed
    let a: unknown;
    let b: unknown;
    try {
      a = JSON.parse(sent);
      b = JSON.parse(g);
    } catch {
      expect.fail(
        `${path}: ${JSON.stringify(g).slice(0, 200)} is not ${JSON.stringify(sent).slice(0, 200)} with secrets redacted`,
      );
    }
    expectEquivalent(a, b, `${path}(json)`);
    return;
  }
  if (Array.isArray(sent)) {
    expect(Array.isArray(got), path).toBe(true);
    expect((got as unknown[]).length, path).toBe(sent.length);
    sent.forEach((v, i) => expectEquivalent(v, (got as unknown[])[i], `${path}[${i}]`));
    return;
  }
  if (sent !== null && typeof sent === 'object') {
    expect(got !== null && typeof got === 'object' && !Array.isArray(got), path).toBe(true);
    expect(Object.keys(got as object), path).toEqual(Object.keys(sent));
    for (const [k, v] of Object.entries(sent))
      expectEquivalent(v, (got as Record<string, unknown>)[k], `${path}.${k}`);
    return;
  }
  expect(got, path).toBe(sent);
}
