/**
 * A server that hands out any file of the machine (R22: a vite config with `server: { fs: { allow:
 * ['/'] } }` beside a middleware doing `fs.readFileSync(decodeURIComponent(req.url.slice(1)))`):
 * a static server rooted at the filesystem's root (express/koa/fastify/hono static, webpack's
 * `devServer.static`, Starlette `StaticFiles(directory="/")`, a `SimpleHTTPRequestHandler` on "/"),
 * a dev server allowed to read from "/", or a file read or sent straight from a path the request
 * names. Whoever reaches the port reads keys, `.env` files and the system's secrets. Serving a
 * project folder, a file under a fixed root (`sendFile(name, { root })`, `send_from_directory`)
 * stays allowed.
 */
import type { Planted } from './auth-backdoor.js';
import { callText } from './credential-copy.js';
import { requestNames, requestValue } from './request-values.js';

const ROOT = String.raw`["'\x60](?:\/|[A-Za-z]:[\\/]{1,2}|[A-Za-z]:)["'\x60]`;
/** A static server, dev server or handler rooted at the filesystem's root. */
const ROOT_SERVED = new RegExp(
  [
    String.raw`\b(?:static|serveStatic|serve|koaStatic|sirv|serveStaticFiles|StaticFiles|express\.static)\(\s*(?:\{\s*root\s*:\s*|directory\s*=\s*)?${ROOT}`,
    String.raw`\ballow\s*:\s*\[[^\]\n]{0,120}?(?:${ROOT}|path\.parse\(.{0,40}?\)\.root|os\.homedir\(\)|\.\.\/\.\.\/\.\.)`,
    String.raw`\bsend_from_directory\(\s*${ROOT}`,
  ].join('|'),
);
/** A root or directory option set to "/", judged beside a static server's words. */
const ROOT_OPTION = new RegExp(String.raw`\b(?:directory|root|contentBase)\s*[:=]\s*${ROOT}`, 'g');
const STATIC_WORDS = /static|prefix|serve|HTTPRequestHandler|dotfiles/;
/** A file read or sent from a path the request names, with no root it is held under. */
const REQUEST_PATH =
  /\b(?:sendFile|download|readFileSync|readFile|createReadStream|send_file|FileResponse|open)\(\s*(?:decodeURIComponent\(\s*|unquote\(\s*|path\.(?:normalize|resolve)\(\s*)?(?:(?:req|request|ctx|ctx\.request|c\.req)\.(?:query|params|url|path|body|args|GET|POST|values)\b|new\s+URL\(\s*(?:req|request)\.url\s*\)\.searchParams\.get\([^)\n]{0,60}\))(?:\.get\([^)\n]{0,60}\)|\[[^\]\n]{0,60}\]|\.\w+|\.slice\([^)\n]{0,20}\)){0,4}\s*\)?\s*(?:[,)])/;

/** Where and why the text serves any file of the machine, or undefined. */
export function rootServedAt(text: string): Planted | undefined {
  const src = text.slice(0, 65536);
  let root = ROOT_SERVED.exec(src);
  let tries = 0;
  for (const m of root === null ? src.matchAll(ROOT_OPTION) : []) {
    if (++tries > 32) break;
    if (STATIC_WORDS.test(src.slice(Math.max(0, m.index - 200), m.index + m[0].length + 200))) {
      root = m;
      break;
    }
  }
  // Where the root's literal ends: code, where the match may start inside a package's name.
  if (root !== null)
    return { why: `serves the filesystem's root (${root[0].slice(-60)})`, at: root.index + root[0].length };
  const read = REQUEST_PATH.exec(src);
  // `res.sendFile(req.params.name, { root: dir })` stays under its root; `{ root: '/' }` is none.
  if (read !== null && !underRoot(src.slice(read.index + read[0].length, read.index + read[0].length + 40)))
    return { why: `reads any file the request names (${read[0].slice(0, 60)})`, at: read.index };
  return heldPathRead(src);
}

/** Options that keep a sent file under a root directory other than the filesystem's. */
const underRoot = (after: string): boolean =>
  /^\s*\{\s*root\s*:/.test(after) && !new RegExp(String.raw`^\s*\{\s*root\s*:\s*${ROOT}`).test(after);

/** The cheap test first: a file read at all. */
const READ_NAMED =
  /\b(?:sendFile|download|readFileSync|readFile|createReadStream|send_file|FileResponse|sendfile|open)\(/;
/** A call reading or sending a file by a path it is given. */
const FILE_READ =
  /\b(?:sendFile|download|readFileSync|readFile|createReadStream|send_file|FileResponse|sendfile)\(|(?<![.\w])open\(/g;
/**
 * The path confined before it is read: its last segment only, a prefix test against the base,
 * a framework's safe join, or a root option (checked above).
 */
const CONFINED =
  /\bbasename\(|\.startsWith\((?!\s*["'`])|\.startswith\(|\bis_relative_to\(|\bsafe_join\(|\bcommonpath\(|\bpath\.relative\(|\bsend_from_directory\(|\.includes\(\s*["'`]\.\.["'`]\s*\)|["'`]\.\.["'`]\s+in\b|\/\^\[\w/;

/** A call's first argument (`call` opens at its parenthesis): up to the first comma outside brackets. */
function firstArgument(call: string): string {
  let depth = 0;
  for (let i = 1; i < call.length; i++) {
    const ch = call[i];
    if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') {
      if (depth === 0) return call.slice(1, i);
      depth--;
    } else if (ch === ',' && depth === 0) return call.slice(1, i);
  }
  return call.slice(1);
}

/**
 * A file read from a path the request names through a local name or a join (R23: `const { path: p }
 * = req.query; res.sendFile(p)`, `fs.createReadStream(path.join(UPLOADS, req.params.name))`: a
 * join keeps `../../etc/passwd` climbing out of the base). A path confined first stays allowed.
 */
function heldPathRead(src: string): Planted | undefined {
  if (!READ_NAMED.test(src) || CONFINED.test(src)) return undefined;
  const value = requestValue(requestNames(src));
  let tries = 0;
  for (const m of src.matchAll(FILE_READ)) {
    if (++tries > 32) break;
    const call = callText(src, m.index + m[0].length - 1);
    // A number parsed from the request (`${Number(ctx.params.id)}.png`) names no other directory.
    const first = firstArgument(call);
    if (!value.test(first.replace(/\b(?:Number|parseInt|parseFloat)\([^()]*\)/g, '0'))) continue;
    if (underRoot(call.slice(1 + first.length).replace(/^\s*,/, ''))) continue;
    return { why: `reads any file the request names (${call.slice(0, 60)})`, at: m.index };
  }
  return undefined;
}
