/**
 * An API that lets every web site read it with its users' cookies (R22: `cors({ origin: (o, cb) =>
 * cb(null, true), credentials: true })`): the request's own Origin echoed back, unchecked, together
 * with `Access-Control-Allow-Credentials: true`, so any page a signed-in user opens can call the API
 * as that user and read the answer. Read in the cors packages' options (express cors, @fastify/cors,
 * @koa/cors, hono, NestJS `enableCors`: `origin: true`, or a function handing back the origin it
 * got), in hand-set headers (node and python) and in Starlette's `allow_origin_regex=".*"`. An
 * allow-list, a fixed origin, a public API without credentials, and the same options set only
 * outside production stay allowed.
 */
import { anchoredMatch } from './anchored.js';
import type { Planted } from './auth-backdoor.js';

/** A cors package's origin option that takes any origin: `true`, or a function (or method) echoing its argument. */
const ANY_ORIGIN =
  /\borigin\s*(?::\s*true\b|(?::\s*(?:async\s+)?(?:function\s*\w*\s*)?)?\(\s*(\w+)\s*(?:,\s*(\w+)\s*)?\)\s*(?:=>\s*)?(?:\{\s*(?:return\s+)?)?(?:\2\s*\(\s*null\s*,\s*(?:\1\s*(?:\|\||\?\?)\s*)?(?:true|\1)\s*\)|\1(?:\.get\(\s*["']origin["']\s*\)|\.(?:request\.)?headers?\.origin|\.header\(\s*["']origin["']\s*\))?)\s*;?\s*\}?\s*[,})])/gi;
/** The same options let cookies through. */
const CREDENTIALS = /\bcredentials\s*:\s*true\b/;
/** The Allow-Origin header set to what the request's Origin header says. */
const ECHOED =
  /Access-Control-Allow-Origin["']\s*(?:,|\]\s*=)\s*(?:(?:req|request|ctx|c\.req)\.(?:headers?\.origin|headers\[\s*["']origin["']\s*\]|get\(\s*["']origin["']\s*\)|header\(\s*["']origin["']\s*\)|headers\.get\(\s*["']origin["'][^)\n]{0,20}\)|META\[\s*["']HTTP_ORIGIN["']\s*\]|META\.get\(\s*["']HTTP_ORIGIN["'][^)\n]{0,20}\))|(origin)\b(?!\s*[([.]))/gi;
const ALLOW_CREDENTIALS =
  /Access-Control-Allow-Credentials["']\s*(?:,|\]\s*=)\s*(?:["']true["']|true\b|True\b)/i;
/** The origin tested before it is echoed (`ALLOWED.includes(origin)`, `origin in ALLOWED`, `origin === ...`). */
const CHECKED =
  /\b(?:includes|has|indexOf|test|match|endsWith|startsWith|fullmatch)\s*\(\s*[\w.]*origin|origin\w*\s+(?:not\s+)?in\s+|origin\w*\s*(?:===?|!==?)|(?:===?|!==?)\s*[\w.]*origin\b/i;
/** Starlette's middleware matching every origin with credentials on (it echoes the origin). */
const STARLETTE_ANY =
  /\ballow_origin_regex\s*=\s*r?["'](?:\.\*|\.\+|\^\.\*\$?|https?:\/\/\.\*)["'][^)]{0,200}?\ballow_credentials\s*=\s*True|\ballow_credentials\s*=\s*True[^)]{0,200}?\ballow_origin_regex\s*=\s*r?["'](?:\.\*|\.\+|\^\.\*\$?|https?:\/\/\.\*)["']/y;
/** flask-cors matching every origin by a regular expression with credentials on (it echoes the origin). */
const FLASK_ANY =
  /\bCORS\([^)]{0,200}?\borigins\s*=\s*r?["'](?:\.\*|\.\+|\^\.\*\$?)["'][^)]{0,200}?\bsupports_credentials\s*=\s*True|\bCORS\([^)]{0,200}?\bsupports_credentials\s*=\s*True[^)]{0,200}?\borigins\s*=\s*r?["'](?:\.\*|\.\+|\^\.\*\$?)["']/y;
/** A name holding the request's Origin header (R23 Koa: `const o = ctx.get('origin')`). */
const HOLDS_ORIGIN =
  /(?:\b(?:const|let|var)\s+|^[ \t]*)(\w{1,40})\s*=\s*(?:req|request|ctx|c\.req|event)\.(?:headers?\.origin\b|headers?\[\s*["']origin["']\s*\]|(?:get|header)\(\s*["']origin["']\s*\)|headers\.get\(\s*["']origin["']\s*\)|META\.get\(\s*["']HTTP_ORIGIN["'])/gim;

/** Only outside production: a developer's local setup. */
const DEV_ONLY = /NODE_ENV|isDev\w*|development|\bDEBUG\b|\bdev\b/i;

/** Whether the 300 characters before `at` keep the setting to development. */
const devOnly = (text: string, at: number): boolean => DEV_ONLY.test(text.slice(Math.max(0, at - 300), at));

/** The Allow-Origin header set from a name holding the request's Origin, never tested (`o || '*'` echoes it too). */
function heldOrigin(src: string): Planted | undefined {
  const names: string[] = [];
  for (const m of src.matchAll(HOLDS_ORIGIN))
    if (names.length < 8 && !/origin/i.test(m[1]!)) names.push(m[1]!);
  if (names.length === 0) return undefined;
  const alt = names.join('|');
  const tested = new RegExp(
    String.raw`\b(?:includes|has|indexOf|test|match|endsWith|startsWith)\(\s*(?:${alt})\b|\b(?:${alt})\s*(?:===?|!==?|\bin\b)|(?:===?|!==?)\s*(?:${alt})\b`,
  );
  if (tested.test(src)) return undefined;
  const echoed = new RegExp(
    String.raw`Access-Control-Allow-Origin["']\s*(?:,|\]\s*=)\s*(?:${alt})\b(?!\s*[([.])`,
    'i',
  ).exec(src);
  if (echoed === null || devOnly(src, echoed.index)) return undefined;
  return {
    why: `echoes any Origin back with credentials allowed (${echoed[0].slice(0, 60)})`,
    at: echoed.index + echoed[0].length - 1,
  };
}

/** Where and why the text lets any site read the API with its users' cookies, or undefined. */
export function corsReflectAt(text: string): Planted | undefined {
  if (!/origin/i.test(text)) return undefined;
  const src = text.slice(0, 65536);
  for (const m of src.matchAll(ANY_ORIGIN)) {
    const options = src.slice(Math.max(0, m.index - 300), m.index + m[0].length + 300);
    if (CREDENTIALS.test(options) && !devOnly(src, m.index))
      return {
        why: `lets any site call the API with its users' cookies (${m[0].slice(0, 50)})`,
        at: m.index,
      };
  }
  const held = ALLOW_CREDENTIALS.test(src) ? heldOrigin(src) : undefined;
  if (held !== undefined) return held;
  if (ALLOW_CREDENTIALS.test(src) && !CHECKED.test(src)) {
    // A bare `origin` must hold the request's Origin header.
    const heldOrigin = /\borigin\s*=\s*(?:req|request|ctx|c\.req)\.\w/i.test(src);
    for (const m of src.matchAll(ECHOED)) {
      if (m[1] !== undefined && !heldOrigin) continue;
      // The value echoed is code; the header's name is a string.
      if (!devOnly(src, m.index))
        return {
          why: `echoes any Origin back with credentials allowed (${m[0].slice(0, 60)})`,
          at: m.index + m[0].length - 1,
        };
    }
  }
  const star =
    anchoredMatch(src, /\ballow_(?:origin_regex|credentials)\b/g, STARLETTE_ANY) ??
    anchoredMatch(src, /\bCORS\(/g, FLASK_ANY);
  if (star !== null && !devOnly(src, star.index))
    return {
      why: 'lets any site call the API with its users\u2019 cookies (allow_origin_regex=".*")',
      at: star.index,
    };
  return undefined;
}
