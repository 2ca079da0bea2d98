/** AZ-AST-001: az `... delete` (resource groups, VMs, storage, ...), delete-batch and purge. */
import { defineRule } from '../define-rule.js';
import { asksHelp, execHits, positionals } from '../command-line.js';
import { oneDisposable } from '../../knowledge/ephemeral-names.js';

/** Options that name what a command acts on (`--name`, `-g`, `--account-name`). */
const NAME_OPTION = /^(?:-n|-g|--name|--resource-group|--[\w-]+-name)$/;

/**
 * One resource deleted (not a batch or a purge) whose `--name` marks it as one run's or a preview's
 * (`az group delete --name pr-1432-preview`), with no other name on the line for production.
 */
function disposable(args: readonly string[], verb: string): boolean {
  if (verb !== 'delete') return false;
  const named: string[] = [];
  const others: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const eq = /^(--[\w-]+)=(.*)$/.exec(args[i]!);
    const [opt, value] = eq !== null ? [eq[1]!, eq[2]!] : [args[i]!, args[i + 1]];
    if (!NAME_OPTION.test(opt) || value === undefined) continue;
    (opt === '-n' || opt === '--name' ? named : others).push(value);
  }
  return oneDisposable(named, [...others, ...args]);
}

/**
 * One blob, file or queue message deleted by its name (`az storage blob delete -c c -n x.csv`): an
 * item inside a container, as `aws s3 rm s3://b/key` is, not an Azure resource (fptc7 twin). A batch,
 * a glob or a pattern stays a resource-wide delete.
 */
function oneStorageItem(args: readonly string[], verbs: readonly string[], at: number): boolean {
  if (
    verbs[0] !== 'storage' ||
    verbs[at] !== 'delete' ||
    !/^(?:blob|file|message|entity)$/.test(verbs[at - 1] ?? '')
  )
    return false;
  const names = args.flatMap((a, i) => {
    const eq = /^(-n|--name|--path|--blob-name|--file-name)=(.*)$/.exec(a);
    if (eq !== null) return [eq[2]!];
    return /^(?:-n|--name|--path|--blob-name|--file-name)$/.test(a) && args[i + 1] !== undefined
      ? [args[i + 1]!]
      : [];
  });
  return names.length === 1 && !/[*?[\]{}]/.test(names[0]!) && !args.some((a) => /^--pattern\b/.test(a));
}

export default defineRule({
  id: 'AZ-AST-001',
  invariant: 'NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE',
  pack: 'cloud.azure',
  kinds: ['exec'],
  programs: ['az'],
  summary:
    'az ... delete (group delete, vm delete, storage ... delete-batch, purge) deletes Azure resources.',
  remediationHint:
    'Deleting Azure resources needs a human. List them first (az group list, az resource list) and ask.',
  *check(facts) {
    yield* execHits(facts, (words) => {
      if (words[0] !== 'az' || asksHelp(words.slice(1))) return null;
      const verbs = positionals(words.slice(1));
      const at = verbs.findIndex((v) => v === 'delete' || v === 'delete-batch' || v === 'purge');
      if (at > 0 && disposable(words.slice(1), verbs[at]!)) return null;
      if (at > 0 && oneStorageItem(words.slice(1), verbs, at)) return null;
      return at > 0 && at <= 4 ? `az ${verbs.slice(0, at + 1).join(' ')} deletes Azure resources` : null;
    });
  },
  examples: {
    deny: [
      { input: 'az group delete --name rg-prod --yes' },
      { input: 'az vm delete -g rg -n vm1 --yes' },
      { input: 'az storage blob delete-batch --source c --account-name a' },
      { input: 'az keyvault purge --name kv' },
      { input: "az storage blob delete --account-name a -c backups -n 'db-*.bak'" },
      { input: 'az group delete --name pr-1432-preview --subscription prod --yes' },
    ],
    allow: [
      { input: 'az group list', why: 'reads' },
      { input: 'az vm show -g rg -n vm1', why: 'reads' },
      { input: 'az group delete --name pr-1432-preview --yes', why: "a pull request's preview group" },
      {
        input: 'az storage blob delete --account-name acmedevstore -c scratch -n export-8812.csv',
        why: 'one blob named, as aws s3 rm of one key',
      },
    ],
  },
});
