// Regression: turning shell history off (`export HISTFILE=/dev/null`, `unset HISTFILE`, `HISTSIZE=0`)
// produced no fact, so FS-AST-023 (audit-trail tampering) could not see it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.js';
import { testEngine } from '../helpers/engine.js';

let engine: Engine;
beforeAll(async () => {
  engine = await testEngine({ config: { cacheEntries: 0 } });
});

const rules = (text: string): string[] =>
  engine.evaluate({ text, runtime: 'bash' }).decision.findings.map((f) => f.ruleId);

describe('history tampering', () => {
  it.each([
    'export HISTFILE=/dev/null',
    'unset HISTFILE',
    'HISTSIZE=0',
    'HISTFILESIZE=0; rm -f ./tmp.txt',
    "export HISTIGNORE='*'",
    'HISTFILE= bash',
    "bash -c 'unset HISTFILE; id'",
  ])('%s is denied by FS-AST-023', (text) => {
    expect(rules(text)).toContain('FS-AST-023');
  });

  it.each([
    'export HISTSIZE=5000',
    'HISTFILE=./.project_history bash',
    'unset HISTCONTROL',
    'echo $HISTFILE',
  ])('%s stays allowed', (text) => {
    expect(rules(text)).toEqual([]);
  });
});
