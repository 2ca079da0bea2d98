/** Drone CI access tokens next to "drone". */
import { contextValue, defineDetector } from '../detector.js';
import { ALPHA_LOWER, DIGITS, randomBody } from '../examples.js';

const ID = 'droneci';
const token = (seed: string): string => randomBody(`${seed}:0`, DIGITS + ALPHA_LOWER, 32);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'DRONECI',
  summary: 'Drone CI access tokens next to "drone"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['droneci', 'drone_'],
      value: /[a-z0-9]{32}/,
      envName: 'DRONE_TOKEN',
    }),
  ],
  examples: {
    positive: [
      { text: `DRONECI_API_KEY = "${token('dro0a')}"`, secret: token('dro0a'), nonStrict: 'keep' },
      { text: `droneci:\n  credentials: ${token('dro0b')}`, secret: token('dro0b'), nonStrict: 'keep' },
      { text: `const droneciAuth = '${token('dro0c')}';`, secret: token('dro0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the droneci documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `DRONECI_URL = "https://api.droneci.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `DRONECI_API_KEY = "${'x'.repeat(token('dro0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
