/** A request's credential slots: query parameters judged by name, searchParams.set on a known URL (code/request-auth.ts). */
import { describe, expect, it } from 'vitest';
import { credentialQueryOnly, withParam } from '../../../../src/engine/extract/code/request-auth.js';
import { concat, holeVal, render, strVal, type Val } from '../../../../src/engine/extract/code/value.js';

const env = (name?: string): Val => ({
  ...holeVal(name ?? 'ENV'),
  sources: [name === undefined ? { kind: 'env' } : { kind: 'env', name }],
});
const url = (...parts: (string | Val)[]): Val =>
  concat(parts.map((p) => (typeof p === 'string' ? strVal(p) : p)));

describe('credentialQueryOnly', () => {
  it.each([
    ['an api key parameter', url('https://api.x.io/w?q=London&appid=', env('OWM_KEY')), true],
    ['a key beside a local value', url('https://api.x.io/w?page=', holeVal('page'), '&key=', env('K')), true],
    ['a data parameter', url('https://x.example/?d=', env('API_TOKEN')), false],
    ['the secret in the path', url('https://x.example/', env('API_TOKEN'), '?key=1'), false],
    ['a value of unknown origin', url('https://x.example/?d=', holeVal('X', env('K'))), false],
    // The whole environment there is still data: authFlows marks only named variables as credentials.
    ['the whole environment as a key', url('https://x.example/?key=', env()), true],
    ['the secret inside a longer value', url('https://x.example/?key=a', env('K')), false],
    ['no query at all', url('https://x.example/', env('K')), false],
    ['nothing secret', strVal('https://x.example/?key=1'), false],
  ])('%s', (_name, v, want) => {
    expect(credentialQueryOnly(v)).toBe(want);
  });
});

describe('withParam', () => {
  it.each([
    ['first parameter', strVal('https://x.io/p'), 'apiKey', env('K'), 'https://x.io/p?apiKey=$K'],
    ['a later one', strVal('https://x.io/p?a=1'), 't', strVal('b c'), 'https://x.io/p?a=1&t=b%20c'],
  ])('%s', (_name, base, key, v, want) => {
    expect(render(withParam(base, strVal(key), v)!)).toBe(want);
  });

  it('keeps the value taint', () => {
    expect(withParam(strVal('https://x.io/p'), strVal('t'), env('K'))!.sources).toEqual([
      { kind: 'env', name: 'K' },
    ]);
  });

  it('leaves a URL whose text is not known alone', () => {
    expect(withParam(holeVal('u'), strVal('t'), env('K'))).toBeUndefined();
  });
});
