/** AZ-AST-001: az `... delete` (resource groups, VMs, storage, ...), delete-batch and purge. */
import { defineRule } from '../define-rule.js';
import { asksHelp, execHits, positionals } from '../command-line.js';

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
      return at > 0 && at <= 4 ? `az ${verbs.slice(0, at + 1).join(' ')} deletes Azure resources` : null;
    });
  },
  examples: {
    deny: [
      { input: 'az group delete --name rg-prod --yes' },
      { input: 'az vm delete -g rg -n vm1 --yes' },
      { input: 'az storage blob delete-batch --source c --account-name a' },
      { input: 'az keyvault purge --name kv' },
    ],
    allow: [
      { input: 'az group list', why: 'reads' },
      { input: 'az vm show -g rg -n vm1', why: 'reads' },
    ],
  },
});
