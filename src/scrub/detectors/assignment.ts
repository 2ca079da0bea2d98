/**
 * Generic secrets: values assigned to password/secret/token/key names in env files, JSON, YAML,
 * code, XML, CLI flags and HTTP headers (Authorization: Bearer/Basic), gated by entropy and
 * placeholder filters; plus prefixed tokens of services outside the eleven named families
 * (npm, PyPI, Hugging Face, Docker, Vault, Shopify, SendGrid, DigitalOcean...).
 */
import { ALPHA_LOWER, ALPHA_UPPER, BASE62, BASE64URL, DIGITS, HEX, randomBody } from '../examples.js';
import {
  charClasses,
  defineFamily,
  hasVariety,
  isAlnumCode,
  isPlaceholder,
  LOOKBEHIND,
  looksRandom,
  shannonEntropy,
  type PatternDefinition,
  type PatternHit,
} from '../family.js';

// ---------------------------------------------------------------------------------------------
// Keyword assignments

/** `word` (lower-case letters) at `text[at]`, either case, ending by `limit`. */
function lettersAt(text: string, at: number, limit: number, word: string): boolean {
  if (at + word.length > limit) return false;
  // For a lower-case letter w, (c | 0x20) === w holds for exactly w and its upper case.
  for (let k = 0; k < word.length; k++)
    if ((text.charCodeAt(at + k) | 0x20) !== word.charCodeAt(k)) return false;
  return true;
}

/**
 * Length of the name stem at `text[pos]` within `limit`, 0 when none: the regex
 * /^(?:pass(?:word|wd|phrase|code)?|pwd|secret|token|key|auth(?:orization)?|credentials?)/i on
 * `text.slice(pos, limit)`, matched on char codes (this runs at every "token" and "key" in code,
 * where a match array per hit showed in profiles). The alternatives begin with distinct letter
 * pairs, so at most one matches; optional suffixes are tried in the regex's order.
 */
export function stemLength(text: string, pos: number, limit: number): number {
  switch (text.charCodeAt(pos) | 0x20) {
    case 0x70: // p
      if (lettersAt(text, pos, limit, 'pwd')) return 3;
      if (!lettersAt(text, pos, limit, 'pass')) return 0;
      if (lettersAt(text, pos + 4, limit, 'word')) return 8;
      if (lettersAt(text, pos + 4, limit, 'wd')) return 6;
      if (lettersAt(text, pos + 4, limit, 'phrase')) return 10;
      if (lettersAt(text, pos + 4, limit, 'code')) return 8;
      return 4;
    case 0x73: // s
      return lettersAt(text, pos, limit, 'secret') ? 6 : 0;
    case 0x74: // t
      return lettersAt(text, pos, limit, 'token') ? 5 : 0;
    case 0x6b: // k
      return lettersAt(text, pos, limit, 'key') ? 3 : 0;
    case 0x61: // a
      if (!lettersAt(text, pos, limit, 'auth')) return 0;
      return lettersAt(text, pos + 4, limit, 'orization') ? 13 : 4;
    case 0x63: // c
      if (!lettersAt(text, pos, limit, 'credential')) return 0;
      return lettersAt(text, pos + 10, limit, 's') ? 11 : 10;
    default:
      return 0;
  }
}

/** `[A-Za-z0-9_.-]` on a char code: an identifier character of a name. */
function isIdentCode(c: number): boolean {
  return isAlnumCode(c) || c === 95 || c === 46 || c === 45;
}
/** `[\s"'`,;<>(){}[\]|&]` on a char code (JavaScript's `\s` set): where an unquoted value ends. */
function isValueStop(c: number): boolean {
  switch (c) {
    case 0x22:
    case 0x27:
    case 0x60:
    case 0x2c:
    case 0x3b:
    case 0x3c:
    case 0x3e:
    case 0x28:
    case 0x29:
    case 0x7b:
    case 0x7d:
    case 0x5b:
    case 0x5d:
    case 0x7c:
    case 0x26:
    case 0x20:
    case 0x09:
    case 0x0a:
    case 0x0b:
    case 0x0c:
    case 0x0d:
    case 0xa0:
    case 0x1680:
    case 0x2028:
    case 0x2029:
    case 0x202f:
    case 0x205f:
    case 0x3000:
    case 0xfeff:
      return true;
    default:
      return c >= 0x2000 && c <= 0x200a;
  }
}
/** `[ \t]` */
function isBlankCode(c: number): boolean {
  return c === 0x20 || c === 0x09;
}

/**
 * A separator within reach of `text[i]`, looking no further than `end`: the regex
 * /^[A-Za-z0-9_.-]{0,40}["'`\]]?[ \t]*(?:[=:(,>-]|!=|[ \t][^ \t\r\n])/ on `text.slice(i, end)`,
 * decided on char codes without the slice. Inside the identifier run only a `-` can follow the
 * `{0,40}` part, so the regex matches when a `-` sits among the run's first 41 characters, or,
 * for a run of at most 40, when what follows it (an optional closing quote, blanks) is a
 * separator, `!=`, or a non-blank after at least one blank.
 */
export function assignmentNear(text: string, i: number, end: number): boolean {
  let r = i;
  let dash = false;
  for (let c = text.charCodeAt(r); r < end && isIdentCode(c); c = text.charCodeAt(++r)) {
    if (c === 0x2d && r - i <= 40) dash = true;
  }
  return dash || separatorAfterRun(text, i, r, end);
}

/** assignmentNear past the identifier run `text[i, r)` (no `-` among its first 41 characters). */
function separatorAfterRun(text: string, i: number, r: number, end: number): boolean {
  if (r - i > 40) return false;
  let q = r;
  if (q < end) {
    const c = text.charCodeAt(q);
    if (c === 0x22 || c === 0x27 || c === 0x60 || c === 0x5d) q++;
  }
  let k = q;
  while (k < end && isBlankCode(text.charCodeAt(k))) k++;
  if (k >= end) return false;
  const c = text.charCodeAt(k);
  switch (c) {
    case 0x3d: // =
    case 0x3a: // :
    case 0x28: // (
    case 0x2c: // ,
    case 0x3e: // >
    case 0x2d: // -
      return true;
    case 0x21: // !
      if (k + 1 < end && text.charCodeAt(k + 1) === 0x3d) return true;
      break;
  }
  return k > q && c !== 0x0d && c !== 0x0a;
}

/** Last word of the name that says the value is not the secret itself. */
const NOT_SECRET_SUFFIX = new Set(
  'id ids name names type types url uri urls path paths file files dir length len size count limit max min format prefix suffix version field fields header headers param params mode ttl timeout expiry expires expiration at on by hash algorithm alg ref arn endpoint policy usage provider method scheme label env var hint index idx location store kind option options required enabled disabled'.split(
    ' ',
  ),
);
/** First word of the name that makes a "key" or "token" something other than a credential. */
const NOT_SECRET_PREFIX =
  /(?:^|[_.-])(?:public|pub|primary|foreign|sort|partition|cache|idempotency|map|dict|row|range|next|page|continuation|sync|lookup|i18n|translation|hotkey|shortcut|ssh_public|max|min)[_.-]?$/i;

function words(identifier: string): string[] {
  return identifier
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[_.-]+/)
    .filter((w) => w.length > 0);
}

function envStyle(identifier: string, strong: string): string {
  const w = words(identifier).map((x) => x.replace(/[^a-z0-9]/g, ''));
  const name = w.join('_').toUpperCase();
  if (name.length >= 3 && name.length <= 48 && /^[A-Z][A-Z0-9_]*$/.test(name)) return name;
  return strong;
}

function isCodeExpression(value: string): boolean {
  // os.environ / process.env.X / request.headers / self.secret
  return /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/.test(value);
}

function strongValueOk(value: string, quoted: boolean): boolean {
  if (value.length < 4 || value.length > 512) return false;
  if (isPlaceholder(value)) return false;
  if (quoted) return true;
  if (isCodeExpression(value)) return false;
  const cls = charClasses(value);
  if (cls.digit > 0 || cls.other > 0) return value.length >= 6 || cls.digit > 0;
  // all letters: accept mixed case that is not a Capitalised word
  return value.length >= 8 && cls.upper > 0 && cls.lower > 0 && !/^[A-Z][a-z]+$/.test(value);
}

function weakValueOk(value: string, minLength: number, minEntropy: number): boolean {
  if (value.length < minLength || value.length > 1024) return false;
  if (/:\/\/|^[./~]|\.(?:pem|json|key|txt|ya?ml|p12|pfx|crt|cer|env|der)$/i.test(value)) return false;
  if (isCodeExpression(value)) return false;
  return looksRandom(value, minLength, minEntropy);
}

function matchAssignment(text: string, pos: number, limit: number): PatternHit | null {
  const stemLen = stemLength(text, pos, limit);
  if (stemLen === 0) return null;
  let i = pos + stemLen;
  // The word must end here or continue in another word (camelCase, _, digits): not "keyboard".
  const next = text.charCodeAt(i);
  if (next >= 97 && next <= 122) return null;
  // The name's tail, read once: for the cheap exit below (assignmentNear, inlined) and the name.
  const near = Math.min(limit, i + 48);
  let run = i;
  let dash = false;
  for (let c = next; run < near && isIdentCode(c); c = text.charCodeAt(++run)) {
    if (c === 0x2d && run - i <= 40) dash = true;
  }
  // Cheap exit for the common case in prose and code: no assignment-like character soon after.
  if (!dash && !separatorAfterRun(text, i, run, near)) return null;
  // Name: back to its start (bounded lookbehind) and forward over its tail (at most 40 characters).
  let start = pos;
  while (start > 0 && pos - start < LOOKBEHIND - 2 && isIdentCode(text.charCodeAt(start - 1))) start--;
  const tailEnd = Math.min(run, i + 40);
  i = tailEnd;
  // Char codes throughout (NaN past the end of the text matches nothing).
  const xml = start > 0 && text.charCodeAt(start - 1) === 0x3c; // <name>value</name>
  const flag = text.charCodeAt(start) === 0x2d && text.charCodeAt(start + 1) === 0x2d;
  // Closing quote/bracket of the name: "api_key": / ['token'] =
  let quotedName = false;
  if (!xml) {
    const c = text.charCodeAt(i);
    if (c === 0x22 || c === 0x27 || c === 0x60) {
      quotedName = true;
      i++;
    }
    if (text.charCodeAt(i) === 0x5d) i++;
  }
  // Separator
  let j = i;
  while (j < limit && isBlankCode(text.charCodeAt(j))) j++;
  let sep = '';
  const c0 = text.charCodeAt(j);
  const c1 = text.charCodeAt(j + 1);
  if (xml) {
    if (text.charCodeAt(i) !== 0x3e) return null;
    sep = '>';
    j = i + 1;
  } else if ((c0 === 0x3d || c0 === 0x21) && c1 === 0x3d && text.charCodeAt(j + 2) === 0x3d) {
    sep = '=='; // === or !==
    j += 3;
  } else if (
    (c1 === 0x3d && (c0 === 0x3a || c0 === 0x3d || c0 === 0x21)) ||
    (c1 === 0x3e && (c0 === 0x3d || c0 === 0x2d))
  ) {
    sep = text.slice(j, j + 2); // := == != => ->
    j += 2;
  } else if (c0 === 0x3d || c0 === 0x3a) {
    sep = c0 === 0x3d ? '=' : ':';
    j++;
  } else if (c0 === 0x28) {
    sep = '(';
    j++;
  } else if (c0 === 0x2c && quotedName) {
    sep = ',';
    j++;
  } else if (c0 === 0x2d && j > i && isBlankCode(c1)) {
    sep = '-';
    j++;
  } else if (j > i) {
    sep = ' ';
  } else {
    return null;
  }
  while (j < limit && isBlankCode(text.charCodeAt(j))) j++;
  // Authorization: Bearer <token> / Basic <base64> / token <...>
  let scheme = '';
  // Only B, T, D or N can start a scheme: skip the regex and its slice for anything else.
  const s0 = text.charCodeAt(j) | 32;
  const schemeMatch =
    s0 === 98 || s0 === 116 || s0 === 100 || s0 === 110
      ? /^(?:Bearer|Basic|Token|Bot|Digest|Negotiate)[ \t]+/i.exec(text.slice(j, j + 16))
      : null;
  if (schemeMatch && sep !== ' ') {
    scheme = schemeMatch[0].trim().toLowerCase();
    j += schemeMatch[0].length;
  }
  // Value
  let valueStart = j;
  let valueEnd: number;
  let quoted = false;
  const q = text.charCodeAt(j);
  if (xml) {
    const close = text.indexOf('<', j);
    if (close < 0 || close >= limit || close - j > 1024 || text[close + 1] !== '/') return null;
    valueEnd = close;
    quoted = true;
    if (text.slice(j, close).includes('\n')) return null;
  } else if (q === 0x22 || q === 0x27 || q === 0x60) {
    valueStart = j + 1;
    let k = valueStart;
    for (; k < limit && k - valueStart <= 1024; k++) {
      const c = text.charCodeAt(k);
      if (c === q || c === 0x0a || c === 0x0d) break;
    }
    if (k >= limit || text.charCodeAt(k) !== q) return null;
    valueEnd = k;
    quoted = true;
  } else {
    let k = j;
    while (k < limit && k - j <= 1024 && !isValueStop(text.charCodeAt(k))) k++;
    // A sentence full stop or colon is not part of the value.
    while (k > j && (text.charCodeAt(k - 1) === 46 || text.charCodeAt(k - 1) === 58)) k--;
    const after = text.charCodeAt(k);
    if (after === 0x28 || after === 0x5b) return null; // a call or an index: code, not a value
    valueEnd = k;
  }
  // The shortest value each acceptance rule below can take (Basic credentials: 8 base64
  // characters): most code (`token = await`, `getToken(client, ...`) ends here.
  const c = text.charCodeAt(pos) | 0x20;
  const strong = c === 0x70 || c === 0x73 || c === 0x63; // pass, pwd, secret, credential
  const shortest = scheme === 'basic' ? 8 : scheme !== '' ? 12 : sep === ' ' && !flag ? 16 : strong ? 4 : 10;
  if (valueEnd - valueStart < shortest) return null;
  const value = text.slice(valueStart, valueEnd);
  const identifier = text.slice(start, tailEnd).replace(/^[.-]+|[.-]+$/g, '');
  const stemWord = text.slice(pos, pos + stemLen).toLowerCase();
  let ok: boolean;
  if (scheme === 'basic') {
    ok = basicCredentials(value);
  } else if (scheme !== '') {
    ok = weakValueOk(value, 12, 3);
  } else if (sep === ' ' && !flag) {
    ok = weakValueOk(value, 16, 3.2) && charClasses(value).digit > 0;
  } else if (strong) {
    ok = strongValueOk(value, quoted);
  } else {
    const bare = identifier.toLowerCase() === 'key' || identifier.toLowerCase() === 'token';
    ok = bare ? weakValueOk(value, 16, 3.3) : weakValueOk(value, 10, 3);
  }
  if (!ok) return null;
  // Names that hold something other than the secret (token_url, key_id, public_key...).
  const w = words(identifier);
  if (NOT_SECRET_SUFFIX.has(w[w.length - 1] ?? '') && w.length > 1) return null;
  if (NOT_SECRET_PREFIX.test(text.slice(start, pos))) return null;
  const fallback = strong
    ? stemWord.startsWith('secret')
      ? 'SECRET'
      : 'PASSWORD'
    : stemWord.startsWith('key')
      ? 'API_KEY'
      : 'TOKEN';
  return { secretStart: valueStart, secretEnd: valueEnd, envName: envStyle(identifier, fallback) };
}

function basicCredentials(value: string): boolean {
  if (!/^[A-Za-z0-9+/]{8,}={0,2}$/.test(value)) return false;
  const decoded = Buffer.from(value, 'base64').toString('latin1');
  return /^[\x20-\x7e]+:[\x20-\x7e]+$/.test(decoded);
}

// ---------------------------------------------------------------------------------------------
// Prefixed tokens of other services: [id, keywords, regex, env name, minimum distinct body chars]

type Prefixed = [string, string[], RegExp, string, number];

const PREFIXED: Prefixed[] = [
  ['npm', ['npm_'], /^npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])/, 'NPM_TOKEN', 10],
  [
    'pypi',
    ['pypi-ageichlwas5vcmc'],
    /^pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,300}(?![A-Za-z0-9_-])/,
    'PYPI_TOKEN',
    10,
  ],
  ['huggingface', ['hf_', 'api_org_'], /^(?:hf|api_org)_[A-Za-z]{34}(?![A-Za-z0-9])/, 'HF_TOKEN', 8],
  [
    'docker',
    ['dckr_pat_', 'dckr_oat_'],
    /^dckr_(?:pat|oat)_[A-Za-z0-9_-]{27,80}(?![A-Za-z0-9_-])/,
    'DOCKER_TOKEN',
    10,
  ],
  ['vault', ['hvs.', 'hvb.', 'hvr.'], /^hv[sbr]\.[A-Za-z0-9_-]{24,400}(?![A-Za-z0-9_-])/, 'VAULT_TOKEN', 10],
  [
    'shopify',
    ['shpat_', 'shpca_', 'shppa_', 'shpss_'],
    /^shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}(?![A-Za-z0-9])/,
    'SHOPIFY_TOKEN',
    8,
  ],
  ['sendgrid', ['sg.'], /^SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/, 'SENDGRID_API_KEY', 10],
  [
    'digitalocean',
    ['dop_v1_', 'doo_v1_', 'dor_v1_'],
    /^do[por]_v1_[a-f0-9]{64}(?![A-Za-z0-9])/,
    'DIGITALOCEAN_TOKEN',
    8,
  ],
  ['heroku', ['hrku-'], /^HRKU-[A-Za-z0-9_-]{20,80}(?![A-Za-z0-9_-])/, 'HEROKU_API_KEY', 8],
  ['databricks', ['dapi'], /^dapi[a-f0-9]{32}(?:-\d)?(?![A-Za-z0-9])/, 'DATABRICKS_TOKEN', 8],
  ['linear', ['lin_api_'], /^lin_api_[A-Za-z0-9]{40}(?![A-Za-z0-9])/, 'LINEAR_API_KEY', 10],
  ['notion', ['ntn_'], /^ntn_[A-Za-z0-9]{40,50}(?![A-Za-z0-9])/, 'NOTION_TOKEN', 10],
  [
    'grafana',
    ['glc_', 'glsa_'],
    /^(?:glc_[A-Za-z0-9+/]{32,400}={0,2}|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8})(?![A-Za-z0-9])/,
    'GRAFANA_TOKEN',
    10,
  ],
  ['newrelic', ['nrak-'], /^NRAK-[A-Z0-9]{27}(?![A-Za-z0-9])/, 'NEW_RELIC_API_KEY', 8],
  ['xai', ['xai-'], /^xai-[A-Za-z0-9]{60,100}(?![A-Za-z0-9])/, 'XAI_API_KEY', 10],
  ['groq', ['gsk_'], /^gsk_[A-Za-z0-9]{52}(?![A-Za-z0-9])/, 'GROQ_API_KEY', 10],
  ['replicate', ['r8_'], /^r8_[A-Za-z0-9]{37}(?![A-Za-z0-9])/, 'REPLICATE_API_TOKEN', 10],
  ['postman', ['pmak-'], /^PMAK-[a-f0-9]{24}-[a-f0-9]{34}(?![A-Za-z0-9])/, 'POSTMAN_API_KEY', 8],
  [
    'sentry',
    ['sntrys_', 'sntryu_'],
    /^(?:sntrys_[A-Za-z0-9+/=_]{50,400}|sntryu_[a-f0-9]{64})(?![A-Za-z0-9])/,
    'SENTRY_AUTH_TOKEN',
    10,
  ],
  [
    'tailscale',
    ['tskey-'],
    /^tskey-(?:api|auth|client|scim|webhook)-[A-Za-z0-9]{8,20}-[A-Za-z0-9]{16,64}(?![A-Za-z0-9])/,
    'TAILSCALE_KEY',
    8,
  ],
  ['atlassian', ['atatt3'], /^ATATT3[A-Za-z0-9_=-]{100,300}(?![A-Za-z0-9_=-])/, 'ATLASSIAN_API_TOKEN', 10],
  [
    'doppler',
    ['dp.pt.', 'dp.st.', 'dp.sa.', 'dp.ct.'],
    /^dp\.(?:pt|st|sa|ct)\.[A-Za-z0-9]{40,50}(?![A-Za-z0-9])/,
    'DOPPLER_TOKEN',
    10,
  ],
  ['figma', ['figd_'], /^figd_[A-Za-z0-9_-]{40,60}(?![A-Za-z0-9_-])/, 'FIGMA_TOKEN', 10],
  ['pulumi', ['pul-'], /^pul-[a-f0-9]{40}(?![A-Za-z0-9])/, 'PULUMI_ACCESS_TOKEN', 8],
  ['terraform', ['.atlasv1.'], /^\.atlasv1\.[A-Za-z0-9_=-]{60,100}(?![A-Za-z0-9_=-])/, 'TF_TOKEN', 10],
  [
    'cloudflare',
    ['cfut_', 'cfat_', 'cfk_'],
    /^(?:cfut|cfat|cfk)_[A-Za-z0-9_-]{40,80}(?![A-Za-z0-9_-])/,
    'CLOUDFLARE_API_TOKEN',
    10,
  ],
  ['mailgun', ['key-'], /^key-[0-9a-f]{32}(?![A-Za-z0-9])/, 'MAILGUN_API_KEY', 8],
  ['appsync', ['da2-'], /^da2-[a-z0-9]{26}(?![A-Za-z0-9])/, 'APPSYNC_API_KEY', 8],
];

function prefixed([name, keywords, regex, envName, variety]: Prefixed): PatternDefinition {
  return {
    id: `generic/${name}`,
    keywords,
    regex,
    boundary: true,
    // Every prefixed regex above is bounded well under this.
    maxLength: 520,
    envName,
    // Placeholders such as hf_xxxx... or API-AAAA... have almost no entropy after the prefix.
    gate: (s) => hasVariety(s.replace(/^[A-Za-z0-9]{1,10}[_.-]/, ''), variety),
  };
}

/** Azure AD client secrets: three characters, a digit, "Q~", then 31-34 more. */
function matchAzureClientSecret(text: string, pos: number, limit: number): PatternHit | null {
  const start = pos - 4;
  if (start < 0) return null;
  const m = /^[A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])/.exec(text.slice(start, limit));
  if (!m) return null;
  if (start > 0 && /[A-Za-z0-9_~.-]/.test(text[start - 1]!)) return null;
  if (shannonEntropy(m[0]) < 3.5) return null;
  return { secretStart: start, secretEnd: start + m[0].length, envName: 'AZURE_CLIENT_SECRET' };
}

/** Telegram bot tokens: `<bot id>:AA<33 chars>`. */
function matchTelegram(text: string, pos: number, limit: number): PatternHit | null {
  let start = pos;
  while (start > 0 && pos - start < 10 && /[0-9]/.test(text[start - 1]!)) start--;
  if (pos - start < 8 || (start > 0 && /[A-Za-z0-9]/.test(text[start - 1]!))) return null;
  const m = /^:AA[A-Za-z0-9_-]{33}(?![A-Za-z0-9_-])/.exec(text.slice(pos, limit));
  if (!m) return null;
  return { secretStart: start, secretEnd: pos + m[0].length, envName: 'TELEGRAM_BOT_TOKEN' };
}

const hfToken = (seed: string): string => 'hf_' + randomBody(seed, ALPHA_LOWER + ALPHA_UPPER, 34);

export const genericFamily = defineFamily({
  id: 'generic',
  kind: 'GENERIC',
  summary: 'Keyword assignments gated by entropy, Authorization headers, other services’ prefixed tokens',
  nonStrict: true,
  priority: 0,
  patterns: [
    {
      id: 'generic/assignment',
      keywords: ['pass', 'pwd', 'secret', 'token', 'key', 'auth', 'credential'],
      match: matchAssignment,
      maxLength: 1200,
      strictOnly: true,
    },
    {
      id: 'generic/jenkins-credential',
      keywords: ['aqaaabaaa'],
      regex: /^AQAAABAAA[ \t]+(?<secret>[^\s}<]{8,1024})/,
      maxLength: 1050,
      strictOnly: true,
      envName: 'JENKINS_SECRET',
      gate: (s) => hasVariety(s, 6),
    },
    ...PREFIXED.map(prefixed),
    { id: 'generic/azure-client-secret', keywords: ['q~'], match: matchAzureClientSecret, maxLength: 40 },
    { id: 'generic/telegram-bot-token', keywords: [':aa'], match: matchTelegram, maxLength: 40 },
  ],
  examples: {
    positive: [
      { text: 'secret = "hunter2"', secret: 'hunter2', nonStrict: 'keep' },
      {
        text: `DB_PASSWORD=${randomBody('ge1', BASE62, 18)}`,
        secret: randomBody('ge1', BASE62, 18),
        nonStrict: 'keep',
      },
      {
        text: `{"client_secret": "${randomBody('ge2', BASE64URL, 32)}", "client_id": "app"}`,
        secret: randomBody('ge2', BASE64URL, 32),
        nonStrict: 'keep',
      },
      {
        text: `api_key: ${randomBody('ge3', HEX, 32)}`,
        secret: randomBody('ge3', HEX, 32),
        nonStrict: 'keep',
      },
      {
        text: `curl -H "Authorization: Bearer ${randomBody('ge4', BASE62, 40)}" https://api.example.com`,
        secret: randomBody('ge4', BASE62, 40),
        nonStrict: 'keep',
      },
      {
        text: `mytool --password ${randomBody('ge5', BASE62, 12)} --user bob`,
        secret: randomBody('ge5', BASE62, 12),
        nonStrict: 'keep',
      },
      {
        text: `Authorization: Basic ${Buffer.from(`bob:${randomBody('ge6', BASE62, 12)}`).toString('base64')}`,
        secret: Buffer.from(`bob:${randomBody('ge6', BASE62, 12)}`).toString('base64'),
        nonStrict: 'keep',
      },
      {
        text: `//registry.npmjs.org/:_authToken=npm_${randomBody('ge7', BASE62, 36)}`,
        secret: `npm_${randomBody('ge7', BASE62, 36)}`,
      },
      { text: `HF_TOKEN=${hfToken('ge8')}`, secret: hfToken('ge8') },
      {
        text: `<password>${randomBody('ge9', BASE62, 14)}</password>`,
        secret: randomBody('ge9', BASE62, 14),
        nonStrict: 'keep',
      },
      {
        text: `VAULT_TOKEN=hvs.${randomBody('ge10', BASE64URL, 90)}`,
        secret: `hvs.${randomBody('ge10', BASE64URL, 90)}`,
      },
      {
        text: `bot ${randomBody('ge11', DIGITS, 10)}:AA${randomBody('ge11b', BASE64URL, 33)}`,
        secret: `${randomBody('ge11', DIGITS, 10)}:AA${randomBody('ge11b', BASE64URL, 33)}`,
      },
    ],
    lookalike: [
      { text: 'secret = <hunter2>', why: 'templated' },
      { text: 'secret= ${hunter2}', why: 'templated' },
      { text: 'secret = get_secret_key()', why: 'a function call' },
      { text: 'secret = request.headers["apikey"]', why: 'an expression' },
      { text: 'password: $DB_PASS  # do not share', why: 'a variable reference' },
      { text: 'api_key = ""', why: 'empty' },
      { text: 'password = ${link}', why: 'templated' },
      {
        text: `request_id = "${randomBody('ge12', HEX, 8)}-${randomBody('ge13', HEX, 4)}-4${randomBody('ge14', HEX, 3)}-a${randomBody('ge15', HEX, 3)}-${randomBody('ge16', HEX, 12)}"`,
        why: 'a UUID under a non-secret name',
      },
      {
        text: 'The keyboard shortcut and the token count (max_tokens = 4096) are in the docs.',
        why: 'ordinary prose',
      },
      { text: `"integrity": "sha512-${randomBody('ge17', BASE62, 86)}=="`, why: 'a lockfile hash' },
      { text: `checksum = "${randomBody('ge18', HEX, 64)}"`, why: 'a Cargo.lock checksum' },
      { text: `uses: actions/checkout@${randomBody('ge19', HEX, 40)} # v4`, why: 'a pinned commit SHA' },
      { text: 'tokenizer = AutoTokenizer.from_pretrained("gpt2")', why: 'not a credential name' },
      { text: 'hf_FakeFakeFake1FakeFakeFakeFakeFakeFa', why: 'digits in a Hugging Face body' },
      { text: 'public_key = "' + randomBody('ge20', BASE62, 44) + '"', why: 'public keys are public' },
      { text: `data:image/png;base64,${randomBody('ge21', BASE62, 120)}`, why: 'a base64 image' },
      { text: 'password: changeme', why: 'a placeholder word' },
      { text: "typeform_token = 'tfp_1'", why: 'too short' },
      { text: 'id = RANDOM_STRING', why: 'not a secret name' },
    ],
  },
});
