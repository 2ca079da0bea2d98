/** K8S-AST-002: helm uninstall (delete, del, un) removes a release and its objects from the cluster. */
import { defineRule } from '../define-rule.js';
import { asksHelp, execHits, hasOption, positionals } from '../command-line.js';
import { ephemeralOnly } from '../../knowledge/ephemeral-names.js';

/** helm options that take a value as the next word. */
const WITH_VALUE = new Set([
  '-n',
  '--namespace',
  '--kube-context',
  '--kubeconfig',
  '--timeout',
  '--cascade',
  '--description',
]);

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
      const args = words.slice(1);
      const releases: string[] = [];
      for (let i = 0; i < args.length; i++)
        if (WITH_VALUE.has(args[i]!)) i++;
        else if (!args[i]!.startsWith('-')) releases.push(args[i]!);
      // One release named as a pull request's preview or a test run's (api-pr-1187), nothing named
      // production on the line: the preview's teardown (r11 fpd).
      if (releases.length === 2 && ephemeralOnly([releases[1]!]) && ephemeralOnly([releases[1]!, ...args]))
        return null;
      // No release named: helm refuses to run (a tool's bare `helm uninstall` whose release the
      // tool's own fields give is judged by the full line built from them, tool-call/cli.ts).
      if (releases.length < 2) return null;
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
      { input: 'helm uninstall api-pr-1187 -n prod' },
      { input: 'helm uninstall api-pr-1187 web' },
    ],
    allow: [
      { input: 'helm list -A', why: 'reads' },
      { input: 'helm template ./chart', why: 'renders locally' },
      { input: 'helm uninstall web --dry-run', why: 'dry run' },
      { input: 'helm uninstall api-pr-1187 -n previews', why: "one pull request's preview release" },
      { input: 'helm uninstall -n prod', why: 'no release named: helm refuses to run' },
    ],
  },
});
