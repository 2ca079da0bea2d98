/**
 * A delete applied to every item a listing call returns, whatever the client (issue 22 r7): kafka
 * `delete_topics(list_topics())`, GCS `for blob in list_blobs(b): blob.delete()`, Azure
 * `for await (c of listContainers()) getContainerClient(c.name).deleteIfExists()`, minio
 * remove_object over list_objects, stripe `Customer.delete(c.id)` over `Customer.list()`, S3
 * delete_object over a paginator. Read from the tree: the delete's receiver is a listed item, or
 * it is called on the listing's own client with a listed item (or the listing itself) as argument.
 * It is written as the HTTP DELETE of everything listed, so NET-AST-003 judges it (a store on this
 * machine passes). A narrowed listing (a prefix or filter), a delete under a condition in the loop
 * (a retention sweep), and a test's own tear-down stay everyday work.
 */
import type { SyntaxNode } from '../../parse/index.js';
import { shellWord, type Collector } from './collector.js';
import { sandboxClient } from './sandbox-keys.js';
import { inTestScope, productionTarget, testFacts } from './test-scope.js';
import { strVal } from './value.js';
import { pushNamed } from './syntax.js';

type Lang = 'python' | 'node';

/**
 * Methods that list a store's items, by shape whatever the client: `list`, `list_topics`,
 * `listContainers`, `paginate`, `auto_paging_iter`, a getter, finder or search of a plural
 * (`get_indexes`, `getBuckets`, `get_all_buckets`, `find_buckets`, `search_experiments`), a tree's
 * children (`get_children`). `all()`, `retrieve()` and a bare `get()` count when called on a plural
 * (`s3.buckets.all()`, `px.nodes.get()`), and a bare plural call lists too (`conn.apps()`): see isListing.
 */
const LISTING =
  /^(?:[lL]ist(?:_\w+|[A-Z]\w*)?|paginate|auto_paging_iter|iter_\w+|scan_iter|scanIterator|(?:get|find|search|describe)_(?:all_)?[a-z]\w*s|(?:get|find|search|describe)(?:All)?[A-Z]\w*s|get_all|getAll|get_?[cC]hildren|scan)$/;
/** Query methods of record APIs (Salesforce, NetSuite, Zoho): a SELECT text as their first argument. */
const QUERY_CALL = /^(?:query(?:_?[aA]ll|_more)?|soql|suiteql|select|search)$/;
/** A literal SELECT of some fields from one object with nothing after it: every record. */
const WHOLE_SELECT = /^[rfbu]?["'`]\s*select\s+[\w\s,.()*]+?\s+from\s+[\w.]+\s*;?\s*["'`]$/i;
/** Methods that list every item of the plural they are called on (`buckets.all()`, `collections.retrieve()`). */
const PLURAL_LISTING = /^(?:all|retrieve|iterator)$/;
/**
 * Methods that list whatever they are called on when no positional argument picks a part: a bare
 * `all()` on any query or table (`select().all()`, pyairtable `table.all()`), a search or query with
 * only paging options (`notion.search({ page_size })`), a directory-style `ls(recursive=True)`.
 */
const OPEN_LISTING = /^(?:all|search|query|ls)$/;
/**
 * A method named as a plural noun (`conn.apps()`, `lc.linode.instances()`): called with no argument
 * it answers the collection. Not a mapping's or a text's own views (`items()`, `keys()`, `splitlines()`).
 */
const PLURAL_CALL = /^[a-z]+[a-hj-rtv-z]s$/;
const NOT_COLLECTION =
  /^(?:items|values|keys|entries|splitlines|readlines|lines|words|args|kwargs|globals|locals|vars|attrs|options|settings|params|headers|cookies|stats|defaults|details|matches|parts|groups|fields|results|tasks|futures|threads|processes)$/;
/**
 * Methods that delete or end what they are given: `delete`, `delete_topics`, `deleteIfExists`,
 * `remove_object`, `queue_delete`, `del`, `drop_bucket`, `disable_secrets_engine`, `terminate`,
 * `cancel`; not a getter or predicate named after one (`arg.get_destroy()`, `is_delete`). A bare
 * `remove()` counts only on a listed item itself (REMOVE_ITEM): on a list it takes one element out.
 */
const DELETE =
  /^(?:(?:delete|drop|destroy|purge|erase|unlink|terminate|cancel|archive|trash)(?:_\w+|[A-Z]\w*)?|del|(?:remove|disable|deprovision)(?:_\w+|[A-Z]\w*)|(?!(?:get|is|has|can|should|on|set|with|find)_)\w+_(?:delete|remove|drop|destroy|purge|archive|trash))$/;
const REMOVE_ITEM = /^remove$/;
/**
 * Methods that open a batch, pipeline or transaction on a client (`t.batch_writer()`, `r.pipeline()`,
 * `db.batch()`, `client.multi()`): what is queued on it is done by that client.
 */
const BATCH_OPEN =
  /^(?:batch(?:_\w+|[A-Z]\w*)?|\w+_batch|pipeline|multi|bulk(?:_\w+|[A-Z]\w*)?|transaction|begin|writer)$/;
/** Cheap gates on the whole text before any tree walk. */
const LIST_WORD =
  /\.\s*\$?(?:[lL]ist(?:_\w+|[A-Z]\w*)?|paginate|auto_paging_iter|iter_\w+|(?:get|find|search|describe)_?(?:all_?|All)?\w*(?:s|[cC]hildren)|get_?[aA]ll|all|retrieve|iterator|get|scan|search|query(?:_?[aA]ll|_more)?|soql|suiteql|select|ls|[a-z]\w*s)\s*\(|\bnew\s+List\w*Command\b/;
const DELETE_WORD =
  /\.\s*\$?(?:delete|drop|destroy|purge|erase|unlink|terminate|cancel|archive|trash|del|remove|disable_|disable[A-Z]|deprovision|\w+_(?:delete|remove|drop|destroy|purge|archive|trash))|\b(?:archived|trashed|in_?[tT]rash|is_?[dD]eleted)\b|\bnew\s+(?:Delete|Drop|Purge|Remove)\w*Command\b|["'](?:Delete\w*|DELETE|delete)["']/;

/** Listing arguments that narrow what is listed (a prefix, a filter, a selector, a query). */
const NARROWING =
  /^(?:prefix|Prefix|name_prefix|namePrefix|starts_with|startswith|filter|filters|Filter|Filters|match|MATCH|pattern|query|q|where|label_selector|labelSelector|field_selector|fieldSelector|tag|tags|status|state|name|names|before|older_than|created|since|purpose|author|owner|search|customer|user|user_id|userId|owner_id|ownerId|email|created_before|createdBefore|label|labels|tag_name|tagName|content_type|contentType)$|[fF]ilter|[fF]ormula|[pP]refix|[sS]elector|[qQ]uery|_where$|[A-Z]?[mM]atch$|(?:^|_|[a-z])(?:[bB]efore|[aA]fter|[sS]ince|[uU]ntil|[oO]lder|[nN]ewer|[cC]reated|[uU]pdated|[mM]odified)/;

/** A filter value that selects the live items, the ones a wipe is after (`status: 'active'`): no narrowing. */
const LIVE = /^["'`](?:active|running|live|enabled|open|all|any|\*)["'`]$/i;

/** A host named in a string (with a scheme or a port), and whether it is this machine. */
const HOST_IN = /^(?:[a-z][\w+.-]*:\/\/(?:[^@/\s]*@)?([\w.-]+|\[[\d:]+\])|([\w.-]+):\d{2,5})(?:[:/?#]|$)/i;
const HOST_OPTION = /\bhost["']?\s*[:=]\s*["']([\w.-]+)["']/gi;
const LOCAL_HOST = /^(?:localhost|127\.[\d.]+|\[::1\]|0\.0\.0\.0|[\w.-]+\.localhost)$/i;

const src = (text: string, n: SyntaxNode): string => text.slice(n.start, n.end);

export interface Call {
  readonly node: SyntaxNode;
  readonly method: string;
  /** The object the method is called on, and the identifier it starts from. */
  readonly recv: SyntaxNode;
  readonly root: string | null;
  readonly args: SyntaxNode | undefined;
}

/** AWS SDK v3 operations made as objects (`new ListObjectsV2Command(...)`): the operation's method name. */
const V3_COMMAND = /^([A-Z]\w*)Command$/;

/** A method call (`a.b.m(...)`) or a v3 command object (client `*`), or undefined for a bare function call. */
export function methodCall(n: SyntaxNode, text: string): Call | undefined {
  if (n.type === 'new_expression') {
    const ctor = n.children.find((c) => c.named);
    const op = ctor?.type === 'identifier' ? V3_COMMAND.exec(src(text, ctor))?.[1] : undefined;
    if (op === undefined || ctor === undefined) return undefined;
    const method = op[0]!.toLowerCase() + op.slice(1);
    return { node: n, method, recv: ctor, root: '*', args: n.children.find((c) => c.type === 'arguments') };
  }
  if (n.type !== 'call' && n.type !== 'call_expression') return undefined;
  const callee = n.children[0];
  if (callee === undefined || (callee.type !== 'attribute' && callee.type !== 'member_expression'))
    return undefined;
  const recv = callee.children[0];
  const prop = callee.children[callee.children.length - 1];
  if (recv === undefined || prop === undefined) return undefined;
  let root: SyntaxNode | undefined = recv;
  while (root !== undefined && root.type !== 'identifier')
    root =
      root.type === 'attribute' ||
      root.type === 'member_expression' ||
      root.type === 'call' ||
      root.type === 'call_expression' ||
      root.type === 'subscript' ||
      root.type === 'subscript_expression' ||
      root.type === 'await_expression' ||
      root.type === 'await' ||
      root.type === 'parenthesized_expression' ||
      root.type === 'new_expression'
        ? root.children.find((c) => c.named)
        : undefined;
  return {
    node: n,
    // proxmox-api spells its verbs `$get`, `$delete`.
    method: src(text, prop).replace(/^\$/, ''),
    recv,
    root: root ? src(text, root) : null,
    args: n.children.find((c) => c.type === 'argument_list' || c.type === 'arguments'),
  };
}

/** The last name of a receiver (`s3.buckets` → buckets, `c.collections` → collections). */
function lastName(n: SyntaxNode, text: string): string {
  const last = n.type === 'identifier' ? n : n.children[n.children.length - 1];
  return last === undefined ? '' : src(text, last);
}

/** A call that lists a store's items: a listing method, or all()/retrieve() on a plural. */
function isListing(c: Call, text: string): boolean {
  if (LISTING.test(c.method)) return true;
  const args = c.args?.children.filter((k) => k.named && k.type !== 'comment') ?? [];
  // A query of every record of an object (`sf.query_all("SELECT Id FROM Account")`): no WHERE, no LIMIT.
  if (QUERY_CALL.test(c.method) && args[0] !== undefined && WHOLE_SELECT.test(src(text, args[0])))
    return true;
  // Only options (`issues({ first: 250 })`, `servers(all_projects=True)`): no part picked by position.
  const optionsOnly = args.every((k) => /^(?:keyword_argument|object|dictionary)$/.test(k.type));
  if (optionsOnly && PLURAL_CALL.test(c.method) && !NOT_COLLECTION.test(c.method)) return true;
  if (optionsOnly && OPEN_LISTING.test(c.method)) return true;
  // A bare get() on a sub-resource (`px.nodes('pve1').qemu.get()`), not on a name (`queue.get()`).
  if (args.length === 0 && c.method === 'get' && c.recv.type !== 'identifier') return true;
  // `zones.dns_records.get(zone)`: a parent named, every child answered; not an HTTP client's get (`requests.get(url)`).
  const get = c.method === 'get' && (args.length === 0 || c.recv.type !== 'identifier');
  return (PLURAL_LISTING.test(c.method) || get) && /^[a-z_]\w*[a-z]s$/i.test(lastName(c.recv, text));
}

/** A listing call that lists everything: no argument narrows it (an empty prefix does not). */
function listsEverything(c: Call, text: string): boolean {
  const stack = c.args ? [...c.args.children] : [];
  // The query the listing ends (`select({ filterByFormula }).all()`, `where(...).all()`) narrows it too.
  for (let r: SyntaxNode | undefined = c.recv; r !== undefined; r = r.children.find((k) => k.named)) {
    const inner = methodCall(r, text);
    if (inner === undefined) continue;
    if (/^(?:filter|where|filter_by|exclude)$/.test(inner.method)) return false;
    if (inner.args) stack.push(...inner.args.children);
  }
  while (stack.length > 0) {
    const a = stack.pop()!;
    if (a.type === 'keyword_argument' || a.type === 'pair') {
      const key = a.children[0];
      const value = a.children[a.children.length - 1];
      if (key && NARROWING.test(src(text, key).replace(/^["']|["']$/g, '')) && value) {
        if (!/^(?:["'`]{2}|None|null|undefined)$/.test(src(text, value)) && !LIVE.test(src(text, value)))
          return false;
      } else if (value?.type === 'object' || value?.type === 'dictionary') stack.push(...value.children);
      // `params={"name": ...}`, `{ where: {...} }`: the options' own keys narrow too.
    } else if (a.type === 'object' || a.type === 'dictionary') stack.push(...a.children);
    else if (a.type === 'shorthand_property_identifier' && shorthandNarrows(src(text, a), text)) return false;
  }
  return true;
}

/**
 * `{ Bucket, Prefix }`: a narrowing key written as a variable of its name narrows, unless the input
 * sets that variable to nothing (`const Prefix = ''`).
 */
function shorthandNarrows(name: string, text: string): boolean {
  if (!NARROWING.test(name)) return false;
  const at = text.indexOf(`${name} =`);
  return (
    at >= 0 &&
    !/^\s*=\s*(?:''|""|``|null|undefined)/.test(text.slice(at + name.length, at + name.length + 16))
  );
}

/**
 * A listing chained on a narrowed one (`Customer.list(email=e).auto_paging_iter()`): the pager walks
 * only what the first call selected.
 */
function narrowedBefore(recv: SyntaxNode, text: string): boolean {
  for (let n: SyntaxNode | undefined = recv; n !== undefined;) {
    const c = methodCall(n, text);
    if (c !== undefined && isListing(c, text) && !listsEverything(c, text)) return true;
    n = c !== undefined ? c.recv : n.children.find((k) => k.named);
  }
  return false;
}

/**
 * A listing call narrowed by its own options (`p.pipelines.list(status="failed")`): what it answers
 * is that selection, whatever listing its receiver came from (R15: a project got by name, then
 * its failed pipelines).
 */
function narrowedListing(n: SyntaxNode, text: string): boolean {
  const c = methodCall(n, text);
  return c !== undefined && isListing(c, text) && !listsEverything(c, text);
}

/** Whether `n` holds a listing call that lists everything. */
function holdsListing(n: SyntaxNode, text: string): SyntaxNode | undefined {
  const stack = [n];
  while (stack.length > 0) {
    const x = stack.pop()!;
    const c = methodCall(x, text);
    if (c !== undefined && isListing(c, text) && listsEverything(c, text) && !narrowedBefore(c.recv, text))
      return x;
    // A comprehension with an `if`, a .filter(): only some items.
    if (x.type === 'if_clause' && !spares(x, text)) return undefined;
    if (c !== undefined && c.method === 'filter' && !spares(x, text)) return undefined;
    pushNamed(stack, x, true);
  }
  return undefined;
}

/** The identifiers `n` reads (an attribute's own name left out: `o.name` reads o). */
function reads(n: SyntaxNode, text: string, names: ReadonlySet<string>): boolean {
  const stack = [n];
  while (stack.length > 0) {
    const x = stack.pop()!;
    if ((x.type === 'identifier' || x.type === 'shorthand_property_identifier') && names.has(src(text, x)))
      return true;
    const kids = x.type === 'attribute' ? x.children.slice(0, 1) : x.children;
    for (const k of kids) if (k.named) stack.push(k);
  }
  return false;
}

/** Names bound by a loop's target (`blob`, `(k, v)`, `const { name }`). */
function boundNames(n: SyntaxNode, text: string): string[] {
  const out: string[] = [];
  const stack = [n];
  while (stack.length > 0) {
    const x = stack.pop()!;
    if (x.type === 'identifier' || x.type === 'shorthand_property_identifier_pattern') out.push(src(text, x));
    else if (x.type !== 'pair_pattern')
      for (const k of x.children)
        if (k.named) stack.push(k);
        else {
          const v = x.children[x.children.length - 1];
          if (v) stack.push(v);
        }
  }
  return out;
}

/** A loop over a listing: the names its items are bound to, and where they hold. */
interface Frame {
  readonly names: ReadonlySet<string>;
  /** Listing calls' roots: the clients listed. */
  readonly roots: ReadonlySet<string>;
  readonly body: SyntaxNode;
}

/** The loop's target, iterable and body, or undefined when `n` is no loop over items. */
function loopParts(n: SyntaxNode, text: string): [SyntaxNode, SyntaxNode, SyntaxNode] | undefined {
  if (n.type === 'for_statement' && n.children.some((c) => c.type === 'in')) {
    const kids = n.children;
    const left = kids[kids.findIndex((c) => c.type === 'for') + 1];
    const right = kids[kids.findIndex((c) => c.type === 'in') + 1];
    const body = kids.find((c) => c.type === 'block');
    return left && right && body ? [left, right, body] : undefined;
  }
  // `[b.delete() for b in listing]`: the comprehension's own expression is the body.
  if (n.type.endsWith('comprehension') || n.type === 'generator_expression') {
    const clause = n.children.find((c) => c.type === 'for_in_clause');
    if (clause === undefined || n.children.some((c) => c.type === 'if_clause' && !spares(c, text)))
      return undefined;
    const kids = clause.children;
    const left = kids[kids.findIndex((c) => c.type === 'for') + 1];
    const right = kids[kids.findIndex((c) => c.type === 'in') + 1];
    return left && right ? [left, right, n] : undefined;
  }
  if (n.type === 'for_in_statement') {
    const kids = n.children;
    const at = kids.findIndex((c) => c.type === 'of' || c.type === 'in');
    const left = kids[at - 1];
    const right = kids[at + 1];
    const body = kids[kids.length - 1];
    return left && right && body && at > 0 ? [left, right, body] : undefined;
  }
  return undefined;
}

/** A literal string or a literal collection of strings (`'system'`, `("admin", "local")`, `['sys']`). */
function literalNames(n: SyntaxNode): boolean {
  if (n.type === 'string' || n.type === 'template_string')
    return !n.children.some((k) => k.type === 'interpolation' || k.type === 'template_substitution');
  if (/^(?:tuple|list|set|array|parenthesized_expression)$/.test(n.type)) {
    const items = n.children.filter((k) => k.named && k.type !== 'comment');
    return items.length > 0 && items.every(literalNames);
  }
  return false;
}

/**
 * Whether a condition only names a few items by literal: when `keep`, it holds for every item but
 * those (`name not in ("admin", "local")`, `!n.startsWith('system')`, `x != 'sys/'`); otherwise it
 * holds only for those (`name in (...)`, `n.startswith('system')`). A loop guarded so still
 * deletes every other item: the guard spares the store's own system entries, not the data.
 */
function namesFew(n: SyntaxNode, text: string, keep: boolean): boolean {
  const named = n.children.filter((k) => k.named && k.type !== 'comment');
  switch (n.type) {
    case 'parenthesized_expression':
      return named.length === 1 && namesFew(named[0]!, text, keep);
    case 'not_operator':
    case 'unary_expression': {
      const op = n.children[0];
      return op !== undefined && /^(?:not|!)$/.test(src(text, op)) && named.length === 1
        ? namesFew(named[0]!, text, !keep)
        : false;
    }
    case 'boolean_operator':
    case 'binary_expression':
    case 'comparison_operator': {
      const op = n.children
        .filter((k) => !k.named)
        .map((k) => src(text, k))
        .join(' ');
      if (named.length !== 2) return false;
      const [a, b] = named as [SyntaxNode, SyntaxNode];
      // Every part spares items (and / &&) when kept, or every part names them (or / ||) when skipped.
      if (op === (keep ? 'and' : 'or') || op === (keep ? '&&' : '||'))
        return namesFew(a, text, keep) && namesFew(b, text, keep);
      if (/^(?:not in|in)$/.test(op)) return (op === 'not in') === keep && literalNames(b);
      if (/^(?:!=|!==|==|===)$/.test(op))
        return op.startsWith('!') === keep && (literalNames(a) || literalNames(b));
      return false;
    }
    case 'call':
    case 'call_expression': {
      // `x.startswith('system')`, `['sys'].includes(x)`: true for a few named items only.
      const c = methodCall(n, text);
      if (keep || c === undefined || c.args === undefined) return false;
      const args = c.args.children.filter((k) => k.named);
      if (/^(?:startswith|endswith|startsWith|endsWith)$/.test(c.method))
        return args.length > 0 && args.every(literalNames);
      return c.method === 'includes' && literalNames(c.recv);
    }
    default:
      return false;
  }
}

/**
 * A comprehension's `if` clause or a `.filter(cb)` that only spares a few named items
 * (`if n not in ("admin",)`, `.filter((x) => !x.name.startsWith('system'))`): it narrows nothing.
 */
function spares(n: SyntaxNode, text: string): boolean {
  if (n.type === 'if_clause') {
    const cond = conditionOf(n);
    return cond !== undefined && namesFew(cond, text, true);
  }
  const fn = n.children
    .find((k) => k.type === 'arguments')
    ?.children.find((k) => k.type === 'arrow_function' || k.type === 'function_expression');
  const body = fn?.children[fn.children.length - 1];
  if (body === undefined) return false;
  if (body.type !== 'statement_block') return namesFew(body, text, true);
  const ret = body.children.find((k) => k.type === 'return_statement')?.children.find((k) => k.named);
  return ret !== undefined && body.children.filter((k) => k.named).length === 1 && namesFew(ret, text, true);
}

/** A member that measures an item and is never negative (`blob.size`, `o.Size`, `len(x)`). */
const MEASURE = /(?:^|[._])(?:size|length|count|bytes|content_?length|num_?bytes|len)$/i;
/** A member that dates an item (`o.last_modified`, `LastModified`, `time_created`, `updated_at`). */
const DATED = /(?:modified|created|updated|time|date|_at|At|timestamp)$/i;
/** A call that answers the present moment (`datetime.now(tz)`, `utcnow()`, `Date.now()`, `new Date()`, `time.time()`). */
const NOW_CALL =
  /^(?:[\w.]+\.)?(?:now|utcnow|today|time)\((?:[^()]|\([^()]*\))*\)$|^new\s+Date\(\s*\)$|^Date\.now\(\s*\)$/;

/** Whether `n` is the present moment, directly or through a name assigned it once (`now = datetime.now(tz)`). */
function isNow(n: SyntaxNode, text: string): boolean {
  const t = src(text, n).trim();
  if (NOW_CALL.test(t)) return true;
  if (!/^[A-Za-z_$][\w$]*$/.test(t)) return false;
  const m = new RegExp(
    `(?:^|[\\s;])(?:(?:const|let|var)\\s+)?${t.replace(/\$/g, '\\$')}\\s*=\\s*([^\\n;]+)`,
  ).exec(text);
  return m !== null && NOW_CALL.test(m[1]!.trim());
}

/**
 * Whether a condition holds for every item a listing returns, so it picks none (R17): a size at
 * or above zero (`blob.size >= 0`, `o.Size > -1`), a date before now (`o.last_modified < now`),
 * a literal truth, or parts joined so (`and` of such, `or` with one).
 */
function alwaysTrue(n: SyntaxNode, text: string): boolean {
  const named = n.children.filter((k) => k.named && k.type !== 'comment');
  if (n.type === 'true') return true;
  if (n.type === 'parenthesized_expression') return named.length === 1 && alwaysTrue(named[0]!, text);
  if (!/^(?:boolean_operator|binary_expression|comparison_operator)$/.test(n.type) || named.length !== 2)
    return false;
  const op = n.children
    .filter((k) => !k.named)
    .map((k) => src(text, k))
    .join(' ');
  const [a, b] = named as [SyntaxNode, SyntaxNode];
  if (op === 'and' || op === '&&') return alwaysTrue(a, text) && alwaysTrue(b, text);
  if (op === 'or' || op === '||') return alwaysTrue(a, text) || alwaysTrue(b, text);
  // Written either way round: `x >= 0` or `0 <= x`.
  const [lo, hi] = op === '>=' || op === '>' ? [b, a] : op === '<=' || op === '<' ? [a, b] : [];
  if (lo === undefined || hi === undefined) return false;
  const low = src(text, lo).replace(/\s+/g, '');
  // `o["Size"]` read as `o.Size`; a call's arguments dropped (`new Date(f.updated)` → `new Date`).
  const member = (x: SyntaxNode): string =>
    src(text, x)
      .replace(/\s+/g, '')
      .replace(/\[["'](\w+)["']\]$/, '.$1')
      .replace(/\(.*\)$/, '');
  if ((low === '0' && op.includes('=')) || low === '-1')
    return MEASURE.test(member(hi)) || /^len\(.+\)$/.test(src(text, hi).replace(/\s+/g, ''));
  return isNow(hi, text) && DATED.test(member(lo));
}

/** The condition of an `if`, a comprehension's `if` clause, a ternary. */
function conditionOf(n: SyntaxNode): SyntaxNode | undefined {
  const at = n.children.findIndex((k) => k.type === 'if');
  return (at >= 0 ? n.children.slice(at + 1) : n.children).find((k) => k.named && k.type !== 'comment');
}

/** Whether a condition sits between the loop's body and `path`'s end (a sweep picks which items go). */
function guarded(path: readonly SyntaxNode[], body: SyntaxNode, at: number, text: string): boolean {
  // A tree repaired around a syntax error can hang the body off the path: read the whole path then.
  const from = Math.max(path.indexOf(body), 0);
  for (let i = from; i < path.length; i++) {
    const n = path[i]!;
    if (n.type === 'if_statement') {
      const cond = conditionOf(n);
      if (cond !== undefined && (namesFew(cond, text, true) || alwaysTrue(cond, text))) continue;
      return true;
    }
    if (/^(?:conditional_expression|ternary_expression|if_clause)$/.test(n.type)) {
      const cond = conditionOf(n);
      if (cond !== undefined && alwaysTrue(cond, text)) continue;
      return true;
    }
    if (n.type === 'while_statement') return true;
  }
  // `if old: continue` before the delete skips some items too (`if name in ('sys',): continue` only a few).
  return body.children.some((c) => {
    if (c.end > at || c.type !== 'if_statement' || !skips(c)) return false;
    const cond = conditionOf(c);
    return cond === undefined || !namesFew(cond, text, false);
  });
}

/** Flags that put a record in the trash when set by an update (`archived: true`, `in_trash=True`). */
const TRASH_FLAG =
  /^["']?(?:archived|trashed|in_?[tT]rash|is_?[aA]rchived|is_?[dD]eleted|deleted|is_?[tT]rashed)["']?$/;
const UPDATE_VERB = /^(?:update|patch|modify|edit|save|put|set)(?:_\w+|[A-Z]\w*)?$/;

/** An update that trashes what it names (notion `pages.update({ archived: true })`): a delete by another name. */
function softDelete(c: Call, text: string): boolean {
  if (!UPDATE_VERB.test(c.method) || c.args === undefined) return false;
  const stack = [...c.args.children];
  while (stack.length > 0) {
    const a = stack.pop()!;
    if (a.type === 'keyword_argument' || a.type === 'pair') {
      const key = a.children[0];
      const value = a.children[a.children.length - 1];
      if (key && value && TRASH_FLAG.test(src(text, key)) && /^(?:true|True|1)$/.test(src(text, value)))
        return true;
      if (value) stack.push(value);
    } else if (a.type === 'object' || a.type === 'dictionary') stack.push(...a.children);
  }
  return false;
}

/** Whether an `if` leaves the loop's item behind (`if keep: continue`, `return`, `raise`), not only does more work. */
function skips(n: SyntaxNode): boolean {
  const stack = n.children.filter((k) => k.named).slice(1);
  while (stack.length > 0) {
    const x = stack.pop()!;
    if (
      /^(?:continue_statement|break_statement|return_statement|raise_statement|throw_statement)$/.test(x.type)
    )
      return true;
    if (/function|lambda|class/.test(x.type)) continue;
    pushNamed(stack, x, true);
  }
  return false;
}

/** Keys of a batch entry that say what it does (`{"Action": "DELETE"}`, `{ _op_type: 'delete' }`). */
const ENTRY_OP = /^["']?(?:action|Action|op|_op_type|opType|operation|Operation|type|method)["']?$/;

/**
 * A batch API's delete entry: an object whose op key is a literal DELETE (Route 53's change batch,
 * elasticsearch bulk `_op_type`) or whose key names a delete request (`DeleteRequest`, `delete`).
 * Built for each listed item, it deletes that item when the batch is sent.
 */
function deleteEntry(n: SyntaxNode, text: string): boolean {
  if (n.type !== 'dictionary' && n.type !== 'object') return false;
  for (const p of n.children) {
    if (p.type !== 'pair') continue;
    const key = p.children[0];
    const value = p.children[p.children.length - 1];
    if (key === undefined || value === undefined) continue;
    const k = src(text, key);
    if (/^["']?(?:Delete\w*|delete(?:One|Many)?)["']?$/.test(k)) return true;
    if (ENTRY_OP.test(k) && /^["'`](?:delete|DELETE|Delete)["'`]$/.test(src(text, value))) return true;
  }
  return false;
}

/** A delete entry as the call that judge weighs: the entry itself is what reads the item. */
function entryCall(n: SyntaxNode): Call {
  return { node: n, method: 'delete', recv: n, root: null, args: undefined };
}

/** An option that asks a delete for every item (`delete_all_contacts=true`, `deleteAll: true`, `all: 'true'`). */
const ALL_FLAG = /^["'`]?(?:(?:delete|remove|purge|drop|erase)_?[aA]ll\w*|all|all_?items|allItems)["'`]?$/;
const ALL_FLAG_WORD =
  /(?:delete|remove|purge|drop|erase)_?[aA]ll\w*["'`]?\s*[:=]|\ball["'`]?\s*[:=]\s*["'`]?(?:true|True|1)\b/;

/**
 * A delete call given an option that asks for every item (R17: SendGrid
 * `contacts.delete(query_params={"delete_all_contacts": "true"})`): the store is emptied, as a
 * delete over its whole listing would; written as that request, so NET-AST-003 judges it.
 */
function deleteAllFlags(root: SyntaxNode, text: string, lang: Lang, col: Collector): void {
  const facts = testFacts(root, text, lang);
  const host = listedHost(facts.strings);
  if (host === null) return;
  const stack = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    pushNamed(stack, n);
    const c = methodCall(n, text);
    // A delete method, or a request whose options say DELETE (`request({ method: 'DELETE', ... })`).
    if (c === undefined || c.args === undefined) continue;
    if (!DELETE.test(c.method) && !c.args.children.some((a) => deleteEntry(a, text))) continue;
    const opts = [...c.args.children];
    let every = false;
    while (opts.length > 0 && !every) {
      const a = opts.pop()!;
      if (a.type === 'keyword_argument' || a.type === 'pair') {
        const key = a.children[0];
        const value = a.children[a.children.length - 1];
        if (
          key &&
          value &&
          ALL_FLAG.test(src(text, key)) &&
          /^["'`]?(?:true|True|1)["'`]?$/.test(src(text, value))
        )
          every = true;
        else if (value?.type === 'object' || value?.type === 'dictionary') opts.push(...value.children);
      } else if (a.type === 'object' || a.type === 'dictionary') opts.push(...a.children);
    }
    const span = { start: c.node.start, end: c.node.end };
    if (!every || (inTestScope(root, text, lang, span) && !productionTarget(facts.strings))) continue;
    col.nested(
      `curl -X DELETE ${shellWord(strVal(`https://${host}/every-listed-item`))}`,
      'bash',
      span,
      lang,
    );
  }
}

/**
 * `listing.forEach((c) => ...)`, `.map(...)`: the callback's parameters are the items;
 * `listing.then(({ data }) => ...)`: they are the listing itself (its items read through them).
 */
const EACH = /^(?:forEach|map|flatMap|each|for_each|then)$/;

/**
 * Every delete over a listing in the input, handed to `col` as the HTTP DELETE it amounts to.
 * Runs once per input after the walk; skipped unless the text has both a listing and a delete.
 */
export function listingDeletes(root: SyntaxNode, text: string, lang: Lang, col: Collector): void {
  if (ALL_FLAG_WORD.test(text)) deleteAllFlags(root, text, lang, col);
  if (!LIST_WORD.test(text) || !DELETE_WORD.test(text)) return;
  const facts = testFacts(root, text, lang);
  const host = listedHost(facts.strings, text);
  if (host === null) return;
  // Names assigned a listing (`topics = admin.list_topics()`), and the clients listed.
  const assigned = new Set<string>();
  const listedRoots = new Set<string>();
  // Names bound to a batch opened on a client (`with t.batch_writer() as bw`): that client.
  const batchOf = new Map<string, string>();
  const pre = [root];
  while (pre.length > 0) {
    const n = pre.pop()!;
    const c = methodCall(n, text);
    if (c !== undefined && isListing(c, text) && c.root !== null) listedRoots.add(c.root);
    const opened = batchOpened(n, text);
    if (opened !== undefined) batchOf.set(opened[0], opened[1]);
    if (
      (n.type === 'assignment' || n.type === 'variable_declarator' || n.type === 'assignment_expression') &&
      n.children.length >= 2
    ) {
      const target = n.children[0]!;
      const value = n.children[n.children.length - 1]!;
      const names = boundNames(target, text);
      if (names.length > 0 && holdsListing(value, text)) for (const x of names) assigned.add(x);
    }
    pushNamed(pre, n);
  }
  if (listedRoots.size === 0) return;
  const frames: Frame[] = [];
  /** Whether `n` is or reads a listing: a listing call, a name assigned one, an item of an active loop. */
  const listed = (n: SyntaxNode): boolean =>
    !narrowedListing(n, text) &&
    (holdsListing(n, text) !== undefined ||
      reads(n, text, assigned) ||
      frames.some((f) => reads(n, text, f.names)));
  const rootsOf = (n: SyntaxNode): ReadonlySet<string> => {
    const r = methodCall(holdsListing(n, text) ?? n, text)?.root;
    return r && listedRoots.has(r) ? new Set([r]) : listedRoots;
  };
  const visit = (n: SyntaxNode, path: SyntaxNode[]): void => {
    path.push(n);
    const c = methodCall(n, text);
    const loop = loopParts(n, text);
    let pushed = 0;
    if (loop !== undefined && listed(loop[1])) {
      const [left, right, body] = loop;
      frames.push({ names: new Set(boundNames(left, text)), roots: rootsOf(right), body });
      pushed++;
    }
    if (c !== undefined && EACH.test(c.method) && c.args !== undefined && listed(c.recv)) {
      for (const fn of c.args.children) {
        if (!/^(?:arrow_function|function_expression|function|lambda)$/.test(fn.type)) continue;
        const params = fn.children.find((k) => /parameters$/.test(k.type)) ?? fn.children[0];
        if (params === undefined) continue;
        frames.push({ names: new Set(boundNames(params, text)), roots: rootsOf(c.recv), body: fn });
        pushed++;
      }
    }
    if (c !== undefined && (DELETE.test(c.method) || softDelete(c, text))) judge(c, path, false);
    else if (c !== undefined && REMOVE_ITEM.test(c.method)) judge(c, path, true);
    else if (frames.length > 0 && deleteEntry(n, text)) judge(entryCall(n), path, true);
    // Indexed: a for...of allocates an iterator result per child until the code is optimized.
    const kids = n.children;
    for (let i = 0; i < kids.length; i++) {
      const k = kids[i]!;
      if (k.named && k.type !== 'comment') visit(k, path);
    }
    frames.length -= pushed;
    path.pop();
  };
  /** `itemOnly`: the delete counts only when it is made on a listed item itself (`c.remove()`). */
  const judge = (call: Call, path: readonly SyntaxNode[], itemOnly: boolean): void => {
    const opened = call.root === null ? undefined : batchOf.get(call.root);
    const c = opened === undefined ? call : { ...call, root: opened };
    const span = { start: c.node.start, end: c.node.end };
    let over = false;
    // The listing itself handed to the delete: `admin.delete_topics(admin.list_topics())`.
    if (!itemOnly && c.args !== undefined && c.root !== null && (listedRoots.has(c.root) || c.root === '*'))
      over = holdsListing(c.args, text) !== undefined || reads(c.args, text, assigned);
    for (const f of frames) {
      if (over) break;
      if (guarded(path, f.body, c.node.start, text)) continue;
      over =
        reads(c.recv, text, f.names) ||
        (!itemOnly &&
          c.root !== null &&
          (f.roots.has(c.root) || f.roots.has('*') || c.root === '*') &&
          c.args !== undefined &&
          reads(c.args, text, f.names));
    }
    if (!over || (inTestScope(root, text, lang, span) && !productionTarget(facts.strings))) return;
    // A payment sandbox's client (`require('stripe')('sk_test_…')`): test-mode objects only.
    if (c.root !== null && sandboxClient(root, text, c.root)) return;
    const url = `https://${host}/every-listed-item`;
    col.nested(`curl -X DELETE ${shellWord(strVal(url))}`, 'bash', span, lang);
  };
  visit(root, []);
}

/** `with t.batch_writer() as bw` / `p = r.pipeline()`: the name bound and the client the batch is on. */
function batchOpened(n: SyntaxNode, text: string): [string, string] | undefined {
  let value: SyntaxNode | undefined;
  let target: SyntaxNode | undefined;
  if (n.type === 'as_pattern') {
    value = n.children[0];
    target = n.children.find((k) => k.type === 'as_pattern_target')?.children[0];
  } else if (
    n.type === 'assignment' ||
    n.type === 'variable_declarator' ||
    n.type === 'assignment_expression'
  ) {
    value = n.children[n.children.length - 1];
    target = n.children[0];
  }
  if (value?.type === 'await_expression' || value?.type === 'await')
    value = value.children.find((k) => k.named);
  if (value === undefined || target?.type !== 'identifier') return undefined;
  const c = methodCall(value, text);
  if (c === undefined || c.root === null || !BATCH_OPEN.test(c.method)) return undefined;
  return [src(text, target), c.root];
}

/**
 * Where the listed store is: the first host a string names that is not this machine, or a hosted
 * service's when none is named; null when only this machine is named (a dev or test server).
 */
export function listedHost(strings: readonly string[], text?: string): string | null {
  let local = false;
  // A client's host given bare as a `host` option (`{"host": "localhost", "port": "8108"}`).
  if (text !== undefined && text.length < 65536)
    for (const m of text.matchAll(HOST_OPTION)) {
      if (!LOCAL_HOST.test(m[1]!)) return m[1]!;
      local = true;
    }
  for (const s of strings) {
    if (s.length > 300) continue;
    const m = HOST_IN.exec(s);
    const h = m?.[1] ?? m?.[2];
    if (h === undefined) continue;
    if (LOCAL_HOST.test(h)) local = true;
    else if (/[a-z]/i.test(h) || /^\d+\.\d+\.\d+\.\d+$/.test(h)) return h;
  }
  return local ? null : 'hosted-store.remote';
}
