/** Adafruit IO keys (aio_). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'adafruit';
const token = (seed: string): string => 'aio_' + randomBody(`${seed}:1`, BASE62, 28);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'ADAFRUIT',
  summary: 'Adafruit IO keys (aio_)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['aio_'],
      regex: /^aio_[A-Za-z0-9]{28}/,
      envName: 'ADAFRUIT_IO_KEY',
      tail: 'A-Za-z0-9',
    }),
  ],
  examples: {
    positive: [
      { text: `export ADAFRUIT_IO_KEY=${token('ada0a')}`, secret: token('ada0a') },
      { text: `Use ${token('ada0b')} for the deploy step.`, secret: token('ada0b') },
      { text: `{"credentials": "${token('ada0c')}"}`, secret: token('ada0c') },
    ],
    negative: [
      { text: 'aio_' + 'x'.repeat(token('ada0d').length - 4), why: 'placeholder body' },
      { text: `aio_${randomBody('ada0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('ada0f')}`, why: 'inside a longer word' },
    ],
  },
});
