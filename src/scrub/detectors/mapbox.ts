/** Mapbox secret tokens (sk.eyJ…). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, BASE64URL, randomBody } from '../examples.js';

const ID = 'mapbox';
const token = (seed: string): string =>
  'sk.eyJ1Ijoi' + randomBody(`${seed}:1`, BASE64URL, 60) + '.' + randomBody(`${seed}:3`, BASE64URL, 22);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'MAPBOX',
  summary: 'Mapbox secret tokens (sk.eyJ…)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['sk.eyj'],
      regex: /^sk\.eyJ[A-Za-z0-9_-]{20,400}\.[A-Za-z0-9_-]{20,100}/,
      envName: 'MAPBOX_SECRET_TOKEN',
      minDistinct: 10,
      maxLength: 520,
    }),
  ],
  examples: {
    positive: [
      { text: `export MAPBOX_SECRET_TOKEN=${token('map0a')}`, secret: token('map0a') },
      { text: `Use ${token('map0b')} for the deploy step.`, secret: token('map0b') },
      { text: `{"credentials": "${token('map0c')}"}`, secret: token('map0c') },
    ],
    negative: [
      { text: 'sk.eyJ1Ijoi' + 'x'.repeat(token('map0d').length - 11), why: 'placeholder body' },
      { text: `sk.eyJ1Ijoi${randomBody('map0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('map0f')}`, why: 'inside a longer word' },
    ],
  },
});
