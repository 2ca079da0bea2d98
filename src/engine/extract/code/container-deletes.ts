/**
 * A hosted container deleted by a method on any client (R13 sdk-wipe): `jira.delete_project('PROD')`,
 * `api.Projects.remove(4471)`, `cf.zones.delete({ zone_id })`, `neon.project_delete('winter-sun')`,
 * `ch.deleteQueue(q)` over a list of named queues, `gl.projects.get('acme/web').delete()`, a Vault
 * secrets engine disabled. The receiver's and method's words are read as a tool's name would be
 * (tool-call/whole-resource.ts), so a project, zone, queue or database deleted whole is decided by
 * PLT-AST-002 for every vendor alike. Only a target written as a literal counts: a wrapper that
 * passes its parameter on (`def drop(name): client.delete_index(name)`) is library code, and items
 * (a record, a DNS record, a deployment), scratch names, route handlers and URLs stay everyday work.
 */
import type { SyntaxNode } from '../../parse/index.js';
import { nameWords } from '../tool-call/cli.js';
import { wholeResourceLines } from '../tool-call/whole-resource.js';
import type { Collector } from './collector.js';
import { listedHost, methodCall, type Call } from './listing-deletes.js';
import { unescape } from './strings.js';
import { inTestScope, productionTarget, testFacts } from './test-scope.js';
import { pushNamed } from './syntax.js';

type Lang = 'python' | 'node';

/** Cheap gate on the whole text: a method whose name deletes, removes or unmounts. */
const GATE =
  /\.\s*\$?\w*(?:[dD]elete|[dD]estroy|[rR]emove|[dD]rop|[pP]urge|[wW]ipe|[eE]rase|[tT]erminate|[dD]eprovision|[uU]nmount|[dD]isable)\w*\s*\(/;
/** Verbs that end what they name in code; clear/close/reset/cancel/kill are everyday on local objects. */
const CODE_VERBS = new Set([
  'delete',
  'destroy',
  'remove',
  'drop',
  'purge',
  'wipe',
  'erase',
  'terminate',
  'deprovision',
  'nuke',
  'obliterate',
]);
/** Getters that fetch one resource by a name (`gl.projects.get('acme/web')`). */
const GETTER = /^(?:get|fetch|retrieve|find|find_by_name|get_by_name|getByName|getById|get_by_id|show)$/;

const src = (text: string, n: SyntaxNode): string => text.slice(n.start, n.end);

/** A literal string or number node's value, or undefined. */
function literal(n: SyntaxNode, text: string, names: ReadonlyMap<string, string>): string | undefined {
  if (n.type === 'integer' || n.type === 'number') return src(text, n);
  if (n.type === 'identifier') return names.get(src(text, n));
  if (n.type !== 'string' && n.type !== 'template_string') return undefined;
  if (n.children.some((k) => /interpolation|template_substitution/.test(k.type))) return undefined;
  const raw = src(text, n);
  const m = /^[rRbBuU]?(?:"""|'''|["'`])([\s\S]*?)(?:"""|'''|["'`])$/.exec(raw);
  return m ? unescape(m[1]!, true) : undefined;
}

/** The last attribute name of a receiver (`cf.zones` → zones), or undefined when it is a bare name or a call. */
function memberName(n: SyntaxNode, text: string): string | undefined {
  if (n.type !== 'attribute' && n.type !== 'member_expression') return undefined;
  const last = n.children[n.children.length - 1];
  return last === undefined ? undefined : src(text, last);
}

/** Names the input binds to one literal (`PROJECT = "PROD"`, `for q in ["orders", "payments"]`). */
function literalNames(root: SyntaxNode, text: string): Map<string, string> {
  const out = new Map<string, string>();
  const seen = new Set<string>();
  const bind = (name: string, v: string | undefined): void => {
    if (seen.has(name) || v === undefined) {
      out.delete(name);
      seen.add(name);
      return;
    }
    seen.add(name);
    out.set(name, v);
  };
  const empty = new Map<string, string>();
  const stack = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    pushNamed(stack, n);
    let target: SyntaxNode | undefined;
    let value: SyntaxNode | undefined;
    if (n.type === 'assignment' || n.type === 'variable_declarator') {
      target = n.children[0];
      value = n.children.length >= 3 ? n.children[n.children.length - 1] : undefined;
    } else if (n.type === 'for_statement' || n.type === 'for_in_statement') {
      const kids = n.children;
      const at = kids.findIndex((c) => c.type === 'in' || c.type === 'of');
      target = kids[at - 1];
      const list = kids[at + 1];
      // One literal item of a literal list stands for them all: each is deleted in turn.
      const items = list?.children.filter((k) => k.named && k.type !== 'comment') ?? [];
      if (list !== undefined && /^(?:list|tuple|array)$/.test(list.type) && items.length > 0)
        value = items.every((k) => literal(k, text, empty) !== undefined) ? items[0] : undefined;
      if (target?.type === 'lexical_declaration' || target?.type === 'variable_declaration')
        target = target.children.find((k) => k.named);
    }
    if (target?.type === 'identifier')
      bind(src(text, target), value ? literal(value, text, empty) : undefined);
  }
  return out;
}

/** The call's fields as a tool's arguments, or undefined when something but a literal or an option is passed. */
function fields(c: Call, text: string, names: ReadonlyMap<string, string>): Map<string, unknown> | undefined {
  const f = new Map<string, unknown>();
  let named = false;
  const put = (k: string, v: SyntaxNode): boolean => {
    if (/function|lambda/.test(v.type)) return false;
    const lit = literal(v, text, names);
    if (lit !== undefined) {
      f.set(k, lit);
      named ||= /(?:^|_)(?:name|id|key|slug|path|identifier|uid|point)s?$|^idorname$/.test(k) || k === 'name';
    } else if (v.type === 'true' || v.type === 'false') f.set(k, v.type === 'true');
    return true;
  };
  for (const a of c.args?.children ?? []) {
    if (!a.named || a.type === 'comment') continue;
    if (a.type === 'keyword_argument' || a.type === 'pair') {
      const key = a.children[0];
      const value = a.children[a.children.length - 1];
      if (key === undefined || value === undefined) continue;
      if (!put(nameWords(src(text, key).replace(/^["'`]|["'`]$/g, '')).join('_'), value)) return undefined;
    } else if (a.type === 'object' || a.type === 'dictionary') {
      for (const p of a.children) {
        if (p.type !== 'pair') continue;
        const key = p.children[0];
        const value = p.children[p.children.length - 1];
        if (key === undefined || value === undefined) continue;
        if (!put(nameWords(src(text, key).replace(/^["'`]|["'`]$/g, '')).join('_'), value)) return undefined;
      }
    } else {
      // A positional target: a literal name or id, never a URL or a route (`app.delete('/users/:id', h)`).
      const lit = literal(a, text, names);
      if (lit === undefined || /^\/|:\/\//.test(lit) || f.has('name')) return undefined;
      f.set('name', lit);
      named = true;
    }
  }
  return named ? f : undefined;
}

/** The words a tool named for this call would have, and the fields it would be given. */
function asTool(
  c: Call,
  text: string,
  names: ReadonlyMap<string, string>,
): [string[], Map<string, unknown>] | undefined {
  const verbWords = nameWords(c.method);
  // A Vault secrets engine disabled or unmounted takes every secret under it along.
  if (
    /^(?:disable_?secrets?_?engine|disableSecretsEngine|unmount|disable_?secret_?backend)$/i.test(c.method)
  ) {
    const f = fields(c, text, names);
    const mount = f === undefined ? undefined : [...f.values()].find((v) => typeof v === 'string');
    return mount === undefined ? undefined : [['delete', 'vault'], new Map([['name', mount]])];
  }
  if (!verbWords.some((w) => CODE_VERBS.has(w))) return undefined;
  const member = memberName(c.recv, text);
  // A bare remove() on a lower-case member is a list's or a set's (`self.groups.remove("admin")`).
  if (c.method === 'remove' && member !== undefined && /^[a-z]/.test(member)) return undefined;
  // `jira.delete_project('PROD')`, `ch.queue_delete(queue='orders')`: the method names its object.
  if (member !== undefined || (verbWords.length > 1 && c.recv.type === 'identifier')) {
    const f = fields(c, text, names);
    return f === undefined ? undefined : [[...(member ? nameWords(member) : []), ...verbWords], f];
  }
  // `gl.projects.get('acme/web').delete()`: the resource fetched by name, then deleted.
  const got = methodCall(c.recv.type === 'await_expression' ? (c.recv.children[1] ?? c.recv) : c.recv, text);
  if (got === undefined || !GETTER.test(got.method) || c.args?.children.some((k) => k.named))
    return undefined;
  const plural = memberName(got.recv, text);
  const f = fields(got, text, names);
  return plural === undefined || f === undefined ? undefined : [[...nameWords(plural), ...verbWords], f];
}

/**
 * Every literal hosted container the input deletes by a client method, handed to `col` as the
 * PLT-AST-002 line (or CLI line) a tool call of that name would give. Runs once per input.
 */
export function containerDeletes(root: SyntaxNode, text: string, lang: Lang, col: Collector): void {
  if (!GATE.test(text)) return;
  const facts = testFacts(root, text, lang);
  if (listedHost(facts.strings) === null) return;
  let names: Map<string, string> | undefined;
  const stack = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    pushNamed(stack, n);
    const c = methodCall(n, text);
    // A class's own members (`self.client.delete_index(...)`) are library code, its targets its callers'.
    if (c === undefined || c.root === '*' || c.root === null || /^(?:self|this|cls)$/.test(c.root)) continue;
    names ??= literalNames(root, text);
    const tool = asTool(c, text, names);
    if (tool === undefined) continue;
    const span = { start: n.start, end: n.end };
    if (inTestScope(root, text, lang, span) && !productionTarget(facts.strings)) continue;
    for (const line of wholeResourceLines(tool[0], tool[1])) col.nested(line.code, line.runtime, span, lang);
  }
}
