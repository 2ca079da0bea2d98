/**
 * GitHub and GitLab REST calls made from code (issue 22 r6): a repository deleted, made public,
 * transferred or given a webhook through `requests`/`fetch`/`axios`, PyGithub or octokit. Each is
 * written as the `gh`/`glab` line it amounts to, so GIT-AST-010 and GIT-AST-011 judge it as they
 * judge the CLI; other endpoints (issues, pulls, contents) stay ordinary API work.
 */
import { shellWord } from './collector.js';
import { constText, strVal, type Val } from './value.js';

const q = (s: string): string => shellWord(strVal(s));

/** A body field as text (`private: false` is `false`); a body sent as JSON text is read too. */
function field(body: Val | undefined, key: string): string | null {
  const v = body?.fields?.get(key);
  if (v !== undefined) return v.bool !== undefined ? String(v.bool) : constText(v);
  const text = body === undefined ? null : constText(body);
  if (text === null || !text.trimStart().startsWith('{')) return null;
  try {
    const doc = JSON.parse(text) as Record<string, unknown>;
    const x = key === 'config.url' ? (doc.config as Record<string, unknown> | undefined)?.url : doc[key];
    return typeof x === 'string' || typeof x === 'boolean' ? String(x) : null;
  } catch {
    return null;
  }
}

function decoded(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Whether a body (or keyword arguments) makes a repository public. */
export function makesPublic(body: Val | undefined, kw?: ReadonlyMap<string, Val>): boolean {
  const get = (k: string): string | null => {
    const v = kw?.get(k);
    if (v !== undefined) return v.bool !== undefined ? String(v.bool) : constText(v);
    return field(body, k);
  };
  return get('private') === 'false' || get('visibility') === 'public';
}

/** `gh` lines for one repository operation, by what it does. */
export function repoLine(repo: string, op: 'delete' | 'public' | 'transfer' | 'hook', detail = ''): string {
  switch (op) {
    case 'delete':
      return `gh repo delete ${q(repo)} --yes`;
    case 'public':
      return `gh api -X PATCH ${q(`repos/${repo}`)} -F private=false`;
    case 'transfer':
      return `gh api -X POST ${q(`repos/${repo}/transfer`)} -f new_owner=${q(detail || 'x')}`;
    case 'hook':
      return `gh api -X POST ${q(`repos/${repo}/hooks`)} -f config[url]=${q(detail || 'x')}`;
  }
}

/** The webhook address in a hook body (`config: { url }`). */
export function hookUrl(config: Val | undefined): string {
  return constText(config?.fields?.get('url')) ?? '';
}

/**
 * The line an HTTP request from code amounts to when it is one of these forge operations, or
 * null. `url` is the rendered URL, `method` the request method, `body` the JSON body if known.
 */
export function forgeRequestLine(url: string, method: string, body: Val | undefined): string | null {
  const m = method.toUpperCase();
  const gh =
    /^https?:\/\/(?:api\.github\.com|[^/]+\/api\/v3)\/repos\/([\w.-]+\/[\w.-]+)(\/[\w/-]*)?\/?(?:[?#].*)?$/.exec(
      url,
    );
  if (gh) {
    const [, repo, rest = ''] = gh;
    const tail = rest.replace(/\/+$/, '');
    if (tail === '' && m === 'DELETE') return repoLine(repo!, 'delete');
    if (tail === '' && m === 'PATCH' && makesPublic(body)) return repoLine(repo!, 'public');
    if (tail === '/transfer' && m === 'POST')
      return repoLine(repo!, 'transfer', field(body, 'new_owner') ?? '');
    if (tail === '/hooks' && m === 'POST')
      return repoLine(
        repo!,
        'hook',
        hookUrl(body?.fields?.get('config')) || (field(body, 'config.url') ?? ''),
      );
    // Branch protection and collaborators: the `gh api` call itself (GIT-AST-011 reads the endpoint).
    if (/^\/branches\/[^/]+\/protection/.test(tail) && m === 'DELETE')
      return `gh api -X DELETE ${q(`repos/${repo}${tail}`)}`;
    const perm = field(body, 'permission');
    if (/^\/collaborators\/[^/]+$/.test(tail) && m === 'PUT' && perm !== null)
      return `gh api -X PUT ${q(`repos/${repo}${tail}`)} -f permission=${q(perm)}`;
    return null;
  }
  const gl = /^https?:\/\/[^/]+\/api\/v4\/projects\/([^/?#]+)\/?(?:[?#].*)?$/.exec(url);
  if (gl && m === 'DELETE') return `glab repo delete ${q(decoded(gl[1]!))} --yes`;
  return null;
}
