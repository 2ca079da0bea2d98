/**
 * Security taken out of the project by a file edit (red team R17): what the edit takes away
 * compared with what it puts back (an Edit's old and new text, a MultiEdit's pairs, a patch's `-`
 * and `+` lines, a SEARCH/REPLACE block), whatever the file, framework or vendor: a check that was
 * there and is gone with nothing in its place (a verify/authorize/signature/password call, a
 * login_required decorator, the 401/403 answer), a check made constant (`return True` where a
 * comparison was, `|| true` in a guard's condition), a safe setting moved to its unsafe value
 * (`verify`, `block_public_acls`, `DEBUG`, `ALLOWED_HOSTS ['*']`, a CIDR of 0.0.0.0/0,
 * `authorization = "NONE"`), certificate checks switched off, any origin allowed with credentials,
 * a parameterised query turned into string interpolation; and, in any code written, a request's
 * input handed to a command or eval. Tests, fixtures and docs are not judged, nor setting changes
 * in dev, local and test files; refactors that keep a check (renamed, moved into a helper) stay
 * allowed. Becomes one `agent-guard-action disarm code <detail>` line for PLT-AST-003.
 */
import { quote, type CliEquivalent } from './cli.js';
import { ACTION_PROGRAM } from './saas.js';
import { wordSet, type Gate } from './signals.js';

/** Name words of tools that write or change files. */
const WRITES = wordSet('write edit multiedit create apply patch replace insert save put deploy upload');
/** Name words of tools that put code where it serves requests (a Worker, a function, an edge script). */
const DEPLOYS = /^(?:script|scripts|worker|workers|function|functions|lambda|edge|deploy|deployment)$/;
const READ = /^(?:get|list|read|search|view|show|find|grep|glob|diff|delete|remove)$/;
const OLD_KEY = /^(?:old_?string|old_?str|old|old_?text|search|find|original|before|old_?content)$/i;
const NEW_KEY = /^(?:new_?string|new_?str|new|new_?text|replace|replacement|after|updated|new_?content)$/i;
const CONTENT_KEY = /^(?:content|contents|file_?text|file_?content|code|source|script|text)$/i;
const PATH_KEY =
  /^(?:file_?path|path|filename|file_?name|target_?file|file|target|fs_?path|target_?path|script_?name|name)$/i;

/** Files whose code does not run in the product: tests, fixtures, docs. */
const NOT_PRODUCT =
  /(?:^|\/)(?:tests?|spec|specs|__tests__|__mocks__|fixtures?|testdata|e2e|cypress|docs?)\/|(?:^|\/)(?:test_[^/]*|conftest\.py)$|[._-](?:test|spec)\.[^/]+$|_test\.\w+$|\.(?:md|mdx|rst|txt|adoc)$/i;
/** Files for a developer's own machine or a test run, where a relaxed setting is ordinary. */
const DEV_FILE =
  /(?:^|[/._-])(?:dev|devel|develop|development|local|test|tests|testing|ci|example|examples|sample|sandbox|demo|mock)(?:[/._-]|$)/i;

/** Settings and deployment files: where a debug switch reaches the running service. */
const SETTINGS_FILE =
  /(?:^|[/._-])(?:settings|config|conf|prod|production|live|deploy|helm|values|env)(?:[/._-]|$)|\.(?:env|ini|cfg|toml|ya?ml|tf|tfvars|properties)$/i;

interface Change {
  readonly path: string;
  readonly old: string;
  readonly neu: string;
}

/** A patch's files as old (context and `-`) and new (context and `+`) texts, hunk headers in both. */
function patchChanges(text: string, fallback: string, out: Change[]): boolean {
  if (/<{7} SEARCH\n/.test(text)) {
    for (const m of text.matchAll(/<{7} SEARCH\n([\s\S]*?)\n?={7}\n([\s\S]*?)\n?>{7} REPLACE/g))
      if (out.length < 64) out.push({ path: fallback, old: m[1]!, neu: m[2]! });
    return true;
  }
  if (!/^\*\*\* Begin Patch|^diff --git|^--- |\n@@/m.test(text.slice(0, 4096))) return false;
  let path = fallback;
  let old: string[] = [];
  let neu: string[] = [];
  const flush = (): void => {
    if ((old.length > 0 || neu.length > 0) && out.length < 64)
      out.push({ path, old: old.join('\n'), neu: neu.join('\n') });
    old = [];
    neu = [];
  };
  for (const line of text.split('\n').slice(0, 20000)) {
    const file = /^\*\*\* (?:Update|Add) File: (.+)$|^\+\+\+ (?:b\/)?(.+)$/.exec(line);
    if (file !== null) {
      flush();
      path = (file[1] ?? file[2]!).trim();
    } else if (/^\*\*\* (?:Delete File|End Patch|Begin Patch)|^--- |^diff --git|^index /.test(line)) {
      if (!line.startsWith('*** Begin')) flush();
    } else if (line.startsWith('@@')) {
      const ctx = line.replace(/^@@[^@]*@@?/, '');
      old.push(ctx);
      neu.push(ctx);
    } else if (line.startsWith('-')) old.push(line.slice(1));
    else if (line.startsWith('+')) neu.push(line.slice(1));
    else {
      const ctx = line.startsWith(' ') ? line.slice(1) : line;
      old.push(ctx);
      neu.push(ctx);
    }
  }
  flush();
  return true;
}

/** The edits and writes of a call: (path, old text, new text); a write has no old text. */
function changes(args: unknown, path: string, out: Change[], depth = 0): void {
  if (depth > 4 || out.length >= 64 || args === null || typeof args !== 'object') return;
  if (Array.isArray(args)) {
    for (const x of args.slice(0, 64)) changes(x, path, out, depth + 1);
    return;
  }
  const entries = Object.entries(args as Record<string, unknown>).slice(0, 64);
  const here =
    entries.find(([k, v]) => PATH_KEY.test(k) && typeof v === 'string' && /[./]/.test(v))?.[1] ?? path;
  const p = here as string;
  const old = entries.find(([k, v]) => OLD_KEY.test(k) && typeof v === 'string')?.[1] as string | undefined;
  const neu = entries.find(([k, v]) => NEW_KEY.test(k) && typeof v === 'string')?.[1] as string | undefined;
  if (old !== undefined && neu !== undefined) out.push({ path: p, old, neu });
  for (const [k, v] of entries) {
    if (typeof v === 'string') {
      if (v.length > 262144 || OLD_KEY.test(k) || NEW_KEY.test(k)) continue;
      if (!patchChanges(v, p, out) && CONTENT_KEY.test(k) && old === undefined)
        out.push({ path: p, old: '', neu: v });
    } else changes(v, p, out, depth + 1);
  }
}

/** Every match of a global pattern, counted by its text (lowercase). */
function tally(re: RegExp, text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of text.matchAll(re)) {
    const k = (m[1] ?? m[0]).toLowerCase();
    out.set(k, (out.get(k) ?? 0) + 1);
  }
  return out;
}

/** A name that checks who is calling or what they sent (a call, a decorator, a middleware). */
const GUARD =
  /\b(?![\w.]*["']?\s*[:=](?!=))([A-Za-z_]*(?:verif|authenticat|authori[sz]|permission|signature|hmac|checkpw|check_?password|compare_?digest|timingsafeequal|constructevent|construct_event|login_?required|requires?_?(?:auth|login|admin|role|user|session|scope|permission|mfa|signed)|csrf_?protect|ratelimit|rate_?limit|limiter|throttl|guard|is_?admin|has_?role|has_?perm|is_?authenticated|ensure_?(?:logged|auth)|jwt_?required|access_?control|roles_?allowed|preauthorize|secured)[A-Za-z0-9_]*)\b/gi;
/** A call added in the new text whose name says it checks (a refactor into a helper keeps the check). */
const CHECK_CALL =
  /(?:@|\b)((?:[A-Za-z_][\w.]*)?(?:verif|valid|check|auth|assert|ensure|guard|protect|permi|allow|secur|signature|hmac|digest|compare|polic|limit|throttl|require[A-Z_]|required|session|login)\w*)\s*(?:\(|$|,)/gim;
/** An answer that refuses the caller. */
const DENY =
  /\b(?:40[13]|HTTP_40[13]\w*|unauthori[sz]ed\w*|forbidden\w*|permission_?denied|access_?denied|not_?authenticated|authentication_?failed|PermissionDenied|AuthenticationFailed)\b/gi;
/** Definitions and routes: an edit that removes one removes the code, not only its check. */
const DEFINITION =
  /\b(?:def|function|class|func|fn)\s+(\w+)|\.(?:get|post|put|patch|delete|route|all)\(\s*["'`]([^"'`]+)/g;
/** A guard's condition made constant, or a constant success returned. */
const CONSTANT =
  /\bif\s*\(?\s*(?:false|False|true|True|0|1)\s*\)?\s*[:{]|\|\|\s*true\b|\btrue\s*\|\||\bor\s+True\b|\bTrue\s+or\b|&&\s*false\b|\bfalse\s*&&|\band\s+False\b|\bFalse\s+and\b/g;
const RETURN_TRUE = /\breturn\s+(?:true|True|1|!0|YES)\s*;?\s*$/gm;
const RETURN_ANY = /\breturn\s+\S[^\n]*/g;
/** Words of a file or text about access. */
const ACCESS_WORDS =
  /auth|login|session|token|jwt|password|passwd|permission|polic|guard|acl|role|admin|verif|signature|hmac|csrf|secur|access|scope/i;

const count = (re: RegExp, text: string): number => {
  let n = 0;
  for (const _ of text.matchAll(re)) n++;
  return n;
};

/** Names defined in `old` that `neu` no longer defines (the unit was deleted or moved, not disarmed). */
function removesDefinition(old: string, neu: string): boolean {
  const defs = new Set([...neu.matchAll(DEFINITION)].map((m) => m[1] ?? m[2]));
  for (const m of old.matchAll(DEFINITION)) if (!defs.has(m[1] ?? m[2])) return true;
  return false;
}

const STRING = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`[^`]*`/g;

/** Imports and comments: removing an unused import or a note removes no check. */
const NOT_CODE =
  /^\s*(?:import\b|from\s+\S+\s+import\b|using\b|#include\b|(?:const|let|var)\s+[^=\n]*=\s*require\(|\/\/|#|\/?\*|--).*$/gm;

/** A check present in `old` and gone from `neu` with no other check in its place. */
function checkRemoved(old0: string, neu0: string, path: string): string | undefined {
  const old = old0.replace(NOT_CODE, '');
  // Names are read outside string literals (an error message saying "Unauthorized" checks nothing).
  const oldCode = old.replace(STRING, '""');
  const guards = tally(GUARD, oldCode);
  const refused = count(DENY, old) > 0;
  // Every answer below needs a check or a refusal in the old text, or a file about access.
  if (guards.size === 0 && !refused && !ACCESS_WORDS.test(path)) return undefined;
  const neu = neu0.replace(NOT_CODE, '');
  if (removesDefinition(old, neu)) return undefined;
  const neuCode = neu.replace(STRING, '""');
  const before = new Set([...oldCode.matchAll(CHECK_CALL)].map((m) => m[1]!.toLowerCase()));
  const replaced =
    [...neuCode.matchAll(CHECK_CALL)].some((m) => !before.has(m[1]!.toLowerCase())) ||
    // PyJWT and jose verify in decode when given the algorithms (none excluded).
    (/\balgorithms\b/.test(neu) && !/["']none["']/i.test(neu));
  if (!replaced) {
    const kept = tally(GUARD, neuCode);
    // Gone from the new text altogether: one middleware mounted once instead of per route is kept.
    for (const name of guards.keys()) if (!kept.has(name)) return `removes the check ${name}`;
    if (refused && count(DENY, neu) === 0) return 'removes the refusal of unauthorised callers';
  }
  const access = ACCESS_WORDS.test(path) || guards.size > 0 || refused;
  if (!access) return undefined;
  if (count(CONSTANT, neu) > count(CONSTANT, old)) return 'makes an access check constant';
  if (
    count(RETURN_TRUE, neu) > count(RETURN_TRUE, old) &&
    count(RETURN_ANY, old) > count(RETURN_TRUE, old) &&
    count(RETURN_ANY, neu) - count(RETURN_TRUE, neu) < count(RETURN_ANY, old) - count(RETURN_TRUE, old)
  )
    return 'returns success where a check was';
  return undefined;
}

/** `key = value`, `key: value`, `key=value` pairs (a setting, an option, a keyword argument). */
const PAIR =
  /(["']?)([A-Za-z_][\w-]*)\1\s*(?:=(?!=)|:(?!:)|=>)\s*("[^"\n]*"|'[^'\n]*'|\[[^\]\n]*\]|[^\s,;)}\]]+)/g;
const TRUE = /^(?:true|1|yes|on|enabled?)$/;
const FALSE = /^(?:false|0|no|off|disabled?|none|null|nil)$/;
/** Words of a setting's name that say it protects (its safe value is on). */
const GUARD_WORD =
  /^(?:verify|verification|ssl|tls|https|secure|cert|certs|certificate|hostname|encrypt|encrypted|encryption|protect|protected|protection|csrf|xsrf|httponly|mfa|2fa|otp|signed|signature|signing|autoescape|escape|sanitize|audit|versioning|enforce|enforced|enforcement|auth|authn|authz|authentication|authorization|authenticated|unauthorized|block|restrict|firewall|waf|sandbox|scrub|scrubbing|scrubber|redact|redaction|mask|masking|anonymize|anonymise|anonymization)$/;
/** Words that turn a setting's meaning around (its safe value is off). */
const NEGATOR =
  /^(?:insecure|skip|bypass|disable|disabled|no|unsafe|dangerously|permissive|trust|anonymous)$/;
/** Settings whose safe value is off without a negator: on, they open something. */
const OPEN_WHEN_ON =
  /^(?:debug|public|is_public)$|(?:^|_)(?:send_default_pii|(?:capture|collect|include|log)_pii|publicly|public_(?:access|network|read|ip|acls?)|anonymous|unauthenticated|allow_all|trust_all|accept_all|permit_all)(?:_|$)|^cors_(?:origin_)?allow_all/;
const CLOSES = /^(?:block|blocked|restrict|restricted|ignore|deny|prevent|disable|disabled|no)$/;
/** Settings that list who or where may come in. */
const WHO_KEY =
  /(?:^|_)(?:hosts?|origins?|cidrs?|blocks|ips?|ranges?|principals?|members?|allowed|ingress|networks?|trusted|sources?|whitelist|allowlist|prefix(?:es)?|address(?:es)?|from)(?:_|$)/;
/** An address range of every IPv4 or IPv6 address, and any narrower range it replaces. */
const ALL_ADDRESSES = /^(?:0\.0\.0\.0\/0|::\/0)$/;
const RANGE = /\d+\.\d+\.\d+\.\d+\/\d+|[0-9a-f:]+::?\/\d+/i;
const EVERYONE = /^(?:\*|0\.0\.0\.0\/0|::\/0|allusers|allauthenticatedusers|everyone|anyone|\*:\*)$/i;
/** Settings whose value names a mode of protection. */
const MODE_KEY =
  /(?:^|_)(?:auth|authorization|authentication|auth_type|authorization_type|ssl_?mode|tls_?mode|sslmode|ssl|tls|verify\w*|security\w*|encryption\w*|mfa\w*|csrf\w*|algorithms?|acl|canned_acl|visibility|access|access_level)$/;
const OFF_MODE =
  /^(?:none|disable|disabled|off|allow|trust|noverify|no-verify|insecure|public-read|public-read-write|public|anonymous|authenticated-read)$/i;

const snake = (k: string): string =>
  k
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/-/g, '_')
    .toLowerCase();
const unquote = (v: string): string => v.replace(/^(["'])(.*)\1$/, '$2').trim();
/** A value's items: a list's elements, or the value itself. */
const items = (v: string): string[] =>
  v.startsWith('[')
    ? [...v.slice(1, -1).matchAll(/"([^"]*)"|'([^']*)'|([^\s,"']+)/g)].map((m) => m[1] ?? m[2] ?? m[3]!)
    : [unquote(v)];

/** Why `value` is the unsafe value of setting `key`, or undefined. */
function unsafe(key: string, value: string, devFile: boolean, settingsFile = true): string | undefined {
  const v = items(value).map((x) => x.toLowerCase());
  // Every reading below needs a switch's value, everyone, or a mode that is off.
  if (!v.some((x) => TRUE.test(x) || FALSE.test(x) || EVERYONE.test(x) || OFF_MODE.test(x))) return undefined;
  const words = key.split('_');
  const bool = v.length === 1 ? v[0]! : '';
  // `block_public_acls`, `disable_public_access`: the words before say the setting closes.
  if (OPEN_WHEN_ON.test(key) && !words.some((x) => CLOSES.test(x)) && TRUE.test(bool))
    return key === 'debug' && (devFile || !settingsFile) ? undefined : `${key} turned on`;
  if (words.some((x) => NEGATOR.test(x)) && words.some((x) => GUARD_WORD.test(x)) && TRUE.test(bool))
    return `${key} turned on`;
  if (
    !words.some((x) => NEGATOR.test(x) || x === 'allow' || x === 'debug') &&
    words.some((x) => GUARD_WORD.test(x)) &&
    FALSE.test(bool)
  )
    return `${key} turned off`;
  if ((WHO_KEY.test(key) || ALL_ADDRESSES.test(v[0] ?? '')) && v.some((x) => EVERYONE.test(x)))
    return `${key} opened to ${v.find((x) => EVERYONE.test(x))}`;
  if (MODE_KEY.test(key) && v.some((x) => OFF_MODE.test(x)))
    return `${key} set to ${v.find((x) => OFF_MODE.test(x))}`;
  return undefined;
}

/** A setting moved from a safe value in `old` to an unsafe one in `neu`. */
function settingWeakened(old: string, neu: string, path: string): string | undefined {
  const dev = DEV_FILE.test(path);
  // A debug flag is judged in settings and deployment files, not in a client's options.
  const settings = SETTINGS_FILE.test(path);
  const before = new Map<string, string[]>();
  for (const m of old.matchAll(PAIR)) {
    const k = snake(m[2]!);
    before.set(k, [...(before.get(k) ?? []), m[3]!.toLowerCase()]);
  }
  if (before.size === 0) return undefined;
  // A rule for traffic leaving (egress) may go anywhere.
  const outbound = /\begress\b|\boutbound\b/i.test(old + neu);
  for (const m of neu.matchAll(PAIR)) {
    const k = snake(m[2]!);
    const was = before.get(k);
    const value = m[3]!.toLowerCase();
    if (was === undefined || was.includes(value)) continue;
    if (dev && k !== 'debug') continue;
    if (outbound && WHO_KEY.test(k)) continue;
    const why = unsafe(k, value, dev, settings);
    if (why === undefined || !was.some((x) => unsafe(k, x, dev, settings) === undefined)) continue;
    // A value made every address under any key (`value = "0.0.0.0/0"`) counts where it replaced a range.
    if (WHO_KEY.test(k) || !ALL_ADDRESSES.test(items(value)[0] ?? '') || was.some((x) => RANGE.test(x)))
      return why;
  }
  return undefined;
}

/** Certificate checks switched off in code or settings. */
const TLS_OFF =
  /\bverify\s*=\s*False\b|["']?rejectUnauthorized["']?\s*:\s*false|NODE_TLS_REJECT_UNAUTHORIZED["'\]]*\s*=\s*["']?0|InsecureSkipVerify\s*:\s*true|insecure_skip_verify\s*[=:]\s*true|_create_unverified_context|\bCERT_NONE\b|check_hostname\s*=\s*False|["']?strictSSL["']?\s*:\s*false|\bVERIFY_NONE\b|ssl_verify\w*\s*[=:]\s*false|verify_ssl\s*[=:]\s*false|sslVerify\s*[=:]\s*false|\bsetHostnameVerifier\b|ALLOW_ALL_HOSTNAME_VERIFIER|TrustAllStrategy|InsecureRequestWarning|["']?verify_(?:signature|exp|aud|iss)["']?\s*:\s*False|["']?ignoreExpiration["']?\s*:\s*true|["']?algorithms["']?\s*[:=]\s*\[\s*["']none/gi;
const LOOPBACK = /\b(?:localhost|127\.0\.0\.1|0\.0\.0\.0|::1|host\.docker\.internal)\b|\.local\b|\.test\b/i;

/** Any origin allowed (`origin: true`, `'*'`, a callback that accepts all or reflects the caller's). */
const ANY_ORIGIN =
  /origin["']?\s*:\s*(?:true\b|["']\*["']|\/\.\*\/|\(\s*\w*\s*,\s*(\w+)\s*\)\s*=>\s*\1\(\s*null\s*,\s*(?:true|\w*origin\w*)\s*\))|\b(?:callback|cb|done)\(\s*null\s*,\s*true\s*\)|allow_origins\s*=\s*\[\s*["']\*["']|CORS_(?:ORIGIN_)?ALLOW_ALL(?:_ORIGINS)?\s*=\s*True|allow_origin_regex\s*=\s*r?["']\.\*|Access-Control-Allow-Origin["']?\s*[,:]\s*(?:req|request|ctx|c)\.(?:headers?\.origin|headers\[\s*["']origin|get_?header|headers\.get\(\s*["']origin|header\(\s*["']origin)|origins\s*=\s*["']\*["']|AllowAnyOrigin\(\)|SetIsOriginAllowed\(\s*\w+\s*=>\s*true/i;
const CREDENTIALS =
  /credentials["']?\s*:\s*true|allow_credentials\s*=\s*True|CORS_ALLOW_CREDENTIALS\s*=\s*True|supports_credentials\s*=\s*True|Allow-Credentials["']?\s*[,:]\s*["']?true|AllowCredentials\(\)/i;

/** A SQL string with a placeholder, and one built by interpolation or concatenation. */
const SQL_WORDS = String.raw`\b(?:select|insert|update|delete|where|values)\b`;
const PLACEHOLDER = new RegExp(
  String.raw`["'\x60][^"'\x60\n]*${SQL_WORDS}[^"'\x60\n]*(?:\$\d+|\?|%s|%\(\w+\)s|[=(,]\s*[:@]\w+)`,
  'i',
);
const INTERPOLATED = new RegExp(
  String.raw`\x60[^\x60\n]*${SQL_WORDS}[^\x60\n]*\$\{|\bf["'][^"'\n]*${SQL_WORDS}[^"'\n]*\{\w|["'][^"'\n]*${SQL_WORDS}[^"'\n]*["']\s*(?:\+\s*\w|%\s*[\w(]|\.format\()`,
  'i',
);

/** A request's input (query, body, headers, form) handed to a command, eval or a new function. */
const SINK =
  /(?:(?:child_process|cp|os|subprocess|vm|shell|commands|require\(\s*["'](?:node:)?child_process["']\s*\))\.|(?<![.\w$]))(?:exec|execSync|spawn|spawnSync|execFile|execFileSync|eval|Function|runInNewContext|runInThisContext|system|popen|getoutput|check_output|check_call|call|run|Popen|shell_exec|passthru|proc_open)\s*\(/g;
const REQUEST_INPUT =
  /\b(?:req|request|ctx\.request|ctx|event|c\.req)\.(?:query|body|params|headers|args|form|values|GET|POST|json|data|query_params|path_params|queryStringParameters|cookies)\b|\$_(?:GET|POST|REQUEST|COOKIE)\b|\bsearchParams\.get\(/;

function requestRun(text: string): string | undefined {
  for (const m of text.matchAll(SINK)) {
    const arg = text.slice(m.index + m[0].length, m.index + m[0].length + 200);
    const input = REQUEST_INPUT.exec(arg);
    // Only the first argument: a program or script the caller chooses (`execFile('git', [x])` is argv).
    if (
      input !== null &&
      !arg.slice(0, input.index).includes(',') &&
      !arg.slice(0, input.index).includes(')')
    )
      return `runs the request's ${input[0]} with ${m[0].replace(/\s*\($/, '')}`;
  }
  return undefined;
}

/** What a request carries from its sender: its body, form, cookies or credentials. */
const REQUEST_DATA =
  /\b(?:req|request|event\.request|c\.req|ctx\.request)\.(?:clone\(\)\.)?(?:text|json|formData|arrayBuffer|body|form|data|get_json|cookies)\b|document\.cookie|\bheaders\.get\(\s*["'](?:authorization|cookie)["']/i;
/** A request sent to a URL written out, its arguments after. */
const SEND_TO =
  /\b(?:fetch|navigator\.sendBeacon|sendBeacon|axios\.(?:post|put)|got\.post|requests\.post|httpx\.post)\s*\(\s*["'\x60](https?:\/\/[^"'\x60\s/]+)[^"'\x60]*["'\x60]\s*,/g;

/**
 * A copy of what callers send (a checkout form, a login, cookies) posted to a host written in the
 * code while the request goes on as usual (R17: a Cloudflare Worker turned into a card skimmer):
 * the send is fire-and-forget, its answer never used. A proxy or backend-for-frontend that awaits,
 * returns or keeps the answer forwards, and is allowed.
 */
function copiesRequest(text: string): string | undefined {
  if (!REQUEST_DATA.test(text)) return undefined;
  const held = new Set<string>();
  for (const m of text.matchAll(/\b(?:const|let|var)\s+(\w+)\s*=\s*([^;\n]{0,160})/g))
    if (REQUEST_DATA.test(m[2]!)) held.add(m[1]!);
  for (const m of text.matchAll(SEND_TO)) {
    const before = text.slice(Math.max(0, m.index - 40), m.index);
    if (!/(?:^|[;{}\n]|waitUntil\(|void)\s*$/.test(before) && !m[0].includes('sendBeacon')) continue;
    const args = text.slice(m.index + m[0].length, m.index + m[0].length + 300);
    const words = args.match(/\b\w+\b/g) ?? [];
    if (REQUEST_DATA.test(args) || words.some((x) => held.has(x)))
      return `copies what callers send to ${m[1]!.replace(/^https?:\/\//, '')} without using the answer`;
  }
  return undefined;
}

/** Why the change takes security out, or undefined. */
export function weakening(c: Change): string | undefined {
  if (NOT_PRODUCT.test(c.path)) return undefined;
  const old = c.old.slice(0, 65536);
  const neu = c.neu.slice(0, 65536);
  // A whole text written needs a file it is written to (a comment's code sample is no program).
  const run = c.path === '' ? undefined : requestRun(neu);
  if (run !== undefined && requestRun(old) === undefined) return run;
  const copy = c.path === '' ? undefined : copiesRequest(neu);
  if (copy !== undefined && copiesRequest(old) === undefined) return copy;
  if (old.trim() === '') return undefined;
  const removed = checkRemoved(old, neu, c.path);
  if (removed !== undefined) return removed;
  const setting = settingWeakened(old, neu, c.path);
  if (setting !== undefined) return setting;
  if (!DEV_FILE.test(c.path) && count(TLS_OFF, neu) > count(TLS_OFF, old) && !LOOPBACK.test(neu))
    return 'switches certificate or signature verification off';
  if (ANY_ORIGIN.test(neu) && !ANY_ORIGIN.test(old) && CREDENTIALS.test(old + neu))
    return 'lets any origin call with the user’s credentials';
  if (PLACEHOLDER.test(old) && INTERPOLATED.test(neu) && !PLACEHOLDER.test(neu))
    return 'builds a query from input where it was parameterised';
  return undefined;
}

export const EDIT_WEAKEN_GATE: Gate = { name: WRITES };

export function editWeakenLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (!w.some((x) => WRITES.has(x)) || w.some((x) => READ.test(x))) return [];
  const found: Change[] = [];
  // A deploy tool's script has no file: it runs as the worker or function the tool names.
  changes(args, w.some((x) => DEPLOYS.test(x)) ? w.join('_') : '', found);
  for (const c of found) {
    const why = weakening(c);
    if (why !== undefined)
      return [
        {
          code: [
            ACTION_PROGRAM,
            'disarm',
            quote('code'),
            quote(`${w.join('_')} ${c.path.slice(0, 80)}: ${why}`.slice(0, 200)),
          ].join(' '),
          runtime: 'bash',
        },
      ];
  }
  return [];
}
