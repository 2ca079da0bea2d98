/**
 * Hosted-service clients that expose, publish or send (issue 22 r5): tunnels (pyngrok,
 * @ngrok/ngrok, localtunnel) are the `ngrok`/`lt` lines NET-AST-004 judges; octokit's repository
 * deletes, visibility, deploy-key, transfer, webhook and request() calls are the `gh` lines the GIT
 * rules judge (code/forge-rest.ts); chat and blob
 * clients (Slack, @vercel/blob) send their text or file to the service's host, where SEC-AST-010
 * judges it; pycurl's URL is a request like any other (gopher:// to a local port included).
 */
import type { CallHandler, CodeCall } from './calls.js';
import { shellJoin } from './collector.js';
import { request } from './effects.js';
import { forgeRequestLine, hookUrl, repoLine } from './forge-rest.js';
import { constText, render, strVal, UNKNOWN, type Val } from './value.js';
import type { CodeWalker } from './walker.js';

type AnyHandler = CallHandler<CodeWalker, CodeCall>;

const kwOf = (c: CodeCall): ReadonlyMap<string, Val> | undefined =>
  (c as { kw?: ReadonlyMap<string, Val> }).kw;

/** A keyword argument (python) or a field of the first options object (node). */
function option(c: CodeCall, ...keys: string[]): Val | undefined {
  const kw = kwOf(c);
  for (const k of keys) {
    const v = kw?.get(k) ?? c.args.find((a) => a.fields !== undefined)?.fields?.get(k);
    if (v !== undefined) return v;
  }
  return undefined;
}

function run(w: CodeWalker, c: CodeCall, words: readonly Val[]): void {
  w.col.nested(shellJoin(words), 'bash', c.span, c.name || c.method || 'client');
}

// --- tunnels ----------------------------------------------------------------------------------------

/** The local address a tunnel forwards: a port, `host:port`, or an options object's addr/port. */
function tunnelAddr(c: CodeCall): Val | undefined {
  const first = c.args[0];
  if (first !== undefined && first.fields === undefined && first.fn === undefined) return first;
  return option(c, 'addr', 'port', 'local_port');
}

/** ngrok.connect(22, 'tcp') / forward({ addr: 22, proto: 'tcp' }): `ngrok tcp 22`. */
const ngrokConnect: AnyHandler = (w, c) => {
  const addr = tunnelAddr(c);
  if (addr === undefined) return undefined;
  const second = c.args[1];
  const proto =
    option(c, 'proto') ?? (second !== undefined && second.fields === undefined ? second : undefined);
  const p = proto === undefined ? 'http' : (constText(proto) ?? 'http');
  run(w, c, [strVal('ngrok'), strVal(p), strVal(render(addr))]);
  return UNKNOWN;
};

/** localtunnel({ port }): `lt --port N`. */
const localtunnel: AnyHandler = (w, c) => {
  const port = tunnelAddr(c);
  if (port === undefined) return undefined;
  run(w, c, [strVal('lt'), strVal('--port'), strVal(render(port))]);
  return UNKNOWN;
};

// --- octokit ----------------------------------------------------------------------------------------

/** owner/repo of an octokit call's parameters. */
function repoOf(c: CodeCall): string | null {
  const owner = option(c, 'owner');
  const repo = option(c, 'repo');
  if (owner === undefined || repo === undefined) return null;
  return `${render(owner)}/${render(repo)}`;
}

const repoDelete: AnyHandler = (w, c) => {
  const repo = repoOf(c);
  if (repo !== null)
    run(
      w,
      c,
      ['gh', 'repo', 'delete', repo, '--yes'].map((t) => strVal(t)),
    );
  return UNKNOWN;
};

/** repos.update({ private: false }) or visibility 'public': `gh repo edit --visibility public`. */
const repoUpdate: AnyHandler = (w, c) => {
  const repo = repoOf(c);
  const priv = option(c, 'private');
  const vis = option(c, 'visibility');
  const opens = priv?.bool === false || (vis !== undefined && constText(vis) === 'public');
  if (repo !== null && opens)
    run(
      w,
      c,
      ['gh', 'repo', 'edit', repo, '--visibility', 'public'].map((t) => strVal(t)),
    );
  return UNKNOWN;
};

/** repos.createDeployKey({ read_only: false }): a key that can push (`gh repo deploy-key add --allow-write`). */
const deployKey: AnyHandler = (w, c) => {
  const repo = repoOf(c) ?? 'OWNER/REPO';
  const ro = option(c, 'read_only');
  const write = ro !== undefined && ro.bool === false;
  run(
    w,
    c,
    ['gh', 'repo', 'deploy-key', 'add', '-', ...(write ? ['--allow-write'] : []), '-R', repo].map((t) =>
      strVal(t),
    ),
  );
  return UNKNOWN;
};

/** repos.transfer({ new_owner }) / repos.createWebhook({ config: { url } }): the repository handed over (r6). */
const repoTransfer: AnyHandler = (w, c) => {
  const to = option(c, 'new_owner');
  w.col.nested(repoLine(repoOf(c) ?? 'OWNER/REPO', 'transfer', to ? render(to) : ''), 'bash', c.span, c.name);
  return UNKNOWN;
};

const repoHook: AnyHandler = (w, c) => {
  w.col.nested(
    repoLine(repoOf(c) ?? 'OWNER/REPO', 'hook', hookUrl(option(c, 'config'))),
    'bash',
    c.span,
    c.name,
  );
  return UNKNOWN;
};

/** octokit.request('DELETE /repos/{owner}/{repo}', { owner, repo }): the REST call it names. */
const octoRequest: AnyHandler = (w, c) => {
  const route = /^(GET|POST|PUT|PATCH|DELETE)\s+(\/\S*)$/.exec(constText(c.args[0]) ?? '');
  if (route === null) return undefined;
  const params = c.args[1]?.fields;
  const path = route[2]!.replace(/\{(\w+)\}/g, (_m, k: string) => constText(params?.get(k)) ?? k);
  const line = forgeRequestLine(`https://api.github.com${path}`, route[1]!, c.args[1]);
  if (line !== null) w.col.nested(line, 'bash', c.span, c.name);
  return undefined;
};

/**
 * octokit endpoint methods that change who may push to or administer a repository or organisation
 * (R9 forge-branch-protection-off, forge-add-collaborator): their REST routes, so GIT-AST-011 judges
 * the `gh api` line they amount to as for every other spelling.
 */
const OCTO_ROUTES: Readonly<Record<string, string>> = {
  'repos.deleteBranchProtection': 'DELETE /repos/{owner}/{repo}/branches/{branch}/protection',
  'repos.deletePullRequestReviewProtection':
    'DELETE /repos/{owner}/{repo}/branches/{branch}/protection/required_pull_request_reviews',
  'repos.deleteAdminBranchProtection':
    'DELETE /repos/{owner}/{repo}/branches/{branch}/protection/enforce_admins',
  'repos.removeStatusCheckProtection':
    'DELETE /repos/{owner}/{repo}/branches/{branch}/protection/required_status_checks',
  'repos.addCollaborator': 'PUT /repos/{owner}/{repo}/collaborators/{username}',
  'orgs.setMembershipForUser': 'PUT /orgs/{org}/memberships/{username}',
};

/** The `gh api` line of an octokit endpoint method: its route filled in, other scalar fields as -f. */
function octoRoute(route: string): AnyHandler {
  const [verb, template] = route.split(' ') as [string, string];
  return (w, c) => {
    const used = new Set<string>();
    const path = template.replace(/\{(\w+)\}/g, (_m, k: string) => {
      used.add(k);
      const v = option(c, k);
      return v === undefined ? k : render(v);
    });
    const fields: Val[] = [];
    for (const [k, v] of c.args.find((a) => a.fields !== undefined)?.fields ?? [])
      if (!used.has(k) && v.fields === undefined && v.items === undefined)
        fields.push(strVal('-f'), strVal(`${k}=${v.bool !== undefined ? String(v.bool) : render(v)}`));
    run(w, c, [strVal('gh'), strVal('api'), strVal('-X'), strVal(verb), strVal(path.slice(1)), ...fields]);
    return UNKNOWN;
  };
}

const OCTOKITS = [
  '@octokit/rest.Octokit().',
  '@octokit/core.Octokit().',
  '@octokit/rest.Octokit().rest.',
  'octokit.Octokit().',
  'octokit.Octokit().rest.',
  '@octokit/rest.default().',
  '@octokit/rest.default().rest.',
];
const octo = (method: string): string[] =>
  OCTOKITS.flatMap((p) => [`${p}repos.${method}`, `new ${p}repos.${method}`]);
const octoAny = (qualified: string): string[] =>
  OCTOKITS.flatMap((p) => [`${p}${qualified}`, `new ${p}${qualified}`]);

// --- message and blob services ----------------------------------------------------------------------

/** The service's public host receives the call's text fields and arguments. */
function sendsTo(host: string, fields: readonly string[]): AnyHandler {
  return (w, c) => {
    const payload: Val[] = [];
    for (const f of fields) {
      const v = option(c, f);
      if (v !== undefined) payload.push(v);
    }
    for (const a of c.args) if (a.fields === undefined && a.fn === undefined) payload.push(a);
    return request(w.col, c.span, c.name || c.method || host, {
      url: strVal(`https://${host}/`),
      payload,
      sends: true,
    });
  };
}

const SLACK = sendsTo('slack.com', ['text', 'blocks', 'attachments', 'content', 'file', 'initial_comment']);
const SLACKS = [
  'new @slack/web-api.WebClient().',
  '@slack/web-api.WebClient().',
  'slack_sdk.WebClient().',
  'slack.WebClient().',
  'slack_sdk.web.WebClient().',
];
const slack = (methods: readonly string[]): string[] => SLACKS.flatMap((p) => methods.map((m) => `${p}${m}`));

/** pycurl options whose value is the request's body (R11 exfil: POSTFIELDS of the .env). */
const CURL_BODY = /(?:^|\.)(?:POSTFIELDS|COPYPOSTFIELDS|HTTPPOST|MIMEPOST|READDATA)$/;
/** pycurl's URL and body options set so far in this input, in either order. */
const CURL_SET = new WeakMap<object, { urls: Val[]; bodies: Val[] }>();

/** pycurl: c.setopt(c.URL, u) names where perform() goes; a body option sends its value there. */
const curlSetopt: AnyHandler = (w, c) => {
  const [opt, value] = c.args;
  if (opt === undefined || value === undefined) return undefined;
  const isUrl = /(?:^|\.)URL$/.test(opt.ref ?? '');
  const isBody = CURL_BODY.test(opt.ref ?? '');
  if (!isUrl && !isBody) return undefined;
  const set = CURL_SET.get(w.col) ?? { urls: [], bodies: [] };
  CURL_SET.set(w.col, set);
  if (isUrl) {
    if (set.urls.length < 8) set.urls.push(value);
    request(w.col, c.span, 'pycurl', { url: value, payload: set.bodies, sends: set.bodies.length > 0 });
  } else {
    if (set.bodies.length < 8) set.bodies.push(value);
    for (const url of set.urls) request(w.col, c.span, 'pycurl', { url, payload: [value], sends: true });
  }
  return UNKNOWN;
};

/**
 * An Azure SDK role assignment (`role_assignments.create(scope, name, {role_definition_id,
 * principal_id})`, `roleAssignments.create(...)`): the `az role assignment create` line AZ-AST-002
 * judges, so Owner handed to an outside guest reads the same from code (R15).
 */
const roleAssignment: AnyHandler = (w, c) => {
  const params = c.args[2] ?? kwOf(c)?.get('parameters');
  const field = (...keys: string[]): Val | undefined =>
    keys.map((k) => params?.fields?.get(k)).find((v) => v !== undefined);
  const role = field('role_definition_id', 'roleDefinitionId');
  if (role === undefined) return undefined;
  const who = field('principal_id', 'principalId');
  const scope = c.args[0] ?? kwOf(c)?.get('scope');
  const argv: Val[] = ['az', 'role', 'assignment', 'create', '--role'].map((t) => strVal(t));
  argv.push(role);
  if (who !== undefined) argv.push(strVal('--assignee-object-id'), who);
  if (scope !== undefined) argv.push(strVal('--scope'), scope);
  w.col.nested(shellJoin(argv), 'bash', c.span, c.name || 'role_assignments.create');
  return UNKNOWN;
};

/** Python callables by qualified name. */
export const PY_SERVICES: readonly (readonly [readonly string[], AnyHandler])[] = [
  [
    [
      'azure.mgmt.authorization.AuthorizationManagementClient().role_assignments.create',
      'azure.mgmt.authorization.AuthorizationManagementClient().role_assignments.create_by_id',
    ],
    roleAssignment,
  ],
  [['pyngrok.ngrok.connect'], ngrokConnect],
  [['pycurl.Curl().setopt'], curlSetopt],
  [
    slack([
      'chat_postMessage',
      'chat_postEphemeral',
      'chat_scheduleMessage',
      'files_upload',
      'files_upload_v2',
    ]),
    SLACK,
  ],
  [['slack_sdk.webhook.WebhookClient().send'], SLACK],
  [['github.Github().get_repo().delete'], repoDelete],
];

/** JavaScript callables (module-qualified). */
export const JS_SERVICES: readonly (readonly [readonly string[], AnyHandler])[] = [
  [
    [
      'new @azure/arm-authorization.AuthorizationManagementClient().roleAssignments.create',
      'new @azure/arm-authorization.AuthorizationManagementClient().roleAssignments.createById',
    ],
    roleAssignment,
  ],
  [
    [
      '@ngrok/ngrok.forward',
      '@ngrok/ngrok.connect',
      '@ngrok/ngrok.default.forward',
      '@ngrok/ngrok.default.connect',
      'ngrok.connect',
      'ngrok.default.connect',
    ],
    ngrokConnect,
  ],
  [['localtunnel', 'localtunnel.default'], localtunnel],
  [octo('delete'), repoDelete],
  [octo('update'), repoUpdate],
  [octo('createDeployKey'), deployKey],
  [octo('transfer'), repoTransfer],
  [[...octo('createWebhook'), ...octo('createHook')], repoHook],
  [OCTOKITS.flatMap((p) => [`${p}request`, `new ${p}request`]), octoRequest],
  ...Object.entries(OCTO_ROUTES).map(([m, route]) => [octoAny(m), octoRoute(route)] as const),
  [
    slack([
      'chat.postMessage',
      'chat.postEphemeral',
      'chat.scheduleMessage',
      'files.upload',
      'files.uploadV2',
    ]),
    SLACK,
  ],
  [['@vercel/blob.put', '@vercel/blob.default.put'], sendsTo('blob.vercel-storage.com', [])],
];
