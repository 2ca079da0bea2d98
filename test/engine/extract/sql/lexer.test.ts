import { describe, expect, it } from 'vitest';
import { lexesOf, lexSql } from '../../../../src/engine/extract/sql/lexer.js';

describe('lexesOf', () => {
  it.each([
    "SELECT 'a' FROM t -- note\nWHERE b = 1;",
    'SELECT "Name" FROM t WHERE a = 1',
    "SELECT 'a\\'' ; DROP TABLE users; -- '",
    'SELECT 1 # comment\nFROM t',
    'SELECT 1 /*! DROP TABLE t */;',
  ])('gives each dialect the lex lexSql gives it: %s', (text) => {
    const lexes = lexesOf(text);
    expect(lexes(false)).toEqual(lexSql(text, { mysql: false }));
    expect(lexes(true)).toEqual(lexSql(text, { mysql: true }));
  });

  it('lexes once when the dialects read the text alike, twice otherwise', () => {
    const plain = lexesOf("UPDATE t SET a = 'x' WHERE id = 1; -- done");
    expect(plain(true)).toBe(plain(false));
    const quoted = lexesOf('SELECT "a" FROM t');
    expect(quoted(true)).not.toBe(quoted(false));
    expect(quoted(true)).toBe(quoted(true));
  });
});
