/** Authress service client access keys (`sc_…`/`ext_…`/`scauth_…`/`authress_…` + `.acc_` account part). */
import { defineDetector } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';
import { hasVariety, isAlnumCode, type PatternHit } from '../family.js';

const KEY =
  /^(?:sc|ext|scauth|authress)_[A-Za-z0-9]{5,30}\.[A-Za-z0-9]{4,6}\.acc[_-][a-z0-9-]{10,32}\.[A-Za-z0-9+/_=-]{30,120}(?![A-Za-z0-9+/_=-])/;

function matchKey(text: string, pos: number, limit: number): PatternHit | null {
  if (pos > 0 && isAlnumCode(text.charCodeAt(pos - 1))) return null;
  // `sc_`/`ext_` start many identifiers: look for the `.acc` account part before any regex work.
  const acc = text.indexOf('.acc', pos);
  if (acc < 0 || acc - pos > 50 || acc >= limit) return null;
  const m = KEY.exec(text.slice(pos, limit));
  if (!m || !hasVariety(m[0].slice(m[0].lastIndexOf('.') + 1), 12)) return null;
  return { secretStart: pos, secretEnd: pos + m[0].length, envName: 'AUTHRESS_ACCESS_KEY' };
}

const lower = '0123456789abcdefghijklmnopqrstuvwxyz';
const key = (seed: string, prefix = 'sc_'): string =>
  `${prefix}${randomBody(`${seed}:1`, lower, 12)}.${randomBody(`${seed}:2`, lower, 5)}.acc_${randomBody(`${seed}:3`, lower, 16)}.${randomBody(`${seed}:4`, BASE62, 48)}`;

export default defineDetector({
  id: 'authress',
  family: 'generic',
  kind: 'AUTHRESS',
  summary: 'Authress service client access keys (sc_/ext_/scauth_/authress_ … .acc_ …)',
  priority: 9,
  patterns: [
    {
      id: 'authress/access-key',
      keywords: ['sc_', 'ext_', 'scauth_', 'authress_'],
      match: matchKey,
      maxLength: 240,
    },
  ],
  examples: {
    positive: [
      { text: `AUTHRESS_KEY=${key('au1')}`, secret: key('au1') },
      { text: `client.setToken("${key('au2', 'authress_')}")`, secret: key('au2', 'authress_') },
    ],
    negative: [
      {
        text: 'ext_modules = [Extension("sc_core", sources=["sc_core.c"])]',
        why: 'identifiers, no account part',
      },
      { text: `misc_${key('au3').slice(3)}`, why: 'inside a longer word' },
    ],
  },
});
