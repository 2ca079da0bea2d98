import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.js';
import { isAgentGuardError } from '../../src/errors.js';
import { parsePolicy } from '../../src/policy/load.js';
import { testEngine } from '../helpers/engine.js';
import { tempDir } from '../support/temp-dir.js';

const POLICY = `version: 1
packs: { disable: [cloud.*, kubernetes], enable: [cloud.aws] }
rules:
  - id: TEAM-AST-001
    reason: terraform destroy needs a human
    suggested_alternative: terraform plan -destroy
    match: { command: "terraform destroy*" }
  - id: TEAM-AST-002
    reason: the billing database is off limits
    invariant: NO_DESTRUCTIVE_SQL
    match: { host: "billing.*" }
allow:
  - rule: GIT-AST-001
    command: "git reset --hard origin/*"
  - rule: SH-AST-020
    command: "sudo apt-get *"
  - rule: GIT-AST-003
    command: "git clean -fdx"
    cwd: "/srv/scratch/**"
`;

const decide = (engine: Engine, text: string) => engine.evaluate({ text, runtime: 'bash' }).decision;
const ids = (engine: Engine, text: string) => decide(engine, text).findings.map((f) => f.ruleId);

describe('policy file', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await testEngine({ policyRules: parsePolicy(POLICY, 'policy.yaml') });
  });

  it.each([
    ['terraform destroy -auto-approve'],
    ["bash -c 'env terraform destroy'"],
    ['sudo -u ops terraform destroy'],
  ])('a custom rule matches each run at any depth: %s', (text) => {
    const d = decide(engine, text);
    expect(d.allowed).toBe(false);
    const f = d.findings.find((x) => x.ruleId === 'TEAM-AST-001');
    expect(f?.reason).toBe('terraform destroy needs a human');
    expect(f?.suggestedAlternative).toBe('terraform plan -destroy');
    expect(f?.threatType).toBe('FS_ABUSE');
  });

  it('a custom rule matches hosts and reports under its invariant', () => {
    const d = decide(engine, 'curl https://billing.internal.example/api');
    expect(d.findings[0]?.ruleId).toBe('TEAM-AST-002');
    expect(d.threatType).toBe('SQL_DESTRUCTION');
  });

  it('an allow entry lifts only the runs its glob matches', () => {
    expect(decide(engine, 'git reset --hard origin/main').allowed).toBe(true);
    expect(decide(engine, 'git -C app reset --hard origin/main').allowed).toBe(true);
    expect(ids(engine, 'git reset --hard HEAD~1')).toContain('GIT-AST-001');
    expect(ids(engine, "bash -c 'git reset --hard origin/x; git reset --hard HEAD~3'")).toContain(
      'GIT-AST-001',
    );
  });

  it('sudo stays denied except for the programs the policy names', () => {
    expect(decide(engine, 'sudo apt-get install -y jq').allowed).toBe(true);
    expect(ids(engine, 'sudo rm /var/log/x.log')).toContain('SH-AST-020');
    expect(ids(engine, "bash -c 'sudo apt-get update; sudo chmod 4755 /bin/x'")).toContain('SH-AST-020');
  });

  it('an allow entry with cwd applies only in that workspace', async () => {
    expect(ids(engine, 'git clean -fdx')).toContain('GIT-AST-003');
    const scratch = await testEngine({
      config: { workspaceRoot: '/srv/scratch/job1' },
      policyRules: parsePolicy(POLICY, 'policy.yaml'),
    });
    expect(decide(scratch, 'git clean -fdx').allowed).toBe(true);
  });

  it('disabled packs do not run; enable wins over a wildcard disable', () => {
    expect(decide(engine, 'kubectl delete namespace staging').allowed).toBe(true);
    expect(decide(engine, 'gcloud projects delete p').allowed).toBe(true);
    expect(ids(engine, 'aws s3 rb s3://b --force')).toContain('AWS-AST-001');
    expect(engine.policy.rules?.disabledPacks).toEqual(['cloud.azure', 'cloud.gcp', 'kubernetes']);
  });

  it('still counts 15 invariants', () => {
    expect(decide(engine, 'ls').invariantsChecked).toBe(15);
  });
});

describe('policy reload', () => {
  it('swaps the policy and the cache together: no decision made under the old file is served', async () => {
    const engine = await testEngine({ config: { cacheEntries: 100 } });
    const text = 'git reset --hard origin/main';
    expect(decide(engine, text).allowed).toBe(false);
    expect(engine.evaluate({ text, runtime: 'bash' }).cached).toBe(true);
    const before = engine.policy.digest;
    engine.reloadPolicy(parsePolicy(POLICY, 'policy.yaml'));
    expect(engine.policy.digest).not.toBe(before);
    const after = engine.evaluate({ text, runtime: 'bash' });
    expect(after.cached).toBe(false);
    expect(after.decision.allowed).toBe(true);
    engine.reloadPolicy(undefined);
    expect(decide(engine, text).allowed).toBe(false);
    expect(engine.policy.digest).toBe(before);
  });

  it('reads config.policyFile at build time', async () => {
    const dir = tempDir('ag-policy-');
    writeFileSync(join(dir, 'policy.json'), JSON.stringify({ version: 1, packs: { disable: ['core.git'] } }));
    const engine = await testEngine({ config: { policyFile: 'policy.json' }, defaults: { cwd: dir } });
    expect(engine.policyFile).toBe(join(dir, 'policy.json'));
    expect(decide(engine, 'git push --force').allowed).toBe(true);
  });
});

describe('malformed policy files are refused with key and line', () => {
  const refused = (text: string): string => {
    try {
      parsePolicy(text, 'p.yaml');
    } catch (err) {
      if (isAgentGuardError(err) && err.code === 'AG_ERR_POLICY_INVALID') return err.message;
      throw err;
    }
    throw new Error('accepted');
  };

  it.each([
    ['version: 1\nrulez: []\n', /p\.yaml:2: rulez: unknown key "rulez"/],
    [
      'version: 1\nallow:\n  - rule: GIT-AST-001\n    comand: "git x"\n',
      /p\.yaml:4: allow\.0\.comand: unknown key/,
    ],
    [
      'version: 1\nrules:\n  - id: TEAM-AST-001\n    reason: r\n    match: { command: "a [b" }\n',
      /p\.yaml:5: rules\.0\.match\.command.*unclosed \[/,
    ],
    [
      'version: 1\nallow:\n  - rule: GIT-AST-999\n',
      /p\.yaml:3: allow\.0\.rule: unknown rule id "GIT-AST-999"/,
    ],
    ['version: 1\npacks: { disable: [core.engine] }\n', /cannot be disabled/],
    ['version: 1\npacks: { disable: [cloud.aws2] }\n', /unknown pack "cloud\.aws2"/],
    ['version: 2\n', /p\.yaml:1: version/],
    [
      'version: 1\nrules:\n  - id: GIT-AST-100\n    reason: r\n    match: { command: x }\n',
      /reserved for built-in rules/,
    ],
    ['version: 1\nallow:\n  - rule: ENG-AST-000\n', /cannot be allowed/],
    ['version: 1\nrules: [\n', /p\.yaml:\d+: \(syntax\)/],
    [
      'version: 1\nrules:\n  - id: TEAM-AST-001\n    reason: r\n    match: {}\n',
      /match needs at least one key/,
    ],
  ])('%j', (text, want) => {
    expect(refused(text)).toMatch(want);
  });
});

describe('the library', () => {
  it('createGuard reads engine.policyFile', async () => {
    const { createGuard } = await import('../../src/library/create-guard.js');
    const dir = tempDir('ag-lib-policy-');
    writeFileSync(join(dir, 'policy.yaml'), POLICY);
    const guard = await createGuard({
      engine: { policyFile: join(dir, 'policy.yaml'), workspaceRoot: '/work/ws', homeDir: '/home/agent' },
    });
    try {
      const r = guard.validate({ command: "bash -c 'env terraform destroy'" });
      expect(r.allowed).toBe(false);
      expect(r.ruleId).toBe('TEAM-AST-001');
      expect(guard.validate({ command: 'git reset --hard origin/main' }).allowed).toBe(true);
    } finally {
      await guard.close();
    }
  });
});
