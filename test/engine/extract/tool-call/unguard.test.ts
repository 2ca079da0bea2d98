/** Settings read by what their keys mean (src/engine/extract/tool-call/unguard.ts). */
import { describe, expect, it } from 'vitest';
import { looseEntries, unguarding } from '../../../../src/engine/extract/tool-call/unguard.js';

describe('unguarding', () => {
  it.each<[string[], unknown]>([
    [['approval_policy'], 'never'],
    [['sandbox_mode'], 'danger-full-access'],
    [['autoAccept'], true],
    [['yes-always'], true],
    [['GOOSE_MODE'], 'auto'],
    [['agent', 'always_allow_tool_actions'], true],
    [['permission', 'bash'], 'allow'],
    [['permission', '*'], 'allow'],
    [['permissions', 'allow', '0'], 'Bash(*)'],
    [['permissions', 'defaultMode'], 'bypassPermissions'],
    [['security.workspace.trust.enabled'], false],
    [['chat.tools.autoApprove'], { '*': true }],
    [['experimental', 'autoApproveAllTools'], 'yes'],
    [['chat', 'terminal', 'confirmCommands'], false],
  ])('%j = %j unguards', (path, value) => {
    expect(unguarding(path, value)).not.toBeNull();
  });

  it.each<[string[], unknown]>([
    [['approval_policy'], 'on-request'],
    [['sandbox_mode'], 'workspace-write'],
    [['explorer.confirmDelete'], false],
    [['git.confirmSync'], false],
    [['permission', 'bash'], 'ask'],
    [['permission', 'edit'], 'allow'],
    [['auto-commits'], true],
    [['editor.formatOnSave'], true],
    [['theme', 'mode'], 'auto'],
    [['permissions', 'allow', '0'], 'Bash(npm test:*)'],
    [['agent', 'always_allow_tool_actions'], false],
  ])('%j = %j is ordinary', (path, value) => {
    expect(unguarding(path, value)).toBeNull();
  });
});

describe('looseEntries', () => {
  it('reads TOML sections and YAML nesting', () => {
    expect(looseEntries('model = "o4"\n[profiles.fast]\napproval_policy = "never" # quick\n')).toEqual([
      [['model'], 'o4'],
      [['profiles', 'fast', 'approval_policy'], 'never'],
    ]);
    expect(looseEntries('experimental:\n  autoApproveAllTools: true\nmodels:\n  - name: gpt\n')).toEqual([
      [['experimental', 'autoApproveAllTools'], true],
      [['models', 'name'], 'gpt'],
    ]);
  });
});
