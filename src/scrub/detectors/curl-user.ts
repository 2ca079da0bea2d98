/**
 * `curl -u user:password` / `--user user:password` (also wget/httpie-style `--user=`): the
 * password after the first colon. `-u 1000:1000` (a uid:gid pair) and templates are kept.
 */
import { defineDetector } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';
import type { PatternHit } from '../family.js';

const USER_PASS =
  /^(?:-u|--user|--proxy-user)(?:[ \t]+|=)?(["']?)([^\s:"'@/$`]{1,64}):([^\s"'`]{1,256})\1(?=[\s;|&)]|$)/;

function matchUserFlag(text: string, pos: number, limit: number): PatternHit | null {
  // The flag stands alone: after a blank, a quote or the start of the text.
  if (pos > 0 && !/[\s"'(]/.test(text[pos - 1]!)) return null;
  const m = USER_PASS.exec(text.slice(pos, limit));
  if (!m) return null;
  const [, , user, password] = m as unknown as [string, string, string, string];
  if (/^\d+$/.test(user) && /^\d+$/.test(password)) return null; // docker -u 1000:1000
  const secretStart = pos + m[0].length - m[1]!.length - password.length;
  return { secretStart, secretEnd: secretStart + password.length, envName: 'HTTP_BASIC_PASSWORD' };
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
    ],
    negative: [
      { text: 'docker run -u 1000:1000 alpine id', why: 'a uid:gid pair' },
      { text: 'git push -u origin main', why: 'no credentials' },
      { text: 'curl -u "$USER:$PASSWORD" https://x.example', why: 'variables' },
      { text: 'curl -u admin:<password> https://x.example', why: 'placeholder' },
      { text: 'sort -u names.txt', why: 'a different -u' },
    ],
  },
});
