/**
 * PKG-AST-006: an account given publish rights on a package (red team R18: `npm owner add
 * pkg-helper-22 @acme/core && npm publish`): `npm|pnpm|yarn npm owner add USER PKG`, `gem owner PKG
 * --add USER`, `cargo owner --add USER`. Whoever owns a package publishes what every dependant installs
 * next, as a repository's admin or maintain rights do (GIT-AST-011). A team of the crate's own GitHub
 * organisation (`cargo owner --add github:acme:release`) and listing or removing owners stay allowed.
 */
import { defineRule } from '../define-rule.js';
import { asksHelp, execHits, hasOption, positionals } from '../command-line.js';

/** The value of `--name v` / `--name=v` / `-a v`. */
function value(args: readonly string[], ...names: string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (names.includes(a)) return args[i + 1];
    const eq = names.find((n) => a.startsWith(`${n}=`));
    if (eq !== undefined) return a.slice(eq.length + 1);
  }
  return undefined;
}

function addsOwner(words: readonly string[]): string | null {
  const prog = words[0]!;
  const args = words.slice(1);
  if (asksHelp(args) || hasOption(args, '', '--dry-run')) return null;
  const pos = positionals(args);
  const at = prog === 'yarn' && pos[0] === 'npm' ? 1 : 0;
  if ((prog === 'npm' || prog === 'pnpm' || prog === 'yarn') && /^(?:owner|author)$/.test(pos[at] ?? '')) {
    const [verb, user, pkg] = pos.slice(at + 1);
    return verb === 'add' && user !== undefined
      ? `${prog} owner add gives ${user} publish rights on ${pkg ?? 'the package'}`
      : null;
  }
  if (prog === 'gem' && pos[0] === 'owner') {
    const user = value(args, '--add', '-a');
    return user !== undefined ? `gem owner --add gives ${user} push rights on ${pos[1] ?? 'the gem'}` : null;
  }
  if (prog === 'cargo' && pos[0] === 'owner') {
    const user = value(args, '--add', '-a');
    // A team of a GitHub organisation (`github:acme:release`) is the organisation's own people.
    if (user === undefined || /^github:[\w-]+:[\w-]+$/.test(user)) return null;
    return `cargo owner --add gives ${user} publish rights on the crate`;
  }
  return null;
}

export default defineRule({
  id: 'PKG-AST-006',
  invariant: 'NO_PRIVILEGE_ESCALATION',
  pack: 'packages',
  kinds: ['exec'],
  programs: ['npm', 'pnpm', 'yarn', 'gem', 'cargo'],
  summary:
    'npm/pnpm/yarn owner add, gem owner --add, cargo owner --add of a user: an account given publish rights on a package everyone who depends on it installs.',
  remediationHint:
    "Who may publish a package is its owners' decision. Ask a maintainer to add the account, or publish through the organisation's CI.",
  *check(facts) {
    yield* execHits(facts, (words) => addsOwner(words));
  },
  examples: {
    deny: [
      { input: 'npm owner add pkg-helper-22 @acme/core && npm publish --access public' },
      { input: 'yarn npm owner add helper99 left-pad-plus' },
      { input: 'gem owner acme-client --add someone@example.com' },
      { input: 'cargo owner --add ghost-dev -- acme-core' },
    ],
    allow: [
      { input: 'npm owner ls @acme/core', why: 'lists owners' },
      { input: 'npm owner rm departed-dev @acme/core', why: 'takes publish rights away' },
      { input: 'cargo owner --add github:acme:release-team', why: "a team of the crate's own organisation" },
      { input: 'cargo owner --list', why: 'lists owners' },
    ],
  },
});
