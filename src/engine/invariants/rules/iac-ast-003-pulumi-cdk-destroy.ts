/** IAC-AST-003: pulumi destroy / stack rm, cdk destroy, cdktf destroy, serverless remove, sam delete. */
import { defineRule } from '../define-rule.js';
import { asksHelp, execHits, positionals } from '../command-line.js';

function destroys(words: readonly string[]): string | null {
  const args = words.slice(1);
  if (asksHelp(args)) return null;
  const [verb, action] = positionals(args);
  switch (words[0]) {
    case 'pulumi':
      if (verb === 'destroy' || verb === 'down') return `pulumi ${verb} deletes every resource of the stack`;
      if (verb === 'stack' && (action === 'rm' || action === 'remove'))
        return 'pulumi stack rm deletes a stack';
      return null;
    case 'cdk':
    case 'cdktf':
      return verb === 'destroy' ? `${words[0]} destroy deletes the stack's resources` : null;
    case 'serverless':
    case 'sls':
      return verb === 'remove' ? `${words[0]} remove deletes the deployed service` : null;
    case 'sam':
      return verb === 'delete' ? 'sam delete deletes the deployed stack' : null;
    default:
      return null;
  }
}

export default defineRule({
  id: 'IAC-AST-003',
  invariant: 'NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE',
  pack: 'iac',
  kinds: ['exec'],
  programs: ['pulumi', 'cdk', 'cdktf', 'serverless', 'sls', 'sam'],
  summary:
    'pulumi destroy / stack rm, cdk destroy, serverless remove, sam delete remove deployed infrastructure.',
  remediationHint: 'Destroying a stack needs a human. Preview it (pulumi preview --diff, cdk diff) and ask.',
  *check(facts) {
    yield* execHits(facts, (words) => destroys(words));
  },
  examples: {
    deny: [
      { input: 'pulumi destroy --yes' },
      { input: 'pulumi stack rm dev' },
      { input: 'cdk destroy --force' },
      { input: 'npx cdk destroy MyStack' },
      { input: 'serverless remove --stage prod' },
    ],
    allow: [
      { input: 'pulumi preview', why: 'reads' },
      { input: 'cdk diff', why: 'reads' },
      { input: 'cdk synth', why: 'renders templates' },
    ],
  },
});
