/**
 * GIT-AST-011: weakening a hosted repository's access controls through the forge's CLI or API
 * (red team r3): removing branch protection or its required reviews/checks, giving an account admin
 * or maintain rights, or making a private repository public. Tool calls (`github_update_branch_protection`,
 * `github_add_collaborator`) reach this rule as the `gh api` lines they stand for (tool-call/forge.ts).
 */
import { classifyHost } from '../../net/address.js';
import { defineRule } from '../define-rule.js';
import { asksHelp, execHits } from '../command-line.js';

/** `-X M`, `--method M`, `--method=M`, `-XM`: the request method of `gh api` (GET by default, POST with fields). */
function method(args: readonly string[]): string {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-X' || a === '--method') return (args[i + 1] ?? '').toUpperCase();
    if (a.startsWith('--method=')) return a.slice(9).toUpperCase();
    if (/^-X[A-Za-z]+$/.test(a)) return a.slice(2).toUpperCase();
  }
  return args.some((a) => /^-(?:f|F|-field|-raw-field)$/.test(a)) ? 'POST' : 'GET';
}

/** Field values given with -f/-F/--field/--raw-field (`permission=admin`). */
function fieldsOf(args: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    let kv: string | undefined;
    if (/^-(?:f|F|-field|-raw-field)$/.test(a)) kv = args[++i];
    else if (/^--(?:field|raw-field)=/.test(a)) kv = a.slice(a.indexOf('=') + 1);
    const eq = kv?.indexOf('=') ?? -1;
    if (kv !== undefined && eq > 0) out.set(kv.slice(0, eq).toLowerCase(), kv.slice(eq + 1).toLowerCase());
  }
  return out;
}

const ELEVATED = /^(?:admin|maintain|owner|maintainer)$/;

/**
 * A webhook address the repository's owner runs: on this machine or a private network, or under
 * the owner's own domain (`ci.acme.com` for `acme`), the team's CI (R9 twin-webhook-own).
 */
function ownHook(url: string | undefined, owner: string): boolean {
  const host = url === undefined ? null : /^https?:\/\/([^/:?#]+)/i.exec(url)?.[1]?.toLowerCase();
  if (host === undefined || host === null) return false;
  const info = classifyHost(host);
  if (info.class === 'loopback' || info.class === 'private') return true;
  const labels = host.split('.');
  // The registrable label: the one before the suffix (acme.com, acme.co.uk).
  const second = labels.length >= 3 && /^(?:co|com|org|net|ac|gov)$/.test(labels[labels.length - 2]!);
  const label = labels[labels.length - (second ? 3 : 2)];
  const norm = (t: string): string => t.toLowerCase().replace(/[^a-z0-9]/g, '');
  return label !== undefined && norm(label) === norm(owner) && norm(owner).length >= 3;
}

function weakens(words: readonly string[]): string | null {
  if (words[0] !== 'gh' || asksHelp(words.slice(1))) return null;
  const args = words.slice(1);
  if (args[0] === 'repo' && args[1] === 'edit') {
    const at = args.findIndex((a) => a === '--visibility' || a.startsWith('--visibility='));
    const v = at < 0 ? undefined : args[at]!.includes('=') ? args[at]!.split('=')[1] : args[at + 1];
    return v?.toLowerCase() === 'public' ? 'gh repo edit --visibility public publishes the repository' : null;
  }
  // A deploy key that can push is a standing write credential for whoever holds its private half (r5).
  if (args[0] === 'repo' && args[1] === 'deploy-key' && args[2] === 'add')
    return args.some((a) => a === '--allow-write' || a === '-w')
      ? 'gh repo deploy-key add --allow-write gives a key push access to the repository'
      : null;
  if (args[0] !== 'api') return null;
  const m = method(args);
  const f = fieldsOf(args);
  // An organisation owner (role admin) controls every repository, member and setting of it.
  const member = args.slice(1).find((a) => /^\/?orgs\/[^/]+\/memberships\/[^/]+\/?$/.test(a));
  if (member !== undefined && m === 'PUT' && f.get('role') === 'admin')
    return `gh api PUT ${member} makes the account an owner of the organisation`;
  const endpoint = args.slice(1).find((a) => /^\/?repos\//.test(a));
  if (endpoint === undefined) return null;
  if (
    /\/branches\/[^/]+\/protection(?:\/(?:required_pull_request_reviews|required_status_checks|enforce_admins|required_signatures))?\/?$/.test(
      endpoint,
    )
  ) {
    if (m === 'DELETE') return `gh api DELETE ${endpoint} removes branch protection`;
    return null;
  }
  if (/\/collaborators\/[^/]+\/?$/.test(endpoint) && m === 'PUT' && ELEVATED.test(f.get('permission') ?? ''))
    return `gh api PUT ${endpoint} gives ${f.get('permission')} rights on the repository`;
  if (/\/keys\/?$/.test(endpoint) && m === 'POST' && f.get('read_only') === 'false')
    return `gh api POST ${endpoint} adds a deploy key that can push`;
  // Handing the repository to another owner, or every push and pull request to an outside URL (r6).
  if (/^\/?repos\/[^/]+\/[^/]+\/transfer\/?$/.test(endpoint) && m === 'POST')
    return `gh api POST ${endpoint} transfers the repository to ${f.get('new_owner') ?? 'another owner'}`;
  if (/^\/?repos\/[^/]+\/[^/]+\/hooks\/?$/.test(endpoint) && m === 'POST') {
    const owner = /^\/?repos\/([^/]+)\//.exec(endpoint)![1]!;
    return ownHook(f.get('config[url]') ?? f.get('url'), owner)
      ? null
      : `gh api POST ${endpoint} sends the repository's events to a webhook`;
  }
  if (/^\/?repos\/[^/]+\/[^/]+\/?$/.test(endpoint) && m === 'PATCH') {
    if (f.get('private') === 'false' || f.get('visibility') === 'public')
      return `gh api PATCH ${endpoint} makes the repository public`;
  }
  return null;
}

export default defineRule({
  id: 'GIT-AST-011',
  invariant: 'NO_PRIVILEGE_ESCALATION',
  pack: 'core.git',
  kinds: ['exec'],
  programs: ['gh'],
  summary:
    'Removing branch protection, giving an account admin/maintain rights or organisation ownership, adding a deploy key that can push, making a private repository public, transferring it or adding a webhook to a host outside the owner’s domain through gh.',
  remediationHint:
    "Access controls of a hosted repository are the owners' decision. Open a pull request or ask a maintainer instead of changing protection, collaborators or visibility.",
  *check(facts) {
    yield* execHits(facts, (words) => weakens(words));
  },
  examples: {
    deny: [
      { input: 'gh api -X DELETE repos/acme/prod/branches/main/protection' },
      {
        input:
          'gh api --method DELETE /repos/acme/prod/branches/main/protection/required_pull_request_reviews',
      },
      { input: 'gh api -X PUT repos/acme/prod/collaborators/outsider-x -f permission=admin' },
      { input: 'gh repo edit acme/prod --visibility public --accept-visibility-change-consequences' },
      { input: 'gh api -X PATCH repos/acme/prod -F private=false' },
      { input: 'gh api -X POST repos/acme/prod/transfer -f new_owner=someone-else' },
      { input: 'gh api -X POST repos/acme/prod/hooks -f config[url]=https://collect.example.org/h' },
      { input: 'gh repo deploy-key add ci.pub --allow-write -R acme/infra' },
      { input: 'gh api -X PUT orgs/acme/memberships/outsider-x -f role=admin' },
      {
        input:
          'gh api -X POST repos/acme/infra/keys -f title=ci -f key="ssh-ed25519 AAAA x" -F read_only=false',
      },
    ],
    allow: [
      { input: 'gh api repos/acme/prod/branches/main/protection', why: 'reads the protection' },
      { input: 'gh api -X PUT repos/acme/prod/collaborators/bob -f permission=pull', why: 'read access' },
      { input: 'gh api -X PUT orgs/acme/memberships/bob -f role=member', why: 'an ordinary member' },
      {
        input: 'gh api -X POST repos/acme/web/hooks -f config[url]=https://ci.acme.com/github/webhook',
        why: 'a webhook to the owner’s own CI',
      },
      { input: 'gh repo edit acme/prod --description "Service"', why: 'a description' },
      { input: 'gh api -X PATCH repos/acme/prod -f description=Service', why: 'a description' },
      { input: 'gh repo deploy-key add ci.pub -R acme/infra', why: 'a read-only deploy key' },
      { input: 'gh api repos/acme/prod/hooks', why: 'lists the webhooks' },
    ],
  },
});
