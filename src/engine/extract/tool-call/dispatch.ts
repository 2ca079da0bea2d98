/**
 * A generic dispatcher whose arguments, not its name, say what it does (red team R12
 * destroy-dispatch): `invoke {action: "delete", resource_type: "bucket", resource_id: ...}`,
 * `gcp_api {api: "storage.buckets.delete", params: {...}}`, `run_action {action: "DeleteDBCluster"}`,
 * an operation JSON-escaped in a string, or `DELETE /v1/projects/{id}` under any key. The verb and
 * the object are read from the values whatever the keys are called (one level of nesting), and the
 * call is judged as the tool name they spell by whole-resource.ts: a verb of loss on a whole
 * container with no item named in it. A read or dry-run operation, an item type (`message`,
 * `deployment`) or an item path (`/apps/x/deployments/y`) gives nothing.
 */
import { fields, nameWords, quote, type CliEquivalent } from './cli.js';
import { ACTION_PROGRAM } from './saas.js';
import { isLossVerb, nounKind, wholeResourceLines } from './whole-resource.js';
import { disposableOnly } from '../../knowledge/ephemeral-names.js';

/** Verbs of a tool's own name that make, read or change in place: such a tool is no dispatcher. */
const OWN_VERB =
  /^(?:create|add|new|insert|get|list|describe|read|show|search|find|query|fetch|update|set|put|patch|edit|rename|send|post|write|upload|download|copy|clone|backup|snapshot|export|import|restore|deploy|publish|start|resume|restart|scale|tag|label|share|grant|invite|transfer|move|merge|comment|review|summarize|explain|analyze|translate)$/;
/** Operation words that only read, plan or rehearse. */
const READ_OR_REHEARSE =
  /^(?:get|list|describe|read|show|view|search|find|query|fetch|count|inspect|status|dry|dryrun|plan|preview|validate|simulate|estimate|check|whatif)$/;
/** Keys whose values are names, ids or prose, never the operation. */
const NOT_OPERATION =
  /(?:^|_)(?:name|names|id|ids|identifier|arn|arns|uri|url|title|branch|head|base|ref|sha|commit|repo|repository|tag|tags|label|labels|slug|path|paths|file|files|filename|key|keys|message|text|body|content|description|comment|note|notes|summary|subject|reason|query|target|value|values|region|zone|location|email|user|owner)$/;
/**
 * A wrapper that names the tool it calls (`mcp_call {server, tool: "create_pull_request", arguments}`):
 * the wrapped call is judged as that tool (tool-call.ts nestedCall), so its fields say nothing of
 * what the wrapper itself does (R18: a pull request's branch `fix/empty-cart` read as `empty app`).
 */
const WRAPPED_NAME = /^(?:tool|tool_name|function)$/;
const WRAPPED_ARGS =
  /^(?:arguments|args|input|parameters|params|tool_input|tool_args|tool_arguments|tool_params)$/;
function wrapsNamedTool(args: object): boolean {
  const f = fields(args);
  const named = [...f].some(
    ([k, v]) => WRAPPED_NAME.test(k) && typeof v === 'string' && /^[A-Za-z][\w.:-]{0,127}$/.test(v.trim()),
  );
  return named && [...f].some(([k, v]) => WRAPPED_ARGS.test(k) && v !== null && typeof v === 'object');
}
/** Keys that hold the arguments of the dispatched operation. */
const SHORT_VALUE = /^[A-Za-z][\w.:/-]{0,63}$/;
/** A value's words (`storage.buckets.delete`, `tear down`; two-word verbs joined by nameWords). */
const words = (v: string): string[] => {
  const w = nameWords(v.replace(/[.:/]+/g, '_'));
  // SDKs abbreviate the verb at the end of a method path (Stripe `accounts.del`, `zones.del`).
  if (w.length > 1 && /[.:/]del$/i.test(v)) w[w.length - 1] = 'delete';
  return w;
};
/** A dotted SDK method path (`heroku.apps.destroy`): an operation even under a `path` key. */
const METHOD_PATH = /^[A-Za-z]+(?:\.[A-Za-z]+){1,4}$/;

/** The arguments with one nested level (and one JSON-escaped object) merged in; the top level wins. */
function merged(args: unknown): Map<string, unknown> {
  const f = fields(args);
  const out = new Map(f);
  for (const v of [...f.values()].slice(0, 32)) {
    let inner: unknown = v;
    if (typeof v === 'string' && v.length < 4096 && /^\s*\{/.test(v)) {
      try {
        inner = JSON.parse(v) as unknown;
      } catch {
        continue;
      }
    }
    if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) continue;
    for (const [k, x] of fields(inner)) if (!out.has(k)) out.set(k, x);
  }
  return out;
}

const action = (object: string, detail: string): CliEquivalent => ({
  code: [ACTION_PROGRAM, 'destroy', quote(object), quote(detail.slice(0, 200))].join(' '),
  runtime: 'bash',
});

/** `DELETE /subscriptions/x/resourceGroups/rg-1`: the last collection in the path and what follows it. */
function restDelete(f: Map<string, unknown>, tool: string): CliEquivalent[] {
  const method = [...f].find(([k, v]) => /(?:^|_)(?:method|verb)$/.test(k) && typeof v === 'string');
  if (method === undefined || !/^\s*delete\s*$/i.test(method[1] as string)) return [];
  const path = [...f].find(
    ([k, v]) =>
      /(?:^|_)(?:path|endpoint|url|uri|route|resource)$/.test(k) &&
      typeof v === 'string' &&
      /^(?:https?:\/\/[^/]+)?\//.test(v.trim()),
  )?.[1] as string | undefined;
  if (path === undefined) return [];
  const segs = path
    .trim()
    .replace(/^https?:\/\/[^/]+/, '')
    .replace(/[?#].*$/, '')
    .split('/')
    .filter((s) => s !== '' && !/^(?:v\d+(?:\.\d+)?|api|apis|rest)$/i.test(s));
  for (let i = segs.length - 1; i >= 0; i--) {
    const kind = nounKind(nameWords(segs[i]!));
    if (kind === 'item') return [];
    if (kind !== 'whole') continue;
    // The collection itself, or one member of it named by one or two segments (`repos/acme/web`).
    const rest = segs.slice(i + 1);
    if (rest.length > 2) return [];
    if (rest.length > 0 && disposableOnly([rest.join('/')])) return [];
    return [action(segs[i]!, `${tool} DELETE ${path.slice(0, 120)}`)];
  }
  return [];
}

export function dispatchLines(w: readonly string[], args: unknown): CliEquivalent[] {
  // A tool that names its own verb is judged by that name (whole-resource.ts and the families).
  if (w.some((x) => OWN_VERB.test(x) || isLossVerb(x))) return [];
  // A name whose noun is an item (`GitHubManageCollaborator {action: remove, repo_id}`) acts on that item, not the whole.
  if (nounKind(w) === 'item') return [];
  if (args === null || typeof args !== 'object' || Array.isArray(args) || wrapsNamedTool(args)) return [];
  const f = merged(args);
  const tool = w.join('_');
  const rest = restDelete(f, tool);
  if (rest.length > 0) return rest;
  let verb: string | undefined;
  let object: string[] | undefined;
  const spent: string[] = [];
  for (const [k, v] of f) {
    if (typeof v !== 'string' || !SHORT_VALUE.test(v.trim())) continue;
    if (NOT_OPERATION.test(k) && !(/(?:^|_)path$/.test(k) && METHOD_PATH.test(v.trim()))) continue;
    const ws = words(v.trim());
    if (ws.length === 0 || ws.length > 8) continue;
    if (ws.some((x) => READ_OR_REHEARSE.test(x))) return [];
    // An item type or an operation on items (`message`, `delete_records`) acts inside a container.
    const kind = nounKind(ws.filter((x) => !isLossVerb(x)));
    if (kind === 'item') return [];
    const loss = ws.find(isLossVerb);
    if (loss !== undefined) verb ??= loss;
    if (kind === 'whole') object ??= nounWords(ws.filter((x) => !isLossVerb(x)));
    if (loss !== undefined || kind === 'whole') spent.push(k);
  }
  // The operation and type keys are spent: `{object: "project"}` names a type, not one object.
  for (const k of spent) f.delete(k);
  if (verb === undefined) return [];
  // No type given as a value: the key that names the target says it (`cluster_name`, `table`, `project`).
  if (object === undefined)
    for (const [k, v] of f) {
      if (typeof v !== 'string') continue;
      const kw = k.split('_').filter((x) => !/^(?:name|id|identifier|arn|uri|url)$/.test(x));
      if (kw.length > 0 && nounKind(kw) === 'whole') {
        object = nounWords(kw);
        break;
      }
    }
  if (object === undefined) return [];
  return wholeResourceLines([verb, ...object], f);
}

/** The words naming the object: its last word, or the last two where only together they name a whole (`resource_group`). */
function nounWords(ws: readonly string[]): string[] {
  const last = ws[ws.length - 1]!;
  const prev = ws[ws.length - 2];
  return prev !== undefined && nounKind([last]) !== 'whole' ? [prev, last] : [last];
}
