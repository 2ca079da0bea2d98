// Regression: turning shell history off (`export HISTFILE=/dev/null`, `unset HISTFILE`, `HISTSIZE=0`)
// produced no fact, so FS-AST-023 (audit-trail tampering) could not see it.
import { describe, expect, it } from 'vitest';
import { bashRuleIds } from '../helpers/engine.js';

const rules = bashRuleIds();

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
