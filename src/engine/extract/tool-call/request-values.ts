/**
 * What a web request carries, as server code names it (node and python): the request's query,
 * route parameters, body or form read straight off the request object, and the local names bound
 * to them (`const { path: p } = req.query`, `const f = searchParams.get('file')`, `name =
 * request.args.get("f")`). The planted-code readers (root-served.ts, mass-assign.ts) judge a sink
 * by whether such a value reaches it, whatever the names are.
 */

/** A value read off the request object: query, route parameters, body or form. */
export const REQUEST_READ = String.raw`\b(?:req|request|ctx\.request|ctx|c\.req|event)\.(?:query|params|body|args|GET|POST|form|values|json|queryParams|path_params|query_params|searchParams)\b`;

/** A local name bound to such a value (JS declarations, destructuring and python assignments). */
const BOUND = new RegExp(
  String.raw`(?:\b(?:const|let|var)\s+|^[ \t]*)(?:(\w{1,40})|\{([^{}=]{1,200})\})\s*=\s*(?:await\s+)?(?:${REQUEST_READ}|(?:\w+\.)?searchParams\b|(?:req|request)\.(?:json|formData)\(\))`,
  'gm',
);

/** Up to 16 names the text binds to request values. */
export function requestNames(src: string): string[] {
  const out = new Set<string>();
  for (const m of src.matchAll(BOUND)) {
    if (m[1] !== undefined) out.add(m[1]);
    // `{ path: p, name = 'x', ...rest }`: the local names, not the keys.
    else
      for (const part of m[2]!.split(',')) {
        const local = /(?:^|:)\s*(?:\.\.\.)?(\w+)\s*(?:=[^,]*)?$/.exec(part.trim())?.[1];
        if (local !== undefined) out.add(local);
      }
    if (out.size >= 16) break;
  }
  return [...out].slice(0, 16);
}

/** A pattern matching a request read or one of `names` as a whole word (not a key or member name). */
export function requestValue(names: readonly string[]): RegExp {
  const held = names.length === 0 ? '' : String.raw`|(?<![.\w$])(?:${names.join('|')})\b(?!\s*:)`;
  return new RegExp(`${REQUEST_READ}${held}`);
}
