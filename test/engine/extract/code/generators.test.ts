/** Generator values: what a loop over an own generator function's call iterates. */
import { describe, expect, it } from 'vitest';
import { delegated, generatorOf } from '../../../../src/engine/extract/code/generators.js';
import { constText, holeVal, strVal, UNKNOWN, type Val } from '../../../../src/engine/extract/code/value.js';

describe('generators', () => {
  it.each([
    [['build'], ['build'], 'build', false],
    [['build', '~'], ['build', '~'], '~', true],
    [['/work/ws', '/'], ['/work/ws', '/'], '/', true],
    [['dist', 'dist'], ['dist', 'dist'], 'dist', false],
  ] as const)('yields %j: items %j, each %j (dynamic %s)', (texts, items, each, dynamic) => {
    const g = generatorOf(texts.map((t) => strVal(t)));
    expect(g.items?.map(constText)).toEqual(items);
    expect(g.each?.parts).toEqual([each]);
    expect(g.each?.dynamic).toBe(dynamic);
  });

  it('keeps only the riskiest as each past the item limit', () => {
    const many: Val[] = Array.from({ length: 40 }, (_, i) => strVal(`out${i}`));
    const g = generatorOf([...many, strVal('~')]);
    expect(g.items).toBeUndefined();
    expect(g.each?.parts).toEqual(['~']);
  });

  it.each([
    ['known items', { ...UNKNOWN, items: [strVal('a'), strVal('b')] }, ['a', 'b']],
    ['an iterable', { ...UNKNOWN, each: strVal('~/*') }, ['~/*']],
  ] as const)('yield from %s hands on its elements', (_name, it_, want) => {
    expect(delegated(it_).map(constText)).toEqual(want);
  });

  it('yield from an unknown value hands on one unknown element', () => {
    expect(delegated(holeVal('xs')).map(constText)).toEqual([null]);
  });
});
