/** Which argv words a program may run as code (code/argv-code.ts). */
import { describe, expect, it } from 'vitest';
import { codeWords } from '../../../../src/engine/extract/code/argv-code.js';
import { strVal } from '../../../../src/engine/extract/code/value.js';

/** The indexes of the words codeWords keeps for `words`. */
function kept(...words: string[]): number[] {
  const argv = words.map((w) => strVal(w));
  const out = codeWords(argv, words, words[0]!);
  return out.map((v) => argv.indexOf(v));
}

describe('codeWords', () => {
  it.each([
    ['a media tool reads its input as data', ['ffmpeg', '-i', 'U', 'out.mp4'], [0]],
    ['an image tool option ending in e is not a code option', ['convert', '-resize', '50%', 'U'], [0]],
    ['an unmodelled interpreter after -e', ['gforth', '-e', 'U'], [0, 2]],
    ['perl-style clusters (-le)', ['rakudo', '-le', 'U'], [0, 2]],
    ['--eval=CODE glued', ['guile', '--eval=U'], [0, 1]],
    ['--exec followed by its value', ['tool', '--exec', 'U'], [0, 1, 2]],
    ['a modelled program keeps every word', ['sh', '-c', 'U'], [0, 1, 2]],
    ['a modelled wrapper keeps every word', ['sudo', 'ffmpeg', 'U'], [0, 1, 2]],
    ['the program word alone', ['U'], [0]],
  ])('%s', (_name, words, want) => {
    expect(kept(...words)).toEqual(want);
  });
});
