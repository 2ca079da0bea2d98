/** K8S-AST-002: helm uninstall (delete, del, un) removes a release and its objects from the cluster. */
import { defineRule } from '../define-rule.js';
import { asksHelp, execHits, hasOption, positionals } from '../command-line.js';

const UNINSTALL = new Set(['uninstall', 'delete', 'del', 'un']);

export default defineRule({
  id: 'K8S-AST-002',
  invariant: 'NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE',
  pack: 'kubernetes',
  kinds: ['exec'],
  programs: ['helm'],
  summary: 'helm uninstall removes a release and every object it created.',
  remediationHint:
    'Removing a release needs a human. Show it with helm status <release> and helm get manifest <release>, and ask.',
  *check(facts) {
    yield* execHits(facts, (words) => {
      if (words[0] !== 'helm' || asksHelp(words.slice(1)) || hasOption(words.slice(1), '', '--dry-run'))
        return null;
      const verb = positionals(words.slice(1))[0];
      return verb !== undefined && UNINSTALL.has(verb)
        ? `helm ${verb} removes a release from the cluster`
        : null;
    });
  },
  examples: {
    deny: [
      { input: 'helm uninstall web' },
      { input: 'helm delete web --purge' },
      { input: 'helm un web -n prod' },
    ],
    allow: [
      { input: 'helm list -A', why: 'reads' },
      { input: 'helm template ./chart', why: 'renders locally' },
      { input: 'helm uninstall web --dry-run', why: 'dry run' },
    ],
  },
});
