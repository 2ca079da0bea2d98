/**
 * Member assignments into a plain object held by a name (issue 22, r6): after `pkg.scripts = {...}`
 * or `pkg.scripts.postinstall = 'x'`, `JSON.stringify(pkg)` writes that member, so a package.json
 * read, given a new install hook and written back is judged as the hook it adds (code/autorun.ts).
 */
import type { SyntaxNode } from '../../parse/index.js';
import { named } from '../code/syntax.js';
import { opaque, type Val } from '../code/value.js';
import type { JsWalker } from '../node.js';

/** Deepest member chain followed (`a.b.c.d = v`). */
const MAX_CHAIN = 4;

/** `o.k = v` / `o.a.b = v` with `o` a name holding a plain object: o's field path now holds v. */
export function assignField(w: JsWalker, target: SyntaxNode, v: Val): void {
  const path: string[] = [];
  let at: SyntaxNode | undefined = target;
  while (at?.type === 'member_expression' && path.length <= MAX_CHAIN) {
    const prop = named(at).at(-1);
    if (prop?.type !== 'property_identifier') return;
    path.unshift(w.src(prop));
    at = named(at)[0];
  }
  if (at?.type !== 'identifier' || path.length === 0 || path.length > MAX_CHAIN) return;
  const root = w.env.get(w.src(at));
  if (root === undefined || !plain(root)) return;
  w.env.set(w.src(at), withField(root, path, v));
}

/** A value the input built or parsed (JSON.parse, a required .json file), not a library object. */
function plain(v: Val): boolean {
  const parsed = v.ref === 'JSON.parse()' || (v.module === true && /\.json$/.test(v.ref ?? ''));
  const built = v.ref === undefined && v.module !== true;
  return (parsed || built) && v.sdk === undefined && v.fn === undefined && v.items === undefined;
}

/** o with `path` set to v; a parsed document becomes a plain object of what is known of it. */
function withField(o: Val, path: readonly string[], v: Val): Val {
  const [k, ...rest] = path;
  const fields = new Map(o.fields ?? []);
  const inner = fields.get(k!) ?? opaque([]);
  fields.set(k!, rest.length === 0 ? v : plain(inner) ? withField(inner, rest, v) : inner);
  const { ref: _ref, module: _module, ...own } = o;
  return { ...own, fields };
}
