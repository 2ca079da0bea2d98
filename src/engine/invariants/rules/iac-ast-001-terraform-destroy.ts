/**
 * IAC-AST-001: terraform / OpenTofu / terragrunt runs that destroy managed infrastructure or the
 * record of it: destroy, apply -destroy, state rm/push, workspace delete -force. plan (also
 * plan -destroy) only prints and stays allowed.
 */
import { defineRule } from '../define-rule.js';
import { asksHelp, execHits, hasOption, positionals } from '../command-line.js';
import { ephemeralOnly } from '../../knowledge/ephemeral-names.js';

/**
 * destroy limited by -target to resources named as one pull request's preview or a test run's
 * (-target=module.preview_pr_1187), nothing named production on the line: the preview's teardown.
 */
function ephemeralTargets(args: readonly string[]): boolean {
  const targets: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const eq = /^--?target=(.+)$/.exec(args[i]!);
    if (eq) targets.push(eq[1]!);
    else if (/^--?target$/.test(args[i]!) && args[i + 1] !== undefined) targets.push(args[++i]!);
  }
  return (
    targets.length > 0 && targets.every((t) => ephemeralOnly([t])) && ephemeralOnly([...targets, ...args])
  );
}

const TERRAFORMS = new Set(['terraform', 'tofu', 'terragrunt']);

function destroys(words: readonly string[]): string | null {
  if (!TERRAFORMS.has(words[0]!) || asksHelp(words.slice(1))) return null;
  const args = words.slice(1);
  const [verb, action] = positionals(args.filter((a) => !/^-chdir=/.test(a)));
  if ((verb === 'destroy' || (verb === 'apply' && hasOption(args, '', '-destroy'))) && ephemeralTargets(args))
    return null;
  if (verb === 'destroy') return `${words[0]} destroy deletes every resource it manages`;
  if (verb === 'apply' && hasOption(args, '', '-destroy'))
    return `${words[0]} apply -destroy deletes every resource it manages`;
  if (verb === 'state' && (action === 'rm' || action === 'push'))
    return `${words[0]} state ${action} rewrites the state, so resources are lost or orphaned`;
  // Without -force terraform refuses to delete a workspace that still tracks resources.
  if (verb === 'workspace' && action === 'delete' && hasOption(args, '', '-force', '--force'))
    return `${words[0]} workspace delete -force drops a workspace and the state of its resources`;
  if (verb === 'run-all' && (action === 'destroy' || action === 'apply'))
    return `${words[0]} run-all ${action} changes every module at once`;
  return null;
}

export default defineRule({
  id: 'IAC-AST-001',
  invariant: 'NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE',
  pack: 'iac',
  kinds: ['exec'],
  programs: [...TERRAFORMS],
  summary:
    'terraform/tofu destroy, apply -destroy, state rm/push or workspace delete removes infrastructure or its state.',
  remediationHint:
    'Destroying infrastructure needs a human. Show what would change with terraform plan -destroy (or terraform plan) and hand the plan over for review.',
  *check(facts) {
    yield* execHits(facts, (words) => destroys(words));
  },
  examples: {
    deny: [
      { input: 'terraform destroy' },
      { input: 'terraform destroy -auto-approve' },
      { input: 'terraform -chdir=infra destroy -target=aws_instance.web' },
      { input: 'terraform apply -destroy -auto-approve' },
      { input: 'terraform state rm aws_s3_bucket.logs' },
      { input: 'tofu destroy' },
      { input: "bash -c 'env terraform destroy'" },
      { input: 'terraform workspace delete -force staging' },
      { input: 'terraform destroy -target=module.preview_pr_1187 -target=module.db' },
      { input: 'terraform destroy -target=module.preview_pr_1187 -var-file=prod.tfvars' },
    ],
    allow: [
      { input: 'terraform plan', why: 'prints a plan' },
      { input: 'terraform plan -destroy', why: 'only shows what destroy would do' },
      { input: 'terraform init && terraform validate', why: 'no change to resources' },
      { input: 'terraform state list', why: 'reads the state' },
      { input: 'terraform fmt -recursive', why: 'formats files' },
      {
        input: 'terraform destroy -target=module.preview_pr_1187 -auto-approve',
        why: "only one pull request's preview module",
      },
      {
        input: 'terraform workspace delete staging',
        why: 'refused by terraform while the workspace tracks resources',
      },
    ],
  },
});
