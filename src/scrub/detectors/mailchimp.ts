/** Mailchimp API keys (<32 hex>-us<dc>). */
import { defineDetector, infixToken } from '../detector.js';
import { HEX, randomBody } from '../examples.js';

const ID = 'mailchimp';
const token = (seed: string): string => randomBody(`${seed}:0`, HEX, 32) + '-us21';

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'MAILCHIMP',
  summary: 'Mailchimp API keys (<32 hex>-us<dc>)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    infixToken(ID, {
      name: 'token',
      keywords: ['-us'],
      before: 32,
      regex: /^[a-f0-9]{32}-us[0-9]{1,2}/,
      envName: 'MAILCHIMP_API_KEY',
      tail: 'A-Za-z0-9',
    }),
  ],
  examples: {
    positive: [
      { text: `export MAILCHIMP_API_KEY=${token('mai0a')}`, secret: token('mai0a') },
      { text: `Use ${token('mai0b')} for the deploy step.`, secret: token('mai0b') },
      { text: `{"credentials": "${token('mai0c')}"}`, secret: token('mai0c') },
    ],
    negative: [
      { text: `${token('mai0g').replace(/[A-Za-z0-9]/g, 'x')}`, why: 'placeholder body' },
      { text: `${token('mai0h').slice(0, 20)}`, why: 'too short' },
    ],
  },
});
