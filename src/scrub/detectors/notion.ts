/** Notion integration tokens (ntn_, legacy secret_…). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, DIGITS, randomBody } from '../examples.js';

const ID = 'notion';
const tok0 = (seed: string): string =>
  'ntn_' + randomBody(`${seed}:1`, DIGITS, 11) + randomBody(`${seed}:2`, BASE62, 35);
const legacy = (seed: string): string => 'secret_' + randomBody(`${seed}:1`, BASE62, 43);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'NOTION',
  summary: 'Notion integration tokens (ntn_, legacy secret_…)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['ntn_'],
      regex: /^ntn_[A-Za-z0-9]{40,50}/,
      envName: 'NOTION_TOKEN',
      minDistinct: 10,
      tail: 'A-Za-z0-9',
    }),
    // Legacy integration tokens: `secret_` + 43 (the prefilter already has `secret`).
    prefixedToken(ID, {
      name: 'legacy',
      keywords: ['secret_'],
      regex: /^secret_[A-Za-z0-9]{43}/,
      envName: 'NOTION_TOKEN',
      minDistinct: 10,
      tail: 'A-Za-z0-9',
      strictOnly: true,
    }),
  ],
  examples: {
    positive: [
      { text: `export NOTION_TOKEN=${tok0('not0a')}`, secret: tok0('not0a') },
      { text: `Use ${tok0('not0b')} for the deploy step.`, secret: tok0('not0b') },
      { text: `{"credentials": "${tok0('not0c')}"}`, secret: tok0('not0c') },
      { text: `NOTION_API_KEY = "${legacy('not1a')}"`, secret: legacy('not1a'), nonStrict: 'keep' },
      { text: `notion:\n  credentials: ${legacy('not1b')}`, secret: legacy('not1b'), nonStrict: 'keep' },
      { text: `const notionAuth = '${legacy('not1c')}';`, secret: legacy('not1c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: 'ntn_' + 'x'.repeat(tok0('not0d').length - 4), why: 'placeholder body' },
      { text: `ntn_${randomBody('not0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${tok0('not0f')}`, why: 'inside a longer word' },
      { text: `See the notion documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `NOTION_URL = "https://api.notion.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `NOTION_API_KEY = "${'x'.repeat(legacy('not1d').length)}"`, why: 'placeholder value' },
    ],
  },
});
