/**
 * What a request tool's body, form, query or headers pull in before it is sent (red team r14
 * secret-send): a curl-style `@path` (`data: "@~/.docker/config.json"`, a Telegram `sendDocument`
 * form's `document: "@~/.kube/config"`) sends that file, and a template the tool fills in from the
 * environment (`{{env.GITHUB_TOKEN}}`, `${OPENAI_API_KEY}`, `{{ secrets.NPM_TOKEN }}`) sends that
 * variable. The call becomes the curl line it amounts to, so SEC-AST-010 judges each file and
 * variable against the host, as it does for a typed command: a provider's token to its own API
 * stays allowed, to a webhook collector it is sent away.
 */
import { quote, str, type CliEquivalent } from './cli.js';
import { snakeKey } from './snake-entries.js';
import { union, type Gate } from './signals.js';

/** Name words of a tool that sends a request to the URL it is given. */
const REQUEST = /^(?:http|https|request|requests|fetch|curl|wget|api|webhook|rest|post|xhr|axios)$/;
/** Keys of what is sent: a body, a form, its files, a query string, headers. */
const SENT_KEY =
  /^(?:body|data|data_binary|data_raw|data_urlencode|json|payload|form|form_data|multipart|fields|files?|params|query|query_params|search_params|headers?)$/;
/** A curl `@file` reference: the file's bytes are sent in its place. */
const AT_FILE = /^@((?:~|\.{1,2})?\/[^\s;|&<>]{1,400}|\.?[\w-][\w.-]*\/[^\s;|&<>]{0,400})$/;
/** Templates a request tool fills in from the environment or a secret store. */
const TEMPLATE =
  /\{\{\s*(?:\$?env|secrets?|process\.env|vars)\s*(?:\.|:|\[\s*["']?)([A-Za-z_]\w{0,80})[\s"'\]]*\}\}|\$\{\s*(?:env[.:])?([A-Za-z_]\w{0,80})\s*\}|\$([A-Z][A-Z0-9_]{2,80})\b|\bprocess\.env\.([A-Za-z_]\w{0,80})/g;

/** Header keys: a variable there sits in the request's auth slot (how an API key authenticates). */
const HEADER_KEY = /^headers?$/;

type Sent = { files: string[]; vars: string[]; auth: string[] };

function walk(v: unknown, sent: Sent, depth: number, header: boolean): void {
  if (depth > 6 || sent.files.length + sent.vars.length + sent.auth.length >= 16) return;
  if (typeof v === 'string') {
    if (v.length > 65536) return;
    const file = AT_FILE.exec(v.trim());
    if (file !== null) sent.files.push(file[1]!);
    for (const m of v.matchAll(TEMPLATE)) {
      const name = m[1] ?? m[2] ?? m[3] ?? m[4]!;
      const into = header ? sent.auth : sent.vars;
      if (!into.includes(name)) into.push(name);
    }
    return;
  }
  if (v === null || typeof v !== 'object') return;
  for (const x of (Array.isArray(v) ? v : Object.values(v as Record<string, unknown>)).slice(0, 64))
    walk(x, sent, depth + 1, header);
}

/** When requestBodyLines can answer (signals.ts): its first test, the name word of a request (REQUEST). */
export const REQUEST_BODY_GATE: Gate = { name: union(REQUEST) };

export function requestBodyLines(w: readonly string[], f: Map<string, unknown>): CliEquivalent[] {
  if (!w.some((x) => REQUEST.test(x))) return [];
  const url = str(f, 'url', 'uri', 'endpoint', 'target_url', 'webhook_url');
  if (url === undefined || !/^https?:\/\//i.test(url)) return [];
  const sent: Sent = { files: [], vars: [], auth: [] };
  for (const [k0, v] of f) {
    const k = snakeKey(k0);
    if (SENT_KEY.test(k)) walk(v, sent, 0, HEADER_KEY.test(k));
  }
  if (sent.files.length + sent.vars.length + sent.auth.length === 0) return [];
  const method = str(f, 'method', 'http_method', 'verb') ?? 'POST';
  const words = [
    'curl -X',
    quote(/^[A-Za-z]{3,7}$/.test(method) ? method.toUpperCase() : 'POST'),
    ...sent.files.map((p) => `--data-binary ${quote(`@${p}`)}`),
    ...sent.vars.map((n) => `-d "$${n}"`),
    ...sent.auth.map((n) => `-H "Authorization: Bearer $${n}"`),
    quote(url),
  ];
  return [{ code: words.join(' '), runtime: 'bash' }];
}
