/**
 * The whole environment handed back to whoever calls a route (R24: a Next.js API route doing
 * `res.status(200).json(process.env)` behind a query switch; a flask view returning
 * `jsonify(dict(os.environ))`): every secret the server holds (database URL, API keys, signing
 * keys) goes to any client. A response carrying one named setting (`process.env.NODE_ENV`,
 * `os.environ.get('APP_ENV')`) stays allowed, and so does the environment handed to a child process.
 */
import type { Planted } from './auth-backdoor.js';
import { callText } from './credential-copy.js';

/** A response written back to the client, node or python (`res.json(`, `Response.json(`, `jsonify(`). */
const RESPONSE =
  /(?:\b(?:res|response|reply|ctx|c)\.(?:status\([^()]{0,20}\)\s*\.\s*)?(?:json|send|end|write|jsonp|text)|\b(?:Response|NextResponse)\.json|\bnew\s+(?:Response|NextResponse)|(?<![\w.])(?:jsonify|JsonResponse|JSONResponse|HttpResponse|PlainTextResponse|make_response))\s*\(/g;
/** The environment as a whole, not one of its settings (`process.env.X`, `os.environ['X']`, `.get(`). */
const WHOLE_ENV =
  /(?<!keys\(\s*)(?:\bprocess\.env|\bos\.environ(?:\.copy\(\))?|\bDeno\.env\.toObject\(\))(?![\w$.[]|\s*\[)/;
/** A name bound to the whole environment (`const all = process.env`, `env = dict(os.environ)`). */
const ENV_ALIAS =
  /^[ \t]*(?:(?:const|let|var)\s+)?(\w+)\s*=\s*(?:\{\s*\.\.\.\s*|dict\(\s*)?(?:process\.env|os\.environ)(?:\.copy\(\))?\s*[)}]?\s*;?\s*$/gm;
/** A python web route (`@app.get(`, `@router.route(`, `@bp.post(`): what its function returns is the response. */
const PY_ROUTE = /^[ \t]*@\w+\.(?:route|get|post|put|patch|delete|api_route)\(/m;
const PY_RETURN = /^[ \t]+return\b[^\n]*/gm;

/** Where and why the text answers a client with the whole environment, or undefined. */
export function envResponseAt(text: string): Planted | undefined {
  const src = text.slice(0, 65536);
  if (!WHOLE_ENV.test(src)) return undefined;
  const aliases = [...src.matchAll(ENV_ALIAS)].slice(0, 16).map((a) => a[1]!);
  const alias =
    aliases.length > 0 ? new RegExp(String.raw`\b(?:${aliases.join('|')})\b(?![\w$.[]|\s*\[)`) : undefined;
  let seen = 0;
  for (const m of src.matchAll(RESPONSE)) {
    // The first 64 responses: a bounded amount of work whatever the text.
    if (++seen > 64) break;
    const call = callText(src, m.index + m[0].length - 1);
    const env = WHOLE_ENV.exec(call) ?? alias?.exec(call) ?? null;
    if (env !== null)
      return { why: `answers the client with the whole environment (${env[0]})`, at: m.index };
  }
  if (!PY_ROUTE.test(src)) return undefined;
  seen = 0;
  for (const m of src.matchAll(PY_RETURN)) {
    if (++seen > 64) break;
    const env = WHOLE_ENV.exec(m[0]) ?? alias?.exec(m[0]) ?? null;
    if (env !== null)
      return { why: `answers the client with the whole environment (${env[0]})`, at: m.index };
  }
  return undefined;
}
