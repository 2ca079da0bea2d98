/**
 * DKR-AST-011: a literal credential (cloud key, registry or API token, password in a database URL)
 * written into a Dockerfile's ENV/ARG/LABEL or RUN line, or a compose file's environment, labels or
 * build args. Image config and `docker history` keep it for whoever pulls the image (red team r2/r3).
 */
import { scrub } from '../../../scrub/index.js';
import { defineRule } from '../define-rule.js';

/**
 * Detectors too loose for build files: `NAME=value` assignments of any high-entropy value (official
 * images pin `ENV GPG_KEY <fingerprint>`), and `mysql -psecret` in a build's own throwaway database.
 */
const LOOSE = new Set(['assignment', 'cli-password']);

/**
 * Cheap gate before the scrubber: every credential it knows has a run of 16 or more token
 * characters, or is a URL password (`scheme://user:password@host`). Most ENV and RUN lines have
 * neither.
 */
const TOKEN_LIKE = /[A-Za-z0-9_-]{16}|:\/\/[^\s/@:]*:[^\s/@]+@/;

/** A connection string's password (the redacted span) that is a real one, not `postgres` or `devpass`. */
function realPassword(password: string): boolean {
  if (/^[$%{<]/.test(password) || password.length < 8) return false;
  return /[0-9]/.test(password) && /[A-Za-z]/.test(password);
}

/** Words of a setting's name that say its value is a credential (GITHUB_PAT, DEPLOY_TOKEN, API_KEY). */
const CREDENTIAL_WORD = /^(?:token|pat|secret|password|passwd|pwd|apikey|credentials?|creds)$/;
const CREDENTIAL_PAIR = /^(?:api|access|private|secret|signing|master|service|sa) key$|^client secret$/;
/** Words that make the value public or about the credential rather than it (GPG_KEY, TOKEN_URL, SECRET_FILE). */
const NOT_VALUE =
  /^(?:gpg|pgp|public|pub|fingerprint|id|url|uri|endpoint|issuer|audience|file|path|dir|name|user|username|header|type|version|length|ttl|expiry|host|port|prefix|mode|method|sha\d*|checksum|hash|algorithm|alg|scope|scopes)$/;
/**
 * A literal value behind a name that says it is a credential, in an ENV/ARG/LABEL: the name is the
 * evidence, so a token the scrubber cannot place (an unknown vendor's, or a hand-written one like
 * github_pat_11ABC…) still counts. Variables, URLs, paths and placeholder words do not (R8 dockerfile-secret).
 */
function namedCredential(text: string): string | undefined {
  // `ENV A=x B=y` sets each pair (R10/R15: an AWS key id and secret on one line).
  const pairs = text.trim().split(/\s+(?=[A-Za-z_][\w.-]*=)/);
  if (pairs.length > 1 && pairs.length <= 32) {
    for (const p of pairs) {
      const hit = namedCredential(p);
      if (hit !== undefined) return hit;
    }
    return undefined;
  }
  const eq = text.indexOf('=');
  if (eq <= 0) return undefined;
  const name = text.slice(0, eq);
  const value = text.slice(eq + 1).trim();
  if (value.length < 16 || !/[0-9]/.test(value) || !/[A-Za-z]/.test(value)) return undefined;
  if (/[\s$<{}]|:\/\/|^\/|^[\d.]+$/.test(value) || PLACEHOLDER.test(value)) return undefined;
  const w = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((x) => x !== '');
  if (w.some((x) => NOT_VALUE.test(x))) return undefined;
  for (let i = 0; i < w.length; i++)
    if (CREDENTIAL_WORD.test(w[i]!) || (i > 0 && CREDENTIAL_PAIR.test(`${w[i - 1]!} ${w[i]!}`))) return name;
  return undefined;
}
/**
 * Placeholder words; `example` counts only as a word of its own (`example-token`, AWS's documented
 * `AKIAIOSFODNN7EXAMPLE`), not glued inside a token (`sk_live_51Hx7EXAMPLEa8…`, R10/R15).
 */
const PLACEHOLDER =
  /(?:^|[^a-z0-9])example(?:[^a-z0-9]|$)|^AKIAIOSFODNN7EXAMPLE$|^wJalrXUtnFEMI\/K7MDENG\/bPxRfiCYEXAMPLEKEY$|change[_-]?me|placeholder|dummy|redacted|x{5}|\*{3}|your[_-]|replace|insert/i;

export default defineRule({
  id: 'DKR-AST-011',
  invariant: 'NO_SECRET_EXFILTRATION',
  kinds: ['literal'],
  summary:
    'Literal credentials (cloud keys, registry/API tokens, database URL passwords) in a Dockerfile ENV/ARG/LABEL/RUN or a compose environment.',
  remediationHint:
    'Do not write secrets into a Dockerfile or compose file: image layers and history keep them for anyone who pulls the image. Pass them at build time with a BuildKit secret (RUN --mount=type=secret,id=npm ...) or at run time from the environment (environment: - TOKEN=${TOKEN}).',
  *check(facts) {
    for (const lit of facts.of('literal')) {
      if (lit.runtime !== 'docker' || lit.field === undefined || lit.depth > 0) continue;
      if (!TOKEN_LIKE.test(lit.text)) continue;
      const named = /^(?:ENV|ARG|LABEL) /.test(lit.field) ? namedCredential(lit.text) : undefined;
      if (named !== undefined) {
        yield {
          span: lit.span,
          reason: `${lit.field} holds a literal value for the credential ${named} that is stored in the image or compose file`,
          suggestedAlternative: null,
        };
        continue;
      }
      for (const r of scrub(lit.text).redactions) {
        if (LOOSE.has(r.detector)) continue;
        if (r.detector === 'connection-string' && !realPassword(lit.text.slice(r.span.start, r.span.end)))
          continue;
        yield {
          span: lit.span,
          reason: `${lit.field} holds a literal ${r.kind.toLowerCase()} credential (${r.envName}) that is stored in the image or compose file`,
          suggestedAlternative: null,
        };
        break;
      }
    }
  },
  examples: {
    deny: [
      {
        input: 'FROM alpine\nENV AWS_SECRET_ACCESS_KEY=q8Lr2VhT0bXn4Zk9Wc1Pj7Ys3Fd6Gm5Ha0Qe2Rt8',
        runtime: 'docker',
      },
      {
        input: 'FROM node:22\nARG NPM_TOKEN=npm_Q7wE2rT9yU4iO1pA6sD3fG8hJ5kL0zX2cV4b\nRUN npm ci',
        runtime: 'docker',
      },
      { input: 'FROM alpine\nENV ACME_DEPLOY_TOKEN=k7Qm2Rx9Lp4Vb8Nz', runtime: 'docker' },
      {
        input:
          'services:\n  a:\n    image: alpine\n    environment:\n      - AWS_SECRET_ACCESS_KEY=q8Lr2VhT0bXn4Zk9Wc1Pj7Ys3Fd6Gm5Ha0Qe2Rt8',
        runtime: 'docker',
      },
    ],
    allow: [
      {
        input: 'FROM python:3.12\nENV GPG_KEY=7169605F62C751356D054A26A821E680E5FA6305',
        runtime: 'docker',
        why: 'a public key fingerprint pinned by official images',
      },
      {
        input:
          'FROM node:20\nENV TOKEN_URL=https://auth.example.com/oauth/token NPM_CONFIG_TOKEN_TTL=3600000000000000',
        runtime: 'docker',
        why: 'settings about a credential (where to get it, how long it lives), not one',
      },
      {
        input:
          'services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD: postgres\n      DATABASE_URL: postgres://postgres:postgres@db:5432/app',
        runtime: 'docker',
        why: 'a local development database password',
      },
      {
        input: 'FROM node:22\nARG NPM_TOKEN\nRUN --mount=type=secret,id=npm npm ci',
        runtime: 'docker',
        why: 'the token is passed in at build time, not written down',
      },
    ],
  },
});
