/**
 * `curl -u user:password` / `--user user:password` (also wget/httpie-style `--user=`): the
 * password after the first colon. `-u 1000:1000` (a uid:gid pair) and templates are kept.
 */
import { defineDetector } from '../detector.js';
import { namedPlaceholder } from '../not-secret.js';
import { BASE62, randomBody } from '../examples.js';
import type { PatternHit } from '../family.js';

/**
 * After the flag: `"user:pass"` / `'user:pass'` quoted whole (either side may be empty), or
 * `user:pass` with each side bare or quoted on its own (`"{id}":"{secret}"`, `kevin:'pw'`).
 */
const USER_PASS =
  /^(?:-u|--user|--proxy-user)(?:[ \t]+|=)?(?:(["'])([^\s:"'\x60]{0,64}):([^\s"'\x60]{0,256})\1|(["']?)([^\s:"'\x60/$]{1,64})\4:(["']?)([^\s"'\x60]{0,256})\6)(?=[\s;|&)]|$)/;

/** A user name that is itself a key (`-u sk_live_…:`, `-u "<api key>:"`): long, letters and digits. */
function tokenLike(s: string): boolean {
  return s.length >= 8 && /[0-9]/.test(s) && /[A-Za-z]/.test(s);
}

function matchUserFlag(text: string, pos: number, limit: number): PatternHit | null {
  // The flag stands alone: after a blank, a quote or the start of the text.
  if (pos > 0 && !/[\s"'(]/.test(text[pos - 1]!)) return null;
  const m = USER_PASS.exec(text.slice(pos, limit));
  if (!m) return null;
  const user = m[2] ?? m[5] ?? '';
  const password = m[3] ?? m[7] ?? '';
  if (/^\d+$/.test(user) && /^\d+$/.test(password)) return null; // docker -u 1000:1000
  if (user === password) return null; // -u www-data:www-data
  if (namedPlaceholder(password)) return null; // -u username:password
  if (/%[A-Za-z]/.test(user)) return null; // date -u '+%Y-%m-%dT%H:%M': a format, not a user
  // `-u git@github.com:org/repo`: a remote, not credentials.
  if (user.includes('@') && password.includes('/')) return null;
  // The password sits just before the closing quote(s); an empty one leaves the user as the key.
  const close = (m[1] ?? '').length + (m[6] ?? '').length;
  const passwordEnd = pos + m[0].length - close;
  if (password !== '') {
    return {
      secretStart: passwordEnd - password.length,
      secretEnd: passwordEnd,
      envName: 'HTTP_BASIC_PASSWORD',
    };
  }
  if (!tokenLike(user)) return null;
  // Back over the password's opening quote, the colon and the user's closing quote.
  const userEnd = passwordEnd - (m[6] ?? '').length - 1 - (m[4] ?? '').length;
  return { secretStart: userEnd - user.length, secretEnd: userEnd, envName: 'HTTP_BASIC_USER_KEY' };
}

const pw = (seed: string): string => randomBody(seed, BASE62, 14);

export default defineDetector({
  id: 'curl-user',
  family: 'connection-string',
  kind: 'PASSWORD',
  summary: 'HTTP basic credentials on the command line: curl -u/--user user:password',
  patterns: [
    {
      id: 'curl-user/flag',
      keywords: ['-u', '--user', '--proxy-user'],
      match: matchUserFlag,
      maxLength: 340,
      strictOnly: true,
    },
  ],
  examples: {
    positive: [
      { text: `curl -u admin:${pw('cu1')} https://api.example.com/v1`, secret: pw('cu1') },
      { text: `curl --user "deploy:${pw('cu2')}" -X POST https://ci.example.com`, secret: pw('cu2') },
      { text: `curl -s --user=bob:${pw('cu3')} https://x.example`, secret: pw('cu3') },
      { text: `curl -ubob:${pw('cu4')} https://x.example`, secret: pw('cu4') },
      { text: `curl -u ":${pw('cu5')}" https://x.example`, secret: pw('cu5'), why: 'no user name' },
      { text: `curl -u "${pw('cu6')}:" https://x.example`, secret: pw('cu6'), why: 'the key as the user' },
      { text: `curl --user ann@example.org:${pw('cu7')} -v`, secret: pw('cu7'), why: 'an e-mail user' },
      {
        text: `curl --user kevin:'${pw('cu8')}' -X PATCH`,
        secret: pw('cu8'),
        why: 'only the password quoted',
      },
      {
        text: `curl --user "{app-id}":"{${pw('cu9')}}" --header "Accept: text/plain"`,
        secret: pw('cu9'),
        why: 'each side quoted on its own',
      },
    ],
    negative: [
      { text: 'docker run -u 1000:1000 alpine id', why: 'a uid:gid pair' },
      { text: 'git push -u origin main', why: 'no credentials' },
      { text: 'curl -u "$USER:$PASSWORD" https://x.example', why: 'variables' },
      { text: 'curl -u admin:<password> https://x.example', why: 'placeholder' },
      { text: 'sort -u names.txt', why: 'a different -u' },
      { text: "curl -i -u 'test:test'", why: 'a placeholder pair' },
      { text: 'curl --user neo4j:[PASSWORD] http://localhost:7474/', why: 'a bracketed placeholder' },
      { text: 'curl -u username:token https://x.example', why: 'names, not values' },
      { text: 'curl --user "xxx:yyy"', why: 'filler' },
      { text: 'curl -u ":" https://x.example', why: 'nothing on either side' },
      { text: 'curl -u admin: https://x.example', why: 'a user name and no password' },
      { text: 'git push -u git@github.com:org/repo.git main', why: 'a remote' },
      { text: "date -u '+%Y-%m-%dT%H:%M:%S%z'", why: 'a date format' },
    ],
  },
});
