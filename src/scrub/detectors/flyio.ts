/** Fly.io access tokens (fo1_, fm1a_/fm1r_, fm2_). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, BASE64, randomBody } from '../examples.js';

const ID = 'flyio';
const token = (seed: string): string => 'fm2_' + randomBody(`${seed}:1`, BASE64, 200);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'FLYIO',
  summary: 'Fly.io access tokens (fo1_, fm1a_/fm1r_, fm2_)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['fo1_', 'fm1a_', 'fm1r_', 'fm2_'],
      regex:
        /^(?:fo1_[A-Za-z0-9_-]{43}|fm1[ar]_[A-Za-z0-9+/]{100,800}={0,3}|fm2_[A-Za-z0-9+/]{100,800}={0,3})/,
      envName: 'FLY_API_TOKEN',
      minDistinct: 10,
      tail: 'A-Za-z0-9+/=',
      maxLength: 820,
    }),
  ],
  examples: {
    positive: [
      { text: `export FLY_API_TOKEN=${token('fly0a')}`, secret: token('fly0a') },
      { text: `Use ${token('fly0b')} for the deploy step.`, secret: token('fly0b') },
      { text: `{"credentials": "${token('fly0c')}"}`, secret: token('fly0c') },
    ],
    negative: [
      { text: 'fm2_' + 'x'.repeat(token('fly0d').length - 4), why: 'placeholder body' },
      { text: `fm2_${randomBody('fly0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('fly0f')}`, why: 'inside a longer word' },
    ],
  },
});
