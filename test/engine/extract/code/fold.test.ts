/** The string and byte folding shared by the python and node call tables. */
import { describe, expect, it } from 'vitest';
import {
  codesText,
  dottedQuad,
  jsonVal,
  swapCase,
  templateSubstitute,
  titleCase,
} from '../../../../src/engine/extract/code/fold.js';
import { charByName } from '../../../../src/engine/extract/code/strings.js';
import { concat, constText, strVal, UNKNOWN, type Val } from '../../../../src/engine/extract/code/value.js';

const num = (n: number): Val => ({ ...UNKNOWN, dynamic: false, num: n });

describe('fold', () => {
  it.each([
    [[114, 109], true, 'rm'],
    [[0xe2, 0x82, 0xac], true, '€'],
    [[0xff], true, null],
    [[300], true, null],
    [[0x1f600], false, '😀'],
  ] as const)('codesText(%j, bytes=%s) is %j', (codes, bytes, want) => {
    expect(codesText(codes.map(num), bytes)).toBe(want);
  });

  it('an unknown byte leaves the text unknown', () => {
    expect(codesText([num(114), UNKNOWN], true)).toBeNull();
  });

  it.each([
    [2852039166, '169.254.169.254'],
    [2130706433, '127.0.0.1'],
    [-1, undefined],
    [2 ** 32, undefined],
  ])('dottedQuad(%d)', (n, want) => {
    const v = dottedQuad(n);
    expect(v === undefined ? undefined : constText(v)).toBe(want);
  });

  it('jsonVal gives fields, items, strings and numbers; bad JSON gives nothing', () => {
    const v = jsonVal(strVal('{"c": "rm -rf ~", "n": [1, "x"]}'))!;
    expect(constText(v.fields!.get('c'))).toBe('rm -rf ~');
    expect(v.fields!.get('n')!.items!.map((i) => i.num ?? constText(i))).toEqual([1, 'x']);
    expect(jsonVal(strVal('{oops'))).toBeUndefined();
    expect(jsonVal(UNKNOWN)).toBeUndefined();
  });

  it.each([
    ['hello wORLD', titleCase, 'Hello World'],
    ['Rm -RF', swapCase, 'rM -rf'],
  ])('%s', (s, f, want) => {
    expect(f(s)).toBe(want);
  });

  it('templateSubstitute fills $name and ${name}, keeps $$ and unknown names', () => {
    const out = templateSubstitute('$c -rf ${d} $$ $e', (n) =>
      n === 'c' ? strVal('rm') : n === 'd' ? strVal('~') : undefined,
    );
    expect(constText(concat(out))).toBe('rm -rf ~ $ $e');
  });

  it.each([
    ['LATIN SMALL LETTER R', 'r'],
    ['latin capital letter q', 'Q'],
    ['DIGIT SEVEN', '7'],
    ['HYPHEN-MINUS', '-'],
    ['TILDE', '~'],
    ['SNOWMAN', undefined],
  ])('charByName(%s)', (name, want) => {
    expect(charByName(name)).toBe(want);
  });
});
