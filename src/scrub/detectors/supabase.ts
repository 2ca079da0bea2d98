/** Supabase personal access tokens (sbp_) and secret keys (sb_secret_). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE64URL, HEX, randomBody } from '../examples.js';

const ID = 'supabase';
const token = (seed: string): string => 'sbp_' + randomBody(`${seed}:1`, HEX, 40);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'SUPABASE',
  summary: 'Supabase personal access tokens (sbp_) and secret keys (sb_secret_)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['sbp_', 'sb_secret_'],
      regex: /^(?:sbp_[a-f0-9]{40}|sb_secret_[A-Za-z0-9_-]{28,64})/,
      envName: 'SUPABASE_ACCESS_TOKEN',
      minDistinct: 10,
    }),
  ],
  examples: {
    positive: [
      { text: `export SUPABASE_ACCESS_TOKEN=${token('sup0a')}`, secret: token('sup0a') },
      { text: `Use ${token('sup0b')} for the deploy step.`, secret: token('sup0b') },
      { text: `{"credentials": "${token('sup0c')}"}`, secret: token('sup0c') },
      {
        text: `SUPABASE_SECRET=sb_secret_${randomBody('sup1a', BASE64URL, 31)}`,
        secret: `sb_secret_${randomBody('sup1a', BASE64URL, 31)}`,
        why: 'the newer secret API keys',
      },
    ],
    negative: [
      { text: token('sup0d').slice(0, 4) + 'x'.repeat(token('sup0d').length - 4), why: 'placeholder body' },
      { text: `${token('sup0e').slice(0, 4 + 6)} is cut short`, why: 'too short' },
      { text: `my${token('sup0f')}`, why: 'inside a longer word' },
    ],
  },
});
