/** IAC-AST-003: pulumi destroy / stack rm, cdk destroy, cdktf destroy, serverless remove, sam delete. */
import { defineRule } from '../define-rule.js';
import { asksHelp, execHits, positionals } from '../command-line.js';
import { oneDisposable } from '../../knowledge/ephemeral-names.js';

/** Options naming the stack or stage a destroy removes. */
const STACK_OPTION = /^(?:-s|--stack|--stage|--stack-name)$/;

/**
 * The one stack a destroy names (`--stack acme/pr-1432`, `--stage pr-88`, `cdk destroy Api-pr-1432`),
 * when it is named as one pull request's preview or a test run's and nothing on the line names
 * production: the preview's teardown (lead decision R16, as IAC-AST-001's preview stacks).
 */
function previewStack(args: readonly string[], verbs: number): boolean {
  const named: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const eq = /^(--stack|--stage|--stack-name)=(.+)$/.exec(args[i]!);
    if (eq !== null) named.push(eq[2]!);
    else if (STACK_OPTION.test(args[i]!) && args[i + 1] !== undefined) named.push(args[++i]!);
  }
  named.push(...positionals(args.filter((_, i) => !STACK_OPTION.test(args[i - 1] ?? ''))).slice(verbs));
  return oneDisposable([...new Set(named)], args);
}

function destroys(words: readonly string[]): string | null {
  const args = words.slice(1);
  if (asksHelp(args)) return null;
  const [verb, action] = positionals(args);
  const verbs = verb === 'stack' ? 2 : 1;
  if (
    /^(?:destroy|down|remove|delete|stack)$/.test(verb ?? '') &&
    (verb !== 'stack' || action === 'rm' || action === 'remove') &&
    previewStack(args, verbs)
  )
    return null;
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
      { input: 'pulumi destroy --stack acme/pr-1432 --stack acme/main --yes' },
      { input: 'pulumi destroy --stack acme/prod-pr-1432 --yes' },
      { input: 'cdk destroy Api-pr-1432 Database --force' },
    ],
    allow: [
      { input: 'pulumi preview', why: 'reads' },
      { input: 'cdk diff', why: 'reads' },
      { input: 'cdk synth', why: 'renders templates' },
      { input: 'pulumi destroy --stack acme/pr-1432 --yes', why: "one pull request's preview stack" },
      { input: 'serverless remove --stage pr-88', why: "one pull request's preview stage" },
    ],
  },
});
