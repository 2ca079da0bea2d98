/**
 * GraphQL mutations read as the tool calls they make (red team r12 graphql): each top-level field
 * of a `mutation` operation is one call named by the field, with its arguments as the call's
 * arguments (`projectDelete(id: "p")` is `projectDelete {id: "p"}`, Hasura's `delete_orders(where:
 * {})` is `delete_orders {where: {}}`), variables filled in from the request and an `input` object
 * spread into the call. The tool-call families then judge each call as they judge a tool of that
 * name, whatever API serves it. A mutation document given as an argument (a bulk operation's
 * `mutation`) is run over a whole uploaded list: its calls are read as run on every item. Queries
 * and subscriptions change nothing and give no call.
 */

export interface ApiCall {
  readonly name: string;
  readonly args: Record<string, unknown>;
}

type Token = { readonly t: 'name' | 'punct' | 'string' | 'number'; readonly v: string };

/** Most tokens read of one document, and most calls taken from it. */
const MAX_TOKENS = 8192;
const MAX_CALLS = 32;

const TOKEN =
  /[\s,\uFEFF]+|#[^\n\r]*|("""[\s\S]*?"""|"(?:[^"\\\n]|\\.)*")|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|([_A-Za-z][_0-9A-Za-z]*)|(\.\.\.|[!$&()|:=@[\]{}])/y;

/** Cheap gate: the text opens (after comments) with a `mutation` operation somewhere. */
export const MUTATION = /(?:^|[\s{}])mutation\b[^{]*\{/;

function tokens(doc: string): Token[] | undefined {
  const out: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < doc.length) {
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(doc);
    if (m === null || m.index !== at) return undefined;
    if (m[1] !== undefined) out.push({ t: 'string', v: readString(m[1]) });
    else if (m[2] !== undefined) out.push({ t: 'number', v: m[2] });
    else if (m[3] !== undefined) out.push({ t: 'name', v: m[3] });
    else if (m[4] !== undefined) out.push({ t: 'punct', v: m[4] });
    if (out.length > MAX_TOKENS) return undefined;
  }
  return out;
}

function readString(s: string): string {
  if (s.startsWith('"""')) return s.slice(3, -3);
  try {
    return JSON.parse(s) as string;
  } catch {
    return s.slice(1, -1);
  }
}

class Reader {
  #i = 0;
  readonly calls: ApiCall[] = [];
  readonly #toks: readonly Token[];
  readonly #vars: Record<string, unknown>;
  constructor(toks: readonly Token[], vars: Record<string, unknown>) {
    this.#toks = toks;
    this.#vars = vars;
  }
  #peek(v?: string): Token | undefined {
    const t = this.#toks[this.#i];
    return v === undefined || t?.v === v ? t : undefined;
  }
  #take(v?: string): Token | undefined {
    const t = this.#peek(v);
    if (t !== undefined) this.#i++;
    return t;
  }
  /** Skips a bracketed group opened by the current token. */
  #skipGroup(): void {
    const open = this.#take()!.v;
    const close = open === '(' ? ')' : open === '[' ? ']' : '}';
    let depth = 1;
    while (depth > 0 && this.#i < this.#toks.length) {
      const t = this.#take()!;
      if (t.t !== 'punct') continue;
      if (t.v === open) depth++;
      else if (t.v === close) depth--;
    }
  }
  #directives(): void {
    while (this.#take('@')) {
      this.#take();
      if (this.#peek('(')) this.#skipGroup();
    }
  }
  document(): void {
    while (this.#i < this.#toks.length && this.calls.length < MAX_CALLS) {
      const t = this.#peek()!;
      if (t.t === 'name' && /^(?:query|mutation|subscription)$/.test(t.v)) {
        this.#take();
        if (this.#peek()?.t === 'name') this.#take();
        if (this.#peek('(')) this.#skipGroup();
        this.#directives();
        if (!this.#peek('{')) return;
        if (t.v === 'mutation') this.#operations();
        else this.#skipGroup();
      } else if (t.v === '{' || (t.t === 'name' && t.v === 'fragment')) {
        // A shorthand query or a fragment: reads.
        while (!this.#peek('{') && this.#i < this.#toks.length) this.#take();
        if (this.#i < this.#toks.length) this.#skipGroup();
      } else return;
    }
  }
  /** The top-level fields of a mutation's selection set. */
  #operations(): void {
    this.#take('{');
    while (this.#i < this.#toks.length && !this.#take('}')) {
      if (this.#take('...')) {
        // An inline fragment's fields are top-level fields too; a named spread is skipped.
        if (this.#take('on')) this.#take();
        this.#directives();
        if (this.#peek('{')) this.#operations();
        else this.#take();
        continue;
      }
      const name = this.#take();
      if (name?.t !== 'name') return;
      let field = name.v;
      if (this.#take(':')) {
        const real = this.#take();
        if (real?.t !== 'name') return;
        field = real.v;
      }
      const args = this.#peek('(') ? this.#arguments() : {};
      this.#directives();
      if (this.#peek('{')) this.#skipGroup();
      if (this.calls.length < MAX_CALLS) this.calls.push({ name: field, args: spreadInput(args) });
    }
  }
  #arguments(): Record<string, unknown> {
    this.#take('(');
    const out: Record<string, unknown> = {};
    while (this.#i < this.#toks.length && !this.#take(')')) {
      const key = this.#take();
      if (key?.t !== 'name' || !this.#take(':')) return out;
      out[key.v] = this.#value(0);
    }
    return out;
  }
  #value(depth: number): unknown {
    const t = this.#take();
    if (t === undefined || depth > 32) return undefined;
    if (t.t === 'string') return t.v;
    if (t.t === 'number') return Number(t.v);
    if (t.t === 'name') return t.v === 'true' ? true : t.v === 'false' ? false : t.v === 'null' ? null : t.v;
    if (t.v === '$') {
      const name = this.#take()?.v ?? '';
      return Object.hasOwn(this.#vars, name) ? this.#vars[name] : `$${name}`;
    }
    if (t.v === '[') {
      const list: unknown[] = [];
      while (this.#i < this.#toks.length && !this.#take(']')) list.push(this.#value(depth + 1));
      return list;
    }
    if (t.v === '{') {
      const obj: Record<string, unknown> = {};
      while (this.#i < this.#toks.length && !this.#take('}')) {
        const key = this.#take();
        if (key?.t !== 'name' || !this.#take(':')) return obj;
        obj[key.v] = this.#value(depth + 1);
      }
      return obj;
    }
    return undefined;
  }
}

/** `(input: {id, name})`: the input object's fields are the call's fields. */
function spreadInput(args: Record<string, unknown>): Record<string, unknown> {
  const input = args.input;
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return args;
  return { ...(input as Record<string, unknown>), ...args };
}

/**
 * The calls a GraphQL document's mutations make. A string argument that is itself a mutation
 * (Shopify's `bulkOperationRunMutation(mutation: "...")`) adds its calls run on every item.
 */
export function mutationCalls(doc: string, variables: unknown, nested = 0): ApiCall[] {
  if (doc.length > 262144 || !MUTATION.test(doc)) return [];
  const toks = tokens(doc);
  if (toks === undefined) return [];
  const vars =
    variables !== null && typeof variables === 'object' && !Array.isArray(variables)
      ? (variables as Record<string, unknown>)
      : {};
  const r = new Reader(toks, vars);
  r.document();
  const out = [...r.calls];
  if (nested < 1)
    for (const c of r.calls)
      for (const v of Object.values(c.args))
        if (typeof v === 'string' && MUTATION.test(v))
          for (const inner of mutationCalls(v, undefined, nested + 1))
            out.push({ name: `bulk_${inner.name}`, args: { ...inner.args, all: true } });
  return out.slice(0, MAX_CALLS);
}
