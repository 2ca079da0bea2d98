import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { runCaptured } from '../support/cli.js';
import { tempDir } from '../support/temp-dir.js';

let dir: string;
const env = (): Record<string, string> => ({ AGENT_GUARD_HOME_DIR: '/home/agent' });

async function cli(argv: string[], stdin = ''): Promise<{ code: number; out: string; err: string }> {
  const r = await runCaptured(runCli, argv, { stdin: Readable.from([stdin]), env: env(), cwd: dir });
  return { code: r.code, out: r.stdout, err: r.stderr };
}

beforeAll(() => {
  dir = tempDir('ag-cli-policy-');
  writeFileSync(
    join(dir, 'policy.yaml'),
    [
      'version: 1',
      'rules:',
      '  - id: TEAM-AST-001',
      '    reason: terraform destroy needs a human',
      '    suggested_alternative: terraform plan -destroy',
      '    match: { command: "terraform destroy*" }',
      'allow:',
      '  - rule: GIT-AST-001',
      '    command: "git reset --hard origin/*"',
      '',
    ].join('\n'),
  );
  writeFileSync(join(dir, 'broken.yaml'), 'version: 1\nallow:\n  - rule: GIT-AST-001\n    comand: x\n');
});

describe('--policy FILE', () => {
  it('validate reports the custom rule id through wrappers', async () => {
    const r = await cli([
      'validate',
      '--json',
      '--policy',
      'policy.yaml',
      '--',
      "bash -c 'env terraform destroy'",
    ]);
    expect(r.code).toBe(1);
    const wire = JSON.parse(r.out);
    expect(wire.rule_id).toBe('TEAM-AST-001');
    expect(wire.suggested_alternative).toBe('terraform plan -destroy');
  });

  it('validate honours an allow entry scoped to one pattern', async () => {
    expect(
      (await cli(['validate', '--policy', 'policy.yaml', '--', 'git reset --hard origin/main'])).code,
    ).toBe(0);
    expect((await cli(['validate', '--policy', 'policy.yaml', '--', 'git reset --hard HEAD~2'])).code).toBe(
      1,
    );
  });

  it.each([['validate'], ['explain']])(
    '%s refuses a malformed file with exit 2 naming key and line',
    async (cmd) => {
      const r = await cli([cmd, '--policy', 'broken.yaml', '--', 'ls']);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/AG_ERR_POLICY_INVALID/);
      expect(r.err).toMatch(/broken\.yaml:4: allow\.0\.comand: unknown key "comand"/);
    },
  );

  it('exec refuses a malformed file with exit 2 before running anything', async () => {
    const r = await cli(['exec', '--policy', 'broken.yaml', '--', 'true']);
    expect(r.code).toBe(2);
  });
});

describe('agent-guard explain', () => {
  it('shows facts, the matching rule with its pack, the decision and an allow entry; exit 1', async () => {
    const r = await cli(['explain', '--', 'sudo env git-reset --hard']);
    expect(r.code).toBe(1);
    expect(r.out).toContain('run   git reset --hard (via env)');
    expect(r.out).toMatch(/GIT-AST-001 \[core\.git\] NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE: MATCH/);
    expect(r.out).toContain('decision: DENY by GIT-AST-001');
    expect(r.out).toContain('  - rule: GIT-AST-001\n    command: "git reset --hard"');
  });

  it('says which allow entry lifted a finding; exit 0', async () => {
    const r = await cli(['explain', '--policy', 'policy.yaml', '--', 'git -C app reset --hard origin/main']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('lifted by allow {rule: GIT-AST-001, command: "git reset --hard origin/*"}');
    expect(r.out).toContain('decision: ALLOW');
  });

  it('--json carries decision, facts and rules', async () => {
    const r = await cli(['explain', '--json', '--', 'kubectl delete ns prod']);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.out) as {
      decision: { rule_id: string };
      facts: unknown[];
      rules: { rule_id: string }[];
    };
    expect(out.decision.rule_id).toBe('K8S-AST-001');
    expect(out.facts[0]).toMatchObject({ kind: 'exec', argv: ['kubectl', 'delete', 'ns', 'prod'] });
    expect(out.rules.find((x) => x.rule_id === 'K8S-AST-001')).toMatchObject({
      pack: 'kubernetes',
      matched: true,
    });
  });

  it('exits 0 for a read-only command', async () => {
    expect((await cli(['explain', '--', 'git status'])).code).toBe(0);
  });
});
