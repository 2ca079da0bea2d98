/**
 * A whole store emptied or dropped by a method whose name says so, whatever the client (R8
 * datastore-wipe-unmodelled): `kv.flushall()`, upstash `redis.flushall()`, `client.flushDb()`,
 * loopback `Order.destroyAll()`, `store.delete_all()`, `cluster.drop_keyspace(...)`. Read from the
 * tree by method name and arguments alone, so a client we do not model is judged as one we do:
 * written as the HTTP DELETE of the store (NET-AST-003). A filter or prefix argument narrows it;
 * a store only on this machine (localhost, in memory) and a test's own tear-down stay everyday work.
 */
import type { SyntaxNode } from '../../parse/index.js';
import { shellWord, type Collector } from './collector.js';
import { listedHost, methodCall } from './listing-deletes.js';
import { onThisMachine } from './local-store.js';
import { inTestScope, productionTarget, testFacts } from './test-scope.js';
import { strVal } from './value.js';
import { pushNamed } from './syntax.js';

type Lang = 'python' | 'node';

/** listedHost's answer when the input names no address (the client's configured, hosted store). */
const HOSTED = 'hosted-store.remote';

/** Methods that empty or drop everything their receiver holds. */
const WHOLE =
  /^(?:flush_?all|flushAll|flush_?db|flushDb|flushDB|delete_?all(?:_\w+)?|deleteAll(?:[A-Z]\w*)?|purge_?all(?:_\w+)?|purgeAll(?:[A-Z]\w*)?|truncate_?all|truncateAll|wipe_?all|wipeAll|destroy_?all|destroyAll|drop_?everything|dropEverything|drop_?all_?(?:tables|collections|indexes|indices|keyspaces|databases)|dropAll(?:Tables|Collections|Indexes|Indices|Keyspaces|Databases))$/;
/** Cheap gate on the whole text. */
const WHOLE_WORD =
  /\.\s*(?:flush|delete_?[aA]ll|purge_?[aA]ll|truncate_?[aA]ll|wipe_?[aA]ll|destroy_?[aA]ll|drop_?(?:everything|Everything|all_|All))/;
/**
 * A delete whose selector is the whole store (`kv.delete("", recurse=True)`, solr `delete(q="*:*")`,
 * `delete_pattern("*")`): a method whose name says delete/drop/purge/flush/destroy/truncate/wipe/
 * clear, whatever the vendor (not a bare `remove`: `fields.remove('*')` takes one element out of
 * a list). One named key stays everyday work.
 */
const SELECTOR_METHOD =
  /^(?:(?:delete|drop|purge|flush|destroy|truncate|wipe|clear|erase)(?:_\w+|[A-Z]\w*)?|del|remove(?:_\w+|[A-Z]\w*)|\w+_(?:delete|purge|flush|clear))$/;
/** Selectors that match everything: a wildcard or match-all query; '' and '/' only with a recursive flag. */
const ALL_SELECTOR = /^["'`](?:\*|\*:\*|\*\*|\.\*|%|\*\/\*|\/\*)["'`]$/;
const ROOT_SELECTOR = /^["'`]\/?["'`]$/;
const RECURSIVE_KEY = /^(?:recurse|recursive|prefix)$/;
/** Keyword arguments that name what is selected (a key, a query, a pattern). */
const SELECTOR_KEY = /^(?:q|query|key|keys|pattern|match|path|prefix|selector|filter|where|id|ids|name)$/;
const SELECTOR_WORD = /["'`](?:\*|\*:\*|\*\*|\.\*|%|\/?)["'`]|\.\s*delete\(\s*\)\s*\.\s*all\b/;

/** Arguments that do not narrow what is removed (a mode, a flag, a bind, a timeout). */
const MODE_KEY =
  /^(?:force|async|asynchronous|sync|bind|confirm|timeout|wait|cascade|mode|checkfirst|commit|always_commit|refresh)$/i;
const MODE_WORD = /^["'`](?:ASYNC|SYNC)["'`]$/i;

const src = (text: string, n: SyntaxNode): string => text.slice(n.start, n.end);

/** Whether the call's arguments leave everything in: none, a mode word, an options object of modes. */
function unnarrowed(args: SyntaxNode | undefined, text: string): boolean {
  for (const a of args?.children ?? []) {
    if (!a.named || a.type === 'comment') continue;
    if (a.type === 'keyword_argument') {
      const key = a.children[0];
      if (key === undefined || !MODE_KEY.test(src(text, key))) return false;
    } else if (a.type === 'object') {
      for (const p of a.children) {
        if (!p.named || p.type === 'comment') continue;
        const key = p.type === 'pair' ? p.children[0] : p;
        if (key === undefined || !MODE_KEY.test(src(text, key).replace(/^["']|["']$/g, ''))) return false;
      }
    } else if (!MODE_WORD.test(src(text, a)) && !/^(?:true|True)$/.test(src(text, a))) return false;
  }
  return true;
}

/**
 * Whether the call's arguments select everything: a match-all selector, or the root ('' or '/')
 * with a recursive flag, and nothing else but modes.
 */
function selectsAll(args: SyntaxNode | undefined, text: string): boolean {
  let all = false;
  let root = false;
  let recursive = false;
  // An options object's fields are the call's keyword arguments (`del({ key: '', recurse: true })`).
  const only = args?.children.filter((a) => a.named && a.type !== 'comment') ?? [];
  const list = only.length === 1 && only[0]!.type === 'object' ? only[0]!.children : only;
  for (const a of list) {
    if (!a.named || a.type === 'comment') continue;
    const pair = a.type === 'keyword_argument' || a.type === 'pair';
    const key = pair ? src(text, a.children[0]!).replace(/^["']|["']$/g, '') : '';
    const v = pair ? a.children[a.children.length - 1]! : a;
    const t = src(text, v);
    if (pair && RECURSIVE_KEY.test(key) && /^(?:true|True|1)$/.test(t)) recursive = true;
    else if ((!pair || SELECTOR_KEY.test(key)) && ALL_SELECTOR.test(t)) all = true;
    else if ((!pair || SELECTOR_KEY.test(key)) && ROOT_SELECTOR.test(t)) root = true;
    else if (!pair || !MODE_KEY.test(key)) return false;
  }
  return all || (root && recursive);
}

/** Whether `n` is a call of a method `re` names with no argument. */
function emptyCall(n: SyntaxNode, re: RegExp, text: string): boolean {
  const c = methodCall(n, text);
  return c !== undefined && re.test(c.method) && !c.args?.children.some((a) => a.named);
}

/** A client made with no address (`redis.Redis()`, `Redis(db=15)`) or a loopback one: this machine. */
function madeBare(n: SyntaxNode | undefined, text: string): boolean {
  while (n !== undefined && /^(?:await|await_expression|parenthesized_expression)$/.test(n.type))
    n = n.children.find((k) => k.named);
  if (n === undefined || !/^(?:call|call_expression|new_expression)$/.test(n.type)) return false;
  // `Redis.from_env()`, `fromUrl()`: an address from the configuration, not the default.
  const callee = n.children.find((k) => k.named);
  if (callee !== undefined && /(?:env|url|config|connection|string)\w*$/i.test(src(text, callee)))
    return false;
  const args = n.children.find((k) => k.type === 'argument_list' || k.type === 'arguments');
  return (args?.children ?? []).every((a) => localArg(a, text));
}

/** An argument that keeps the client here: a number, a flag, a loopback address, an object of those. */
function localArg(a: SyntaxNode, text: string): boolean {
  if (!a.named || a.type === 'comment') return true;
  const v = a.type === 'keyword_argument' || a.type === 'pair' ? a.children[a.children.length - 1] : a;
  if (v === undefined) return false;
  // `Redis(host='localhost', port=6379)`, `new Redis({ host: '127.0.0.1' })`: an address on this machine.
  if (v.type === 'string') return onThisMachine(src(text, v).replace(/^[rbuf]*["'`]|["'`]$/gi, ''));
  if (v.type === 'object') return v.children.every((p) => localArg(p, text));
  return /^(?:integer|number|true|false|True|False)$/.test(v.type);
}

/** The value a name is first bound to (`r = redis.Redis()`, `const c = new Redis()`). */
function boundValue(root: SyntaxNode, text: string, name: string): SyntaxNode | undefined {
  const stack = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if ((n.type === 'assignment' || n.type === 'variable_declarator') && n.children.length >= 2) {
      const target = n.children[0]!;
      if (target.type === 'identifier' && src(text, target) === name)
        return n.children[n.children.length - 1];
    }
    for (let i = n.children.length - 1; i >= 0; i--) if (n.children[i]!.named) stack.push(n.children[i]!);
  }
  return undefined;
}

/**
 * Every whole-store wipe in the input, handed to `col` as the HTTP DELETE it amounts to.
 * Runs once per input after the walk; skipped unless the text names such a method.
 */
export function wholeStores(root: SyntaxNode, text: string, lang: Lang, col: Collector): void {
  if (!WHOLE_WORD.test(text) && !SELECTOR_WORD.test(text)) return;
  const facts = testFacts(root, text, lang);
  const host = listedHost(facts.strings);
  if (host === null) return;
  const stack = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    pushNamed(stack, n);
    const c = methodCall(n, text);
    if (c === undefined || c.root === '*') continue;
    // etcd3's builder: `client.delete().all()` deletes every key.
    const built = c.method === 'all' && emptyCall(c.recv, SELECTOR_METHOD, text);
    const whole = (WHOLE.test(c.method) && unnarrowed(c.args, text)) || built;
    if (!whole && !(SELECTOR_METHOD.test(c.method) && selectsAll(c.args, text))) continue;
    // No address in the input: a client made bare talks to its default on this machine.
    if (
      host === HOSTED &&
      (madeBare(c.recv, text) || (c.root !== null && madeBare(boundValue(root, text, c.root), text)))
    )
      continue;
    const span = { start: n.start, end: n.end };
    if (inTestScope(root, text, lang, span) && !productionTarget(facts.strings)) continue;
    col.nested(`curl -X DELETE ${shellWord(strVal(`https://${host}/every-item`))}`, 'bash', span, lang);
  }
}
