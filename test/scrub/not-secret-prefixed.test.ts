// The placeholder check for tokens behind a vendor prefix (src/scrub/not-secret.ts,
// prefixedNotSecretReason): filler is judged by the random body it leaves.
import { describe, expect, it } from 'vitest';
import {
  notSecretReason,
  PREFIXED_NOT_SECRET_EXAMPLES,
  prefixedNotSecretReason,
} from '../../src/scrub/not-secret.js';

describe('prefixedNotSecretReason', () => {
  it.each(PREFIXED_NOT_SECRET_EXAMPLES.map((e) => [e.value, e.prefix, e.reason, e.why] as const))(
    '%j (prefix %i) -> %s (%s)',
    (value, prefix, reason) => {
      expect(prefixedNotSecretReason(value, prefix)).toBe(reason);
    },
  );

  it('is never stricter than the shared check', () => {
    for (const e of PREFIXED_NOT_SECRET_EXAMPLES)
      if (notSecretReason(e.value) === null) expect(prefixedNotSecretReason(e.value, e.prefix)).toBeNull();
  });
});
