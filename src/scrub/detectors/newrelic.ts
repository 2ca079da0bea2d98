/** New Relic user API keys (NRAK-), browser (NRJS-), insert (NRII-) and admin (NRAA-) keys. */
import { defineDetector, infixToken, prefixedToken } from '../detector.js';
import { ALPHA_UPPER, BASE62, BASE64URL, DIGITS, HEX, randomBody } from '../examples.js';

const ID = 'newrelic';
const userKey = (seed: string): string => 'NRAK-' + randomBody(`${seed}:1`, DIGITS + ALPHA_UPPER, 27);
const adminKey = (seed: string): string => 'NRAA-' + randomBody(`${seed}:1`, HEX, 27);
const browserKey = (seed: string): string => 'NRJS-' + randomBody(`${seed}:1`, HEX, 19);
const insertKey = (seed: string): string => 'NRII-' + randomBody(`${seed}:1`, BASE64URL, 32);
const licenseKey = (seed: string): string => randomBody(`${seed}:1`, HEX, 36) + 'NRAL';

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'NEWRELIC',
  summary: 'New Relic user API keys (NRAK-), browser (NRJS-), insert (NRII-) and admin (NRAA-) keys',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      name: 'user-key',
      keywords: ['nrak-'],
      regex: /^NRAK-[A-Z0-9]{27}/,
      envName: 'NEW_RELIC_API_KEY',
      tail: 'A-Za-z0-9',
    }),
    prefixedToken(ID, {
      name: 'admin-key',
      keywords: ['nraa-'],
      regex: /^NRAA-[a-f0-9]{27}/,
      envName: 'NEW_RELIC_API_KEY',
      tail: 'A-Za-z0-9',
    }),
    prefixedToken(ID, {
      name: 'browser-key',
      keywords: ['nrjs-'],
      regex: /^NRJS-[a-f0-9]{19}/,
      envName: 'NEW_RELIC_API_KEY',
      tail: 'A-Za-z0-9',
    }),
    // Ingest license keys: 36 hex (an `eu01xx` region prefix on EU accounts) then NRAL.
    infixToken(ID, {
      name: 'license-key',
      keywords: ['nral'],
      before: 36,
      regex: /^(?:eu01xx[a-f0-9]{30}|[a-f0-9]{36})NRAL/,
      envName: 'NEW_RELIC_LICENSE_KEY',
    }),
    prefixedToken(ID, {
      name: 'insert-key',
      keywords: ['nrii-'],
      regex: /^NRII-[A-Za-z0-9_-]{32}/,
      envName: 'NEW_RELIC_API_KEY',
    }),
  ],
  examples: {
    positive: [
      { text: `export NEW_RELIC_API_KEY=${userKey('new0a')}`, secret: userKey('new0a') },
      { text: `Use ${userKey('new0b')} for the deploy step.`, secret: userKey('new0b') },
      { text: `{"credentials": "${userKey('new0c')}"}`, secret: userKey('new0c') },
      { text: `export NEW_RELIC_API_KEY=${adminKey('new1a')}`, secret: adminKey('new1a') },
      { text: `Use ${adminKey('new1b')} for the deploy step.`, secret: adminKey('new1b') },
      { text: `{"credentials": "${adminKey('new1c')}"}`, secret: adminKey('new1c') },
      { text: `export NEW_RELIC_API_KEY=${browserKey('new2a')}`, secret: browserKey('new2a') },
      { text: `Use ${browserKey('new2b')} for the deploy step.`, secret: browserKey('new2b') },
      { text: `{"credentials": "${browserKey('new2c')}"}`, secret: browserKey('new2c') },
      { text: `export NEW_RELIC_API_KEY=${insertKey('new3a')}`, secret: insertKey('new3a') },
      { text: `Use ${insertKey('new3b')} for the deploy step.`, secret: insertKey('new3b') },
      { text: `{"credentials": "${insertKey('new3c')}"}`, secret: insertKey('new3c') },
      { text: `license_key: ${licenseKey('new4a')}`, secret: licenseKey('new4a') },
      {
        text: `NEW_RELIC_LICENSE_KEY=eu01xx${licenseKey('new4b').slice(6)}`,
        secret: `eu01xx${licenseKey('new4b').slice(6)}`,
      },
    ],
    negative: [
      { text: 'NRAK-' + 'x'.repeat(userKey('new0d').length - 5), why: 'placeholder body' },
      { text: `NRAK-${randomBody('new0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${userKey('new0f')}`, why: 'inside a longer word' },
      { text: `x${licenseKey('new4c')}`, why: 'a license key inside a longer word' },
      { text: `${'0'.repeat(36)}NRAL`, why: 'zeros' },
      { text: 'NRAA-' + 'x'.repeat(adminKey('new1d').length - 5), why: 'placeholder body' },
      { text: `NRAA-${randomBody('new1e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${adminKey('new1f')}`, why: 'inside a longer word' },
      { text: 'NRJS-' + 'x'.repeat(browserKey('new2d').length - 5), why: 'placeholder body' },
      { text: `NRJS-${randomBody('new2e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${browserKey('new2f')}`, why: 'inside a longer word' },
      { text: 'NRII-' + 'x'.repeat(insertKey('new3d').length - 5), why: 'placeholder body' },
      { text: `NRII-${randomBody('new3e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${insertKey('new3f')}`, why: 'inside a longer word' },
    ],
  },
});
