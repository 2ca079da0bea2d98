/** Heroku API keys (HRKU- and legacy UUIDs next to "heroku"). */
import { contextValue, defineDetector, prefixedToken } from '../detector.js';
import { BASE62, BASE64URL, randomBody, uuidV4 } from '../examples.js';

const ID = 'heroku';
const tok0 = (seed: string): string => 'HRKU-AA' + randomBody(`${seed}:1`, BASE64URL, 58);
const legacy = (seed: string): string => uuidV4(seed, 'a');

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'HEROKU',
  summary: 'Heroku API keys (HRKU- and legacy UUIDs next to "heroku")',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['hrku-'],
      regex: /^HRKU-[A-Za-z0-9_-]{20,80}/,
      envName: 'HEROKU_API_KEY',
    }),
    contextValue(ID, {
      name: 'legacy',
      keywords: ['heroku'],
      value: /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/,
      envName: 'HEROKU_API_KEY',
    }),
  ],
  examples: {
    positive: [
      { text: `export HEROKU_API_KEY=${tok0('her0a')}`, secret: tok0('her0a') },
      { text: `Use ${tok0('her0b')} for the deploy step.`, secret: tok0('her0b') },
      { text: `{"credentials": "${tok0('her0c')}"}`, secret: tok0('her0c') },
      { text: `HEROKU_API_KEY = "${legacy('her1a')}"`, secret: legacy('her1a'), nonStrict: 'keep' },
      { text: `heroku:\n  credentials: ${legacy('her1b')}`, secret: legacy('her1b'), nonStrict: 'keep' },
      { text: `const herokuAuth = '${legacy('her1c')}';`, secret: legacy('her1c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: 'HRKU-AA' + 'x'.repeat(tok0('her0d').length - 7), why: 'placeholder body' },
      { text: `HRKU-AA${randomBody('her0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${tok0('her0f')}`, why: 'inside a longer word' },
      { text: `See the heroku documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `HEROKU_URL = "https://api.heroku.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `HEROKU_API_KEY = "${'x'.repeat(legacy('her1d').length)}"`, why: 'placeholder value' },
    ],
  },
});
