/**
 * Forge tools that change a hosted repository's access controls, rewritten as the `gh` lines they
 * stand for so GIT-AST-011 judges them (red team r3, issue #22): branch protection removed or
 * emptied (no reviews and no status checks, force pushes or deletions allowed), a collaborator given
 * admin/maintain rights, an existing repository made public. Creating a public repository is not.
 */
import { publicContent } from '../../knowledge/public-content.js';
import { sameOrganisation } from './target-loss.js';
import { any, bash, has, quote, str, type CliEquivalent } from './cli.js';

const falsy = (v: unknown): boolean =>
  v === null || v === false || (typeof v === 'string' && /^(?:false|none|null)$/i.test(v));

function repoOf(f: Map<string, unknown>): string {
  const repo =
    str(f, 'repo', 'repository', 'full_name', 'repo_name', 'project', 'project_id', 'repos') ?? 'repo';
  const owner = str(f, 'owner', 'org', 'organization', 'namespace', 'user');
  return owner !== undefined && !repo.includes('/') ? `${owner}/${repo}` : repo;
}

function protection(w: readonly string[], f: Map<string, unknown>): CliEquivalent | undefined {
  if (!has(w, 'protection', 'protections', 'protected', 'ruleset', 'rulesets')) return undefined;
  const removes = has(w, 'delete', 'remove', 'disable', 'unprotect');
  // An update that leaves no required reviews and no required checks protects nothing.
  const emptied =
    f.has('required_pull_request_reviews') &&
    falsy(f.get('required_pull_request_reviews')) &&
    (!f.has('required_status_checks') || falsy(f.get('required_status_checks')));
  if (!removes && !emptied && !any(f, 'allow_force_pushes', 'allow_deletions')) return undefined;
  const branch = str(f, 'branch', 'branch_name', 'ref', 'name') ?? 'main';
  return bash(['gh api -X DELETE', quote(`repos/${repoOf(f)}/branches/${branch}/protection`)]);
}

/** Name words of tools that add people to a repository or project. */
const PEOPLE_WORDS = ['collaborator', 'collaborators', 'member', 'members', 'invite', 'invitation'];

function collaborator(w: readonly string[], f: Map<string, unknown>): CliEquivalent | undefined {
  if (!has(w, ...PEOPLE_WORDS, 'permission', 'permissions')) return undefined;
  // A package registry's maintainers are judged by outside-trust.ts, not as a repository's collaborators.
  if (has(w, 'pypi', 'npm', 'rubygems', 'gem', 'crates', 'cargo', 'nuget', 'packagist')) return undefined;
  const raw = str(f, 'permission', 'role', 'access_level', 'access', 'permissions');
  if (raw === undefined) return undefined;
  // GitLab's numeric access levels: 40 maintainer, 50 owner.
  const permission = /^\d+$/.test(raw) ? (Number(raw) >= 40 ? 'admin' : 'pull') : raw.toLowerCase();
  const user = str(f, 'username', 'user', 'login', 'collaborator', 'member', 'user_id') ?? 'user';
  return bash([
    'gh api -X PUT',
    quote(`repos/${repoOf(f)}/collaborators/${user}`),
    '-f',
    quote(`permission=${permission}`),
  ]);
}

/** A repository whose own name says it is not for the public (`acme/internal-api`, `billing-private`). */
const NOT_PUBLIC_REPO =
  /(?:^|[/_.-])(?:internal|private|proprietary|confidential|secret|secrets)(?:$|[/_.-])/i;

/**
 * A fork made public of a repository its name calls internal (R19: `fork_repository {source:
 * "acme/internal-api", visibility: "public"}`): its code published, as a visibility change would.
 */
function publicFork(w: readonly string[], f: Map<string, unknown>): CliEquivalent | undefined {
  if (!has(w, 'fork') || str(f, 'visibility')?.toLowerCase() !== 'public') return undefined;
  const source = str(f, 'source', 'repo', 'repository', 'source_repo', 'upstream', 'project', 'id');
  if (source === undefined || !NOT_PUBLIC_REPO.test(source)) return undefined;
  return bash(['gh repo edit', quote(source), '--visibility public']);
}

function visibility(w: readonly string[], f: Map<string, unknown>): CliEquivalent | undefined {
  if (
    has(w, 'create', 'new', 'fork', 'template') ||
    !has(w, 'update', 'edit', 'set', 'change', 'patch', 'modify')
  )
    return undefined;
  // Plural names too: every repository of the org at once (`github_bulk_update_repos {repos: "*"}`).
  if (!has(w, 'repo', 'repository', 'project', 'visibility', 'repos', 'repositories')) return undefined;
  const visible =
    str(f, 'visibility')?.toLowerCase() === 'public' || falsy(f.get('private') ?? true) || any(f, 'public');
  if (visible && approvedPublication(f)) return undefined;
  return visible ? bash(['gh repo edit', quote(repoOf(f)), '--visibility public']) : undefined;
}

/**
 * A repository named for the public (`acme/docs-site`) opened with the approval recorded in the
 * call (R14 twin: `reason: "open-sourcing documentation as approved in RFC-112"`): the owners'
 * decision, already taken. Without the record, or for any other repository, it stays GIT-AST-011's.
 */
function approvedPublication(f: Map<string, unknown>): boolean {
  const repo = repoOf(f).split('/').pop() ?? '';
  const note = ['reason', 'justification', 'note', 'comment', 'approval', 'change_request']
    .map((k) => str(f, k) ?? '')
    .join('\n');
  return (
    publicContent([repo]) &&
    /\bapproved\b|\bsign(?:ed)?[\s-]off\b/i.test(note) &&
    /\b(?:RFC|ADR|CHG|[A-Z][A-Z0-9]+)-\d+\b/.test(note)
  );
}

/** A repository handed to another owner (`github_transfer_repository`): the gh api call GIT-AST-011 judges. */
function transfer(w: readonly string[], f: Map<string, unknown>): CliEquivalent | undefined {
  if (!has(w, 'transfer') || !has(w, 'repo', 'repository', 'project')) return undefined;
  const to = str(
    f,
    'new_owner',
    'new_owner_name',
    'target_owner',
    'to',
    'destination',
    'new_namespace',
    'namespace',
  );
  // Moved between the organisation's own owners (a member's account to the organisation).
  const from = str(f, 'owner', 'org', 'organization');
  if (to !== undefined && from !== undefined && sameOrganisation(from, to)) return undefined;
  return bash([
    'gh api -X POST',
    quote(`repos/${repoOf(f)}/transfer`),
    '-f',
    quote(`new_owner=${to ?? 'someone'}`),
  ]);
}

/**
 * A branch ref moved by force through the forge's API (`update_ref {ref: "heads/main", sha, force:
 * true}`, R14 hosted-whole): the push --force it is, whatever commit it points the branch at.
 */
function forcedRef(w: readonly string[], f: Map<string, unknown>): CliEquivalent | undefined {
  if (!has(w, 'ref', 'refs') || !has(w, 'update', 'set', 'move', 'patch', 'edit', 'reset', 'force'))
    return undefined;
  if (!any(f, 'force', 'forced')) return undefined;
  const ref = str(f, 'ref', 'branch', 'name');
  const sha = str(f, 'sha', 'commit', 'commit_sha', 'to', 'target') ?? 'HEAD';
  if (ref === undefined || /^(?:refs\/)?tags\//.test(ref)) return undefined;
  const branch = ref.replace(/^(?:refs\/)?heads\//, '');
  return bash(['git push --force origin', quote(`${sha}:refs/heads/${branch}`)]);
}

export function forgeLines(w: readonly string[], f: Map<string, unknown>): CliEquivalent[] {
  return [
    protection(w, f),
    collaborator(w, f),
    visibility(w, f),
    publicFork(w, f),
    transfer(w, f),
    forcedRef(w, f),
  ].filter((c): c is CliEquivalent => c !== undefined);
}

/** Name words that can start a rewrite above (cli.ts gates on these before reading fields). */
export const FORGE_WORDS = [
  'protection',
  'protections',
  'protected',
  'ruleset',
  'rulesets',
  ...PEOPLE_WORDS,
  'visibility',
  'repo',
  'repository',
  'repos',
  'repositories',
  'transfer',
  'ref',
  'refs',
  'fork',
];
