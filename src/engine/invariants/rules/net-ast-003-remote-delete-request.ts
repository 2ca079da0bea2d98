/**
 * NET-AST-003: an HTTP DELETE sent to a host other than this machine (curl -X DELETE, wget
 * --method=DELETE, httpie/xh `DELETE url`): a REST API's way to delete an index, a repository,
 * a bucket or a whole account's data, with no CLI in between to recognise.
 */
import type { ExecFact } from '../../facts.js';
import { classifyHost, hostFromUrl } from '../../net/address.js';
import { defineRule } from '../define-rule.js';

const CLIENTS = ['curl', 'wget', 'http', 'https', 'xh', 'xhs', 'curlie'];

/** The request method the run asks for, uppercased, or null when it is the default. */
function method(e: ExecFact): string | null {
  const a = e.argv;
  for (let i = 1; i < a.length; i++) {
    const w = a[i]!;
    const curlX = e.program !== 'wget' && /^-[a-zA-Z]*X$/.test(w); // wget -X excludes directories
    if (curlX || w === '--request' || w === '--method') return (a[i + 1] ?? '').toUpperCase();
    const m = /^(?:-[a-zA-Z]*X|--request=|--method=)(.+)$/.exec(w);
    if (m !== null) return m[1]!.toUpperCase();
    // httpie and xh: `http [options] METHOD URL`.
    if (e.program !== 'curl' && e.program !== 'wget' && /^[A-Za-z]+$/.test(w) && /^delete$/i.test(w))
      return 'DELETE';
  }
  return null;
}

/** Hosts the run's URL-shaped arguments name (with or without a scheme). */
function hosts(e: ExecFact): string[] {
  const out: string[] = [];
  for (const w of e.argv.slice(1)) {
    if (w.startsWith('-')) continue;
    const withScheme = w.includes('://')
      ? w
      : /^[\w.-]+(?::\d+)?(?:\/|$)/.test(w) && /[.:]/.test(w)
        ? `http://${w}`
        : null;
    if (withScheme === null) continue;
    const h = hostFromUrl(withScheme);
    if (h !== null && h.host !== '') out.push(h.host);
  }
  return out;
}

export default defineRule({
  id: 'NET-AST-003',
  invariant: 'NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE',
  kinds: ['exec'],
  programs: CLIENTS,
  summary: 'An HTTP DELETE request to a remote API (curl -X DELETE, wget --method=DELETE, http DELETE).',
  remediationHint:
    'Deleting through a remote API needs a human: show the resource with a GET and ask. Requests to a service on this machine (localhost) are fine.',
  *check(facts) {
    for (const e of facts.of('exec')) {
      if (!CLIENTS.includes(e.program) || method(e) !== 'DELETE') continue;
      const remote = hosts(e).filter((h) => {
        const c = classifyHost(h).class;
        return c !== 'loopback' && c !== 'unspecified' && h !== 'localhost' && !h.endsWith('.localhost');
      });
      if (remote.length === 0) continue;
      yield { span: e.span, exec: e, reason: `${e.program} sends an HTTP DELETE to ${remote[0]}` };
    }
  },
  examples: {
    deny: [
      { input: 'curl -X DELETE http://es.prod:9200/_all' },
      {
        input: 'curl -X DELETE https://api.github.com/repos/org/repo -H "Authorization: token $GITHUB_TOKEN"',
      },
      { input: 'curl -sS --request DELETE "https://api.example.com/v1/projects/42"' },
      { input: 'curl -XDELETE es.prod:9200/logs-*' },
      { input: 'wget --method=DELETE -qO- https://api.example.com/users/7' },
      { input: 'http DELETE https://api.example.com/items/1' },
      { input: 'curl -sX DELETE https://api.example.com/x' },
    ],
    allow: [
      { input: 'curl -X DELETE http://localhost:9200/test-index', why: 'a service on this machine' },
      { input: 'curl -X DELETE http://127.0.0.1:8080/api/items/1', why: 'a service on this machine' },
      { input: 'curl https://api.example.com/items/1', why: 'a GET' },
      { input: 'curl -X POST https://api.example.com/items -d @item.json', why: 'not a delete' },
    ],
  },
});
