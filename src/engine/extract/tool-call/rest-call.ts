/**
 * A request sent through a generic HTTP or GraphQL tool read as the tool call it makes (red team
 * r12 rest, graphql): the method and path name the action and its object (`DELETE
 * /subscriptions/s/resourceGroups/rg` is `delete_resource_group {resource_group: rg}`, `POST
 * /repos/o/r/transfer` is `transfer_repo`, `PUT .../branches/main/protection` is
 * `update_branch_protection`, an RPC path `admin.conversations.delete` is that call) and the body
 * is its arguments; a GraphQL mutation in the body or a `query` field is the calls it makes
 * (tool-call/graphql.ts). The tool-call families then judge what the call does, whichever API
 * serves it. Reads (GET, HEAD) give no call.
 */
import { mutationCalls, MUTATION, type ApiCall } from './graphql.js';

/** Leading path segments that name the API, not a resource: `api`, `v1`, `client`, `2024-10`. */
const PREFIX = /^(?:api|apis|rest|client|admin|v\d+(?:\.\d+)?(?:beta\d*|alpha\d*)?|\d{4}-\d{2}(?:-\d{2})?)$/i;
/** A resource's name or number, not a collection word. */
const ID_SHAPE = /\d|[.:@~%]|^[0-9a-f-]{16,}$/i;
const WORD = /^[A-Za-z]+(?:[-_][A-Za-z]+)*$/;
/** `repos/{owner}/{repo}` (GitHub, Gitea, Bitbucket's `repositories/{workspace}/{slug}`): two names. */
const OWNER_NAME = /^(?:repos|repositories)$/i;
/** A dotted RPC method (`admin.conversations.delete`, `storage.buckets.delete`). */
const RPC = /^[A-Za-z]+(?:\.[A-Za-z]+)+$/;
/** Last words that are the action done to the item before them (`.../transfer`, `.../delete`). */
const ACTION =
  /^(?:delete|remove|destroy|purge|drop|erase|wipe|truncate|flush|clear|empty|reset|terminate|transfer|archive|unarchive|disable|enable|suspend|deactivate|revoke|restore|rollback|unpublish|publish|lock|unlock|rotate|cancel|close|stop|start|restart|pause|resume|deploy|query|search|upsert|merge|fork|import|export|invite|approve|reject|move|rename|copy|share|unshare)$/i;
/** Collections whose items are named settings. */
const SETTINGS = /^(?:settings|configs|configurations|features|preferences|options)$/i;
const METHOD_VERB: Record<string, string> = {
  DELETE: 'delete',
  PUT: 'update',
  PATCH: 'update',
  POST: 'create',
};

const snakeWord = (s: string): string =>
  s
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[-\s]+/g, '_')
    .toLowerCase();

/** `resourceGroups` is `resource_group`, `indexes` is `index`, `policies` is `policy`. */
function singular(word: string): string {
  const w = snakeWord(word);
  if (/(?:ss|us|is)$/.test(w)) return w;
  if (/ies$/.test(w)) return `${w.slice(0, -3)}y`;
  if (/(?:x|ch|sh|ss)es$/.test(w)) return w.slice(0, -2);
  return w.endsWith('s') ? w.slice(0, -1) : w;
}

const isPlural = (w: string): boolean => /[a-z]s$/i.test(w) && !/(?:ss|us|is)$/i.test(w);

function asObject(v: unknown): Record<string, unknown> | undefined {
  if (typeof v === 'string') {
    const t = v.trim();
    if (!t.startsWith('{')) return undefined;
    try {
      v = JSON.parse(t) as unknown;
    } catch {
      return undefined;
    }
  }
  return v !== null && typeof v === 'object' && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : undefined;
}

function pathOf(url: string): { segments: string[]; search: URLSearchParams } | undefined {
  let u: URL;
  try {
    u = new URL(
      /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `http://x${url.startsWith('/') ? '' : '/'}${url}`,
    );
  } catch {
    return undefined;
  }
  const segments: string[] = [];
  for (const s of u.pathname.split('/')) {
    if (s === '') continue;
    try {
      segments.push(decodeURIComponent(s));
    } catch {
      segments.push(s);
    }
  }
  return { segments: segments.slice(0, 32), search: u.searchParams };
}

/** The call a REST request makes, read from its method, path and body. */
export function restCall(
  method: string,
  url: string,
  body: unknown,
): (ApiCall & { readonly item?: boolean }) | undefined {
  const m = method.trim().toUpperCase();
  if (METHOD_VERB[m] === undefined) return undefined;
  const parsed = pathOf(url);
  if (parsed === undefined) return undefined;
  const segs = parsed.segments;
  let i = 0;
  while (i < segs.length - 1 && PREFIX.test(segs[i]!)) i++;
  const args: Record<string, unknown> = { ...(asObject(body) ?? {}) };
  for (const [k, v] of parsed.search) if (!Object.hasOwn(args, k)) args[k] = v;
  // Google's `.../instances/x:stop`: the action after a colon on the last segment.
  let action: string | undefined;
  const last = segs.at(-1);
  const colon = last !== undefined ? /^(.+):([A-Za-z]+)$/.exec(last) : null;
  if (colon) {
    segs[segs.length - 1] = colon[1]!;
    action = colon[2]!;
  }
  // Elasticsearch and OpenSearch `/{index}/_delete_by_query` (R14 nested): the API after the indexes it empties.
  const byQuery = segs.indexOf('_delete_by_query');
  if (byQuery > 0) return { name: 'delete_by_query', args: { index: segs[byQuery - 1], ...args } };
  if (last !== undefined && RPC.test(last) && !colon && segs.length - i <= 2)
    return { name: last.replace(/\./g, '_'), args };
  let collection: string | undefined;
  let id: string | undefined;
  let sub: string | undefined;
  for (let j = i; j < segs.length; j++) {
    const s = segs[j]!;
    const isLast = j === segs.length - 1;
    if (isLast && collection !== undefined && m !== 'DELETE' && ACTION.test(s)) {
      action ??= s;
      break;
    }
    if (!WORD.test(s) || ID_SHAPE.test(s) || (collection !== undefined && id === undefined)) {
      if (collection === undefined) continue;
      id = s;
      args[singular(collection)] ??= s;
      // `repos/{owner}/{repo}`: the next segment is the repository's name.
      if (OWNER_NAME.test(collection) && j + 1 < segs.length) {
        args.owner ??= s;
        id = segs[++j]!;
        args[singular(collection)] = id;
      }
      continue;
    }
    if (isLast && id !== undefined && !isPlural(s)) {
      sub = s;
      break;
    }
    collection = s;
    id = undefined;
  }
  if (collection === undefined) return undefined;
  // `/zones/z/settings/ssl`: the item of a settings collection is the setting's name.
  const object =
    id === undefined
      ? snakeWord(collection)
      : SETTINGS.test(collection) && WORD.test(id)
        ? `${snakeWord(id)}_${singular(collection)}`
        : singular(collection);
  const verb = action !== undefined ? snakeWord(action) : METHOD_VERB[m];
  // POST to a collection creates an item in it; DELETE of a whole collection deletes all of it.
  const all = id === undefined && m === 'DELETE' && action === undefined ? 'all_' : '';
  const name = [verb, `${all}${object}`, sub !== undefined ? snakeWord(sub) : undefined]
    .filter((x) => x !== undefined)
    .join('_');
  if (id !== undefined) args.id ??= id;
  return { name, args, item: id !== undefined && !/[*?]/.test(id) };
}

/**
 * A DELETE of one named item (`/v1/customers/cus_1`, `/repos/o/r/labels/x`): what the item is
 * decides, as it does for the tool of the same name (the families judge the call), not the method
 * alone. A collection, a wildcard or a path read as no call stays a remote DELETE (NET-AST-003).
 */
export function deletesItem(method: string, url: string): boolean {
  return method.trim().toUpperCase() === 'DELETE' && restCall(method, url, undefined)?.item === true;
}

/** Keys a request tool takes its body under (`form`: Mailgun's and Twilio's form-encoded APIs). */
const BODY_KEYS = ['body', 'json', 'data', 'payload', 'form', 'form_data', 'request_body', 'json_body'];

/** Keys whose string value may be a GraphQL document. */
const DOCUMENT_KEYS = ['query', 'mutation', 'document', 'gql', 'graphql', 'operation'];

/**
 * The calls a request tool's fields make: a GraphQL mutation under a document key (or in the
 * body), or a REST request given as method and URL. `f` is the call's snake-case fields.
 */
export function requestCalls(f: ReadonlyMap<string, unknown>): ApiCall[] {
  const out: ApiCall[] = [];
  const sent = BODY_KEYS.map((k) => f.get(k)).find((v) => v !== undefined);
  const body = asObject(sent);
  for (const src of [f, body === undefined ? undefined : new Map(Object.entries(body))]) {
    if (src === undefined) continue;
    for (const k of DOCUMENT_KEYS) {
      const doc = src.get(k);
      if (typeof doc === 'string' && MUTATION.test(doc))
        out.push(...mutationCalls(doc, src.get('variables')));
    }
  }
  if (out.length > 0) return out;
  const method = f.get('method') ?? f.get('http_method') ?? f.get('verb');
  const url = f.get('url') ?? f.get('uri') ?? f.get('endpoint') ?? f.get('path') ?? f.get('resource_path');
  if (typeof method !== 'string' || typeof url !== 'string') return out;
  const call = restCall(method, url, sent);
  return call === undefined ? out : [call];
}
