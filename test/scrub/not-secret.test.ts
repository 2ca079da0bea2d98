// The shared "obviously not a secret" notion (src/scrub/not-secret.ts): each reason has examples,
// and secrets that resemble them stay candidates.
import { describe, expect, it } from 'vitest';
import { NOT_SECRET_EXAMPLES, namedPlaceholder, notSecretReason } from '../../src/scrub/not-secret.js';

describe('notSecretReason', () => {
  it.each(NOT_SECRET_EXAMPLES.map((e) => [e.value, e.reason, e.why] as const))(
    '%j -> %s (%s)',
    (value, reason) => {
      expect(notSecretReason(value)).toBe(reason);
    },
  );

  it('covers every reason with an example', () => {
    const reasons = new Set(NOT_SECRET_EXAMPLES.map((e) => e.reason));
    for (const r of [
      'empty',
      'marker',
      'template',
      'documentation key',
      'placeholder word',
      'repeated characters',
      'sequential run',
      null,
    ])
      expect(reasons.has(r), String(r)).toBe(true);
  });
});

describe('namedPlaceholder (command-line user:password documentation)', () => {
  it.each([
    ['password', true],
    ['Token', true],
    ['changeit', true],
    ['pass', true],
    ['passw0rd', false],
    ['tokens4me', false],
    ['hunter2', false],
  ] as const)('%j -> %s', (value, want) => {
    expect(namedPlaceholder(value)).toBe(want);
  });
});
