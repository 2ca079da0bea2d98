/** GIT-AST-010: deleting a hosted repository (gh repo delete, glab repo delete). */
import { defineRule } from '../define-rule.js';
import { asksHelp, execHits, positionals } from '../command-line.js';
import { disposableOnly } from '../../knowledge/ephemeral-names.js';

export default defineRule({
  id: 'GIT-AST-010',
  invariant: 'NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE',
  pack: 'core.git',
  kinds: ['exec'],
  programs: ['gh', 'glab'],
  summary: 'gh repo delete / glab repo delete removes a hosted repository with its issues and history.',
  remediationHint:
    'Deleting a hosted repository is a human decision. Archive it instead (gh repo archive) or ask.',
  *check(facts) {
    yield* execHits(facts, (words) => {
      if ((words[0] !== 'gh' && words[0] !== 'glab') || asksHelp(words.slice(1))) return null;
      const [group, verb, repo] = positionals(words.slice(1));
      // A repository named as scratch (`jane/scratch-experiments`, `acme/tmp-sandbox`): throwaway work.
      if (repo !== undefined && disposableOnly([repo])) return null;
      return (group === 'repo' || group === 'project') && verb === 'delete'
        ? `${words[0]} ${group} delete removes a hosted repository`
        : null;
    });
  },
  examples: {
    deny: [
      { input: 'gh repo delete' },
      { input: 'gh repo delete myorg/myrepo --yes' },
      { input: 'glab repo delete grp/x' },
      { input: 'gh repo delete acme/prod-sandbox --yes' },
    ],
    allow: [
      { input: 'gh repo view', why: 'reads' },
      { input: 'gh pr list', why: 'reads' },
      { input: 'gh repo delete jane/scratch-experiments --yes', why: 'a repository named as scratch' },
    ],
  },
});
