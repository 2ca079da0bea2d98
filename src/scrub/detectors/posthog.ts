/** PostHog personal API keys (phx_); project keys (phc_) are public. */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'posthog';
const token = (seed: string): string => 'phx_' + randomBody(`${seed}:1`, BASE62, 47);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'POSTHOG',
  summary: 'PostHog personal API keys (phx_); project keys (phc_) are public',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['phx_'],
      regex: /^phx_[A-Za-z0-9]{40,50}/,
      envName: 'POSTHOG_PERSONAL_API_KEY',
      minDistinct: 12,
    }),
  ],
  examples: {
    positive: [
      { text: `export POSTHOG_PERSONAL_API_KEY=${token('pos0a')}`, secret: token('pos0a') },
      { text: `Use ${token('pos0b')} for the deploy step.`, secret: token('pos0b') },
      { text: `{"credentials": "${token('pos0c')}"}`, secret: token('pos0c') },
    ],
    negative: [
      { text: token('pos0d').slice(0, 4) + 'x'.repeat(token('pos0d').length - 4), why: 'placeholder body' },
      { text: `${token('pos0e').slice(0, 4 + 6)} is cut short`, why: 'too short' },
      { text: `my${token('pos0f')}`, why: 'inside a longer word' },
    ],
  },
});
