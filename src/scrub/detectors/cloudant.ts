/**
 * IBM Cloudant passwords (64 hex) and API keys (24 lower-case letters) under a cloudant/clou/cl
 * name that says key, password or token, as public scanners' Cloudant rules read them.
 */
import { defineDetector } from '../detector.js';
import { ALPHA_LOWER, HEX, randomBody } from '../examples.js';
import { hasVariety } from '../family.js';

const ID = 'cloudant';
const password = (seed: string): string => randomBody(`${seed}:pw`, HEX, 64);
/** Random lower-case letters: a generated API key has few vowels and many distinct letters. */
const apiKey = (seed: string): string => randomBody(`${seed}:key`, 'bcdfghjklmnpqrstvwxz' + ALPHA_LOWER, 24);

/**
 * Twenty-four letters are a key only when they do not read as words: a third or fewer vowels
 * (random letters: about a fifth; English: about two fifths) and 12 or more distinct letters.
 */
function randomLetters(v: string): boolean {
  const vowels = v.replace(/[^aeiou]/g, '').length;
  return vowels * 3 <= v.length && hasVariety(v, 12);
}

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'CLOUDANT',
  summary: 'IBM Cloudant passwords (64 hex) and API keys (24 letters) under a cloudant/cl name',
  // Vendor formats are more specific than the generic assignment they overlap.
  priority: 9,
  patterns: [
    {
      id: `${ID}/credential`,
      // Every spelling of the name's start, not `cl` alone: that starts class, clear, client, cloud.
      keywords: [
        'cloudant',
        ...['clou', 'cl'].flatMap((p) =>
          ['_', '-', 'api', 'key', 'pw', 'pass', 'token'].map((next) => p + next),
        ),
      ],
      boundary: true,
      regex:
        /^cl(?:oudant|ou)?[_-]?(?:api)?[_-]?(?:key|pwd|pw|password|pass|token)s?["'`\]]?[ \t]*(?:[:=]|:=|=>)?[ \t]*["'`]?(?<secret>[0-9a-f]{64}|[a-z]{24})(?![A-Za-z0-9_+/=-])/i,
      maxLength: 120,
      // No fixed prefix: a context format, strict mode only like the other service-named values.
      strictOnly: true,
      envName: 'CLOUDANT_PASSWORD',
      // The name is case-insensitive, the value is not: hex of either case, letters lower case.
      gate: (v) => (v.length === 64 ? hasVariety(v, 10) : /^[a-z]{24}$/.test(v) && randomLetters(v)),
    },
  ],
  examples: {
    positive: [
      { text: `cloudant_pw='${password('clo0a')}'`, secret: password('clo0a'), nonStrict: 'keep' },
      { text: `clou_pw = "${password('clo0b')}"`, secret: password('clo0b'), nonStrict: 'keep' },
      { text: `CL_PASSWORD=${password('clo0c')}`, secret: password('clo0c'), nonStrict: 'keep' },
      { text: `cloudant_key = '${apiKey('clo0d')}'`, secret: apiKey('clo0d'), nonStrict: 'keep' },
      { text: `cl-api-key: ${apiKey('clo0e')}`, secret: apiKey('clo0e'), nonStrict: 'keep' },
      { text: `--cloudant-token "${apiKey('clo0f')}"`, secret: apiKey('clo0f'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `cloudant_password = "a-fake-tooshort-key"`, why: 'neither shape: too short, dashes' },
      {
        text: `cl_api_key = "thisisnotarealcloudantkey"`,
        why: 'words, not random letters (too many vowels)',
      },
      { text: `cloudant_password = "${'a'.repeat(64)}"`, why: 'one repeated character' },
      { text: `class_key = "${apiKey('clo0g')}"`, why: 'class, not a cloudant name' },
      {
        text: `cloud_key: ${password('clo0h')}`,
        why: 'cloud is not cloudant (the generic assignment may still judge it)',
        strict: 'redact',
      },
      { text: `cloudant_pw='${password('clo0i')}x'`, why: 'longer than a password: another shape' },
      { text: `cloudant_username = "${apiKey('clo0j')}"`, why: 'a user name, not a key or password' },
    ],
  },
});
