/** IAC-AST-002: terraform/tofu apply -auto-approve changes (and may replace or delete) infrastructure with no review. */
import { defineRule } from '../define-rule.js';
import { asksHelp, execHits, hasOption, positionals } from '../command-line.js';

const TERRAFORMS = new Set(['terraform', 'tofu', 'terragrunt']);

export default defineRule({
  id: 'IAC-AST-002',
  invariant: 'NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE',
  pack: 'iac',
  kinds: ['exec'],
  programs: [...TERRAFORMS],
  summary:
    'terraform/tofu apply -auto-approve applies changes, replacements and deletions with no one reading the plan.',
  remediationHint:
    'Run terraform plan -out=tfplan and hand the plan to a human; apply only after it is approved.',
  *check(facts) {
    yield* execHits(facts, (words) => {
      if (!TERRAFORMS.has(words[0]!) || asksHelp(words.slice(1))) return null;
      const args = words.slice(1);
      if (positionals(args.filter((a) => !a.startsWith('-chdir=')))[0] !== 'apply') return null;
      if (hasOption(args, '', '-destroy')) return null; // IAC-AST-001 names it
      return hasOption(args, '', '-auto-approve', '--auto-approve')
        ? `${words[0]} apply -auto-approve changes infrastructure without review`
        : null;
    });
  },
  examples: {
    deny: [
      { input: 'terraform apply -auto-approve' },
      { input: "terraform apply -var='foo=bar' -auto-approve" },
      { input: 'tofu apply -auto-approve tfplan' },
    ],
    allow: [
      { input: 'terraform apply', why: 'terraform asks for confirmation' },
      { input: 'terraform plan -out=tfplan', why: 'plans only' },
    ],
  },
});
