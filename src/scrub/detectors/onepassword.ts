/** 1Password service account tokens (ops_eyJ…) and account secret keys (A3-…). */
import { defineDetector, prefixedToken } from '../detector.js';
import { ALPHA_UPPER, BASE62, BASE64, DIGITS, randomBody } from '../examples.js';

const ID = 'onepassword';
const serviceAccount = (seed: string): string => 'ops_eyJ' + randomBody(`${seed}:1`, BASE64, 300);
const secretKey = (seed: string): string =>
  'A3-' +
  randomBody(`${seed}:1`, DIGITS + ALPHA_UPPER, 6) +
  '-' +
  randomBody(`${seed}:3`, DIGITS + ALPHA_UPPER, 11) +
  '-' +
  randomBody(`${seed}:5`, DIGITS + ALPHA_UPPER, 5) +
  '-' +
  randomBody(`${seed}:7`, DIGITS + ALPHA_UPPER, 5) +
  '-' +
  randomBody(`${seed}:9`, DIGITS + ALPHA_UPPER, 5);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'ONEPASSWORD',
  summary: '1Password service account tokens (ops_eyJ…) and account secret keys (A3-…)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      name: 'service-account',
      keywords: ['ops_eyj'],
      regex: /^ops_eyJ[A-Za-z0-9+/_-]{250,2000}={0,3}/,
      envName: 'OP_SERVICE_ACCOUNT_TOKEN',
      minDistinct: 10,
      tail: 'A-Za-z0-9+/=_-',
      maxLength: 2020,
    }),
    prefixedToken(ID, {
      name: 'secret-key',
      keywords: ['a3-'],
      regex: /^A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}/,
      envName: 'OP_SERVICE_ACCOUNT_TOKEN',
      tail: 'A-Za-z0-9',
    }),
  ],
  examples: {
    positive: [
      { text: `export OP_SERVICE_ACCOUNT_TOKEN=${serviceAccount('one0a')}`, secret: serviceAccount('one0a') },
      { text: `Use ${serviceAccount('one0b')} for the deploy step.`, secret: serviceAccount('one0b') },
      { text: `{"credentials": "${serviceAccount('one0c')}"}`, secret: serviceAccount('one0c') },
      { text: `export OP_SERVICE_ACCOUNT_TOKEN=${secretKey('one1a')}`, secret: secretKey('one1a') },
      { text: `Use ${secretKey('one1b')} for the deploy step.`, secret: secretKey('one1b') },
      { text: `{"credentials": "${secretKey('one1c')}"}`, secret: secretKey('one1c') },
    ],
    negative: [
      { text: 'ops_eyJ' + 'x'.repeat(serviceAccount('one0d').length - 7), why: 'placeholder body' },
      { text: `ops_eyJ${randomBody('one0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${serviceAccount('one0f')}`, why: 'inside a longer word' },
      { text: 'A3-' + 'x'.repeat(secretKey('one1d').length - 3), why: 'placeholder body' },
      { text: `A3-${randomBody('one1e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${secretKey('one1f')}`, why: 'inside a longer word' },
    ],
  },
});
