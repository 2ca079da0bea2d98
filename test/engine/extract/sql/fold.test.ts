import { describe, expect, it } from 'vitest';
import { collectVars } from '../../../../src/engine/extract/sql/fold.js';
import { lexSql } from '../../../../src/engine/extract/sql/lexer.js';

/** `collectVars` on `text`'s tokens, with the number of token reads it made (a deterministic work count). */
function reads(text: string): { vars: ReturnType<typeof collectVars>; count: number; tokens: number } {
  const tokens = lexSql(text, { mysql: false }).tokens;
  let count = 0;
  const counted = new Proxy(tokens, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) count++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { vars: collectVars(counted), count, tokens: tokens.length };
}

describe('collectVars', () => {
  it('reads a declaration with a sized type', () => {
    expect(reads("DECLARE q varchar(100) := 'DROP TABLE t';").vars.get('q')).toBe('DROP TABLE t');
  });

  // `a OR ((((a OR ((((a ...`: each word pair looked for a type's `)` to the end of the text (6 s at the cap).
  it('reads each token a bounded number of times on unclosed brackets after word pairs', () => {
    const r = reads('SELECT 1 FROM t WHERE a = 1' + ' OR ((((a'.repeat(2_000));
    expect(r.count).toBeLessThan(40 * r.tokens);
  });
});
