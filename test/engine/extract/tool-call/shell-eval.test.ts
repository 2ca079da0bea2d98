/** A Mongo shell tool's script as its mongosh line (src/engine/extract/tool-call/shell-eval.ts). */
import { describe, expect, it } from 'vitest';
import { fields, nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { shellEvalLines } from '../../../../src/engine/extract/tool-call/shell-eval.js';

const lines = (name: string, args: Record<string, unknown>): string[] =>
  shellEvalLines(nameWords(name), fields(args)).map((c) => c.code);

describe('shellEvalLines', () => {
  it('reads the script as mongosh --eval', () => {
    expect(lines('mongo_shell', { uri: 'mongodb://db', eval: 'db.dropDatabase()' })).toEqual([
      "mongosh mongodb://db --eval 'db.dropDatabase()'",
    ]);
  });
  it('gives nothing without a script or a Mongo name', () => {
    expect(lines('mongo_shell', { uri: 'mongodb://db' })).toEqual([]);
    expect(lines('run_script', { eval: 'db.dropDatabase()' })).toEqual([]);
  });
});
