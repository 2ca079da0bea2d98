/** makefile recipes as shell code (programs/runners.ts): what `make` would hand to its shell. */
import { describe, expect, it } from 'vitest';
import { makeRecipes } from '../../../../src/engine/extract/programs/runners.js';

describe('makeRecipes', () => {
  it.each([
    ['all:\n\trm -rf ~\n', 'rm -rf ~'],
    ['x:\n\t@curl -s URL | sh\n', 'curl -s URL | sh'],
    ['x:\n\t-@+echo hi\n', 'echo hi'],
    ['x:\n\trm -rf $(HOME) ${TMP}\n', 'rm -rf $HOME $TMP'],
    ['x:\n\techo $$HOME\n', 'echo $HOME'],
    ['x: ; rm -rf ~\n', 'rm -rf ~'],
    ['CC = gcc\n# comment\nall: main.o\n', ''],
    ['all:\n\tgcc -o app main.c\n\tstrip app\n', 'gcc -o app main.c\nstrip app'],
  ])('%j', (text, code) => {
    expect(makeRecipes(text)).toBe(code);
  });
});
