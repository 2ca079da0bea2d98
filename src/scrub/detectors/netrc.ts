/** `.netrc` entries: `machine host login user password secret` (one line or several). */
import { defineDetector } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const pw = (seed: string): string => randomBody(seed, BASE62, 18);

export default defineDetector({
  id: 'netrc',
  family: 'connection-string',
  kind: 'PASSWORD',
  summary: '.netrc / _netrc entries: machine … login … password …',
  patterns: [
    {
      id: 'netrc/password',
      keywords: ['machine'],
      regex:
        /^machine[ \t]+[^\s]{1,253}(?:\s+(?:login|account|port)[ \t]+[^\s]{1,256}){1,3}\s+password[ \t]+(?<secret>[^\s]{1,256})/,
      boundary: true,
      // `machine` is a common word: only `machine <host>` can start an entry.
      precheck: (text, pos) => text.charCodeAt(pos + 7) === 0x20 || text.charCodeAt(pos + 7) === 0x09,
      precheckReach: 8,
      maxLength: 1200,
      strictOnly: true,
      envName: 'NETRC_PASSWORD',
    },
  ],
  examples: {
    positive: [
      { text: `machine api.github.com login octocat password ${pw('nr1')}`, secret: pw('nr1') },
      { text: `machine example.com\n  login bob\n  password ${pw('nr2')}\n`, secret: pw('nr2') },
    ],
    negative: [
      { text: 'machine learning password managers are popular', why: 'prose' },
      { text: 'machine example.com login bob password ${NETRC_PASSWORD}', why: 'a template' },
      { text: 'machine example.com login bob', why: 'no password' },
    ],
  },
});
