import { describe, expect, it } from 'vitest';
import { listRuleFiles, renderRegistry } from '../../../scripts/generate-registry.js';
import type { RuleDefinition } from '../../../src/engine/invariants/define-rule.js';
import { fromFiles, RULES, validate } from '../../../src/engine/invariants/registry.js';

const rule = (id: string, invariant = 'NO_SHELL_BREAKOUT'): RuleDefinition =>
  ({
    id,
    invariant,
    summary: '',
    remediationHint: '',
    check: () => [],
    examples: { deny: [], allow: [] },
  }) as never;

describe('rule registry by discovery', () => {
  it('lists every rule file with the id its name announces, sorted', () => {
    expect(listRuleFiles(['sh-ast-002-b.ts', 'fs-ast-001-a.ts', 'README.md'])).toEqual([
      { file: 'fs-ast-001-a', id: 'FS-AST-001' },
      { file: 'sh-ast-002-b', id: 'SH-AST-002' },
    ]);
  });

  it.each(['helpers.ts', 'fs-001-x.ts', 'FS-AST-001-x.ts', 'fs-ast-1-x.ts'])(
    'refuses the stray file %s',
    (name) => {
      expect(() => listRuleFiles([name])).toThrow(/is not <prefix>-ast-<nnn>-<name>\.ts/);
    },
  );

  it('renders static imports the bundler can follow', () => {
    const text = renderRegistry([{ file: 'git-ast-001-reset-hard', id: 'GIT-AST-001' }]);
    expect(text).toContain("import gitAst001ResetHard from './rules/git-ast-001-reset-hard.js';");
    expect(text).toContain("['GIT-AST-001', gitAst001ResetHard],");
  });

  it('refuses a file whose rule carries another id', () => {
    expect(() => fromFiles([['FS-AST-001', rule('FS-AST-002')]])).toThrow(/defines FS-AST-002/);
  });

  it('keeps the module-load checks: unique, well-formed ids and known invariants', () => {
    expect(() => validate([rule('FS-AST-001'), rule('FS-AST-001')])).toThrow(/duplicate/);
    expect(() => validate([rule('XX-001')])).toThrow(/not <PREFIX>-AST-<nnn>/);
    expect(() => validate([rule('FS-AST-001', 'NO_SUCH')])).toThrow(/unknown invariant/);
  });

  it('holds one rule per file in the rules directory', () => {
    expect(RULES.map((r) => r.id)).toEqual(listRuleFiles().map((f) => f.id));
  });
});
