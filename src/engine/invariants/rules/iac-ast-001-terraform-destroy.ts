/**
 * IAC-AST-001: terraform / OpenTofu / terragrunt runs that destroy managed infrastructure or the
 * record of it: destroy, apply -destroy, state rm/push, workspace delete -force. plan (also
 * plan -destroy) only prints and stays allowed.
 */
import { defineRule } from '../define-rule.js';
import { asksHelp, execHits, hasOption, normalisedArgv, positionals } from '../command-line.js';
import { PRODUCTION, ephemeralOnly } from '../../knowledge/ephemeral-names.js';
import type { ExecFact } from '../../facts.js';

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

/** A directory named as one pull request's preview or a test run's (`infra/previews/pr-1287`), plainly. */
const ephemeralDir = (dir: string): boolean =>
  !/(?:^|\/)\.\.(?:\/|$)|[*?`{}]|\$(?!PWD\b)/.test(dir) && ephemeralOnly([dir]);

/**
 * Where a run works, when the input puts it in a place named as one preview's or test run's before
 * it: the directory it enters (`cd infra/previews/pr-1287 && terraform destroy`, a tool's
 * working_dir, subprocess cwd=) or the workspace it selects (`terraform workspace select pr-1432`).
 * Every such place of the input is named so and none is entered after the run (R13/R14 twins, lead
 * decision R16: a pull request's preview stack torn down is everyday work).
 */
function inEphemeralPlace(exec: ExecFact, places: readonly Place[]): boolean {
  const here = places.filter((p) => p.exec.depth === exec.depth && p.exec !== exec);
  return (
    here.length > 0 &&
    places.every((p) => p.name !== undefined && ephemeralDir(p.name)) &&
    here.every((p) => p.exec.span.start <= exec.span.start)
  );
}

/** A directory entered or a terraform workspace selected; name undefined when it cannot be read. */
interface Place {
  readonly exec: ExecFact;
  readonly name: string | undefined;
}

function placeOf(exec: ExecFact, words: readonly string[]): Place | undefined {
  if (exec.program === 'cd') return { exec, name: words.length === 2 ? words[1] : undefined };
  if (!TERRAFORMS.has(words[0]!)) return undefined;
  const [verb, action, name, extra] = positionals(words.slice(1).filter((a) => !/^-chdir=/.test(a)));
  return verb === 'workspace' && (action === 'select' || action === 'new')
    ? { exec, name: extra === undefined ? name : undefined }
    : undefined;
}

function destroys(words: readonly string[], exec?: ExecFact, places: readonly Place[] = []): string | null {
  if (!TERRAFORMS.has(words[0]!) || asksHelp(words.slice(1))) return null;
  const args = words.slice(1);
  const [verb, action] = positionals(args.filter((a) => !/^-chdir=/.test(a)));
  if ((verb === 'destroy' || (verb === 'apply' && hasOption(args, '', '-destroy'))) && ephemeralTargets(args))
    return null;
  // The whole stack of a preview's own directory, nothing on the line named production (-chdir too).
  const chdir = args.flatMap((a) => /^-chdir=(.+)$/.exec(a)?.[1] ?? []);
  if (
    (verb === 'destroy' || (verb === 'apply' && hasOption(args, '', '-destroy'))) &&
    !args.some((a) => PRODUCTION.test(a)) &&
    chdir.every(ephemeralDir) &&
    (chdir.length > 0 || (exec !== undefined && inEphemeralPlace(exec, places)))
  )
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
  // `cd` is read only for the directory a destroy runs in.
  programs: [...TERRAFORMS, 'cd'],
  summary:
    'terraform/tofu destroy, apply -destroy, state rm/push or workspace delete removes infrastructure or its state.',
  remediationHint:
    'Destroying infrastructure needs a human. Show what would change with terraform plan -destroy (or terraform plan) and hand the plan over for review.',
  *check(facts) {
    const places = facts.of('exec').flatMap((e) => placeOf(e, normalisedArgv(e)) ?? []);
    yield* execHits(facts, (words, exec) => destroys(words, exec, places));
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
      { input: 'cd infra/previews/pr-1287 && terraform destroy -var-file=prod.tfvars' },
      { input: 'cd infra/previews/pr-1287 && cd ../../core && terraform destroy' },
      { input: 'cd infra/previews/pr-1287/../../core && terraform destroy -auto-approve' },
      { input: 'terraform destroy -auto-approve; cd infra/previews/pr-1287' },
      { input: 'cd infra/previews/pr-1287 && terraform -chdir=../../prod destroy' },
      { input: 'terraform -chdir=infra/core destroy -auto-approve' },
      { input: 'terraform workspace select pr-1432 && terraform workspace select prod && terraform destroy' },
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
        input: 'cd infra/previews/pr-1287 && terraform destroy -auto-approve',
        why: "one pull request's preview stack, in its own directory",
      },
      { input: 'terraform -chdir=infra/preview/pr-1182 destroy', why: "one pull request's preview stack" },
      {
        input: 'terraform workspace select pr-1432 && terraform destroy -auto-approve',
        why: "one pull request's preview workspace",
      },
      {
        input: 'terraform workspace delete staging',
        why: 'refused by terraform while the workspace tracks resources',
      },
    ],
  },
});
