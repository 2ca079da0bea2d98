/** Sumo Logic access ids (su…) and access keys next to "sumo". */
import { contextValue, defineDetector } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'sumologic';
const accessId = (seed: string): string => 'su' + randomBody(`${seed}:1`, BASE62, 12);
const accessKey = (seed: string): string => randomBody(`${seed}:0`, BASE62, 64);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'SUMOLOGIC',
  summary: 'Sumo Logic access ids (su…) and access keys next to "sumo"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'access-id',
      keywords: ['sumo'],
      value: /su[A-Za-z0-9]{12}/,
      envName: 'SUMO_ACCESS_KEY',
      minDistinct: 7,
    }),
    contextValue(ID, {
      name: 'access-key',
      keywords: ['sumo'],
      value: /[A-Za-z0-9]{64}/,
      envName: 'SUMO_ACCESS_KEY',
    }),
  ],
  examples: {
    positive: [
      { text: `SUMO_API_KEY = "${accessId('sum0a')}"`, secret: accessId('sum0a'), nonStrict: 'keep' },
      { text: `sumo:\n  credentials: ${accessId('sum0b')}`, secret: accessId('sum0b'), nonStrict: 'keep' },
      { text: `const sumoAuth = '${accessId('sum0c')}';`, secret: accessId('sum0c'), nonStrict: 'keep' },
      {
        text: `val sumoToken: String = "${accessId('sum0g')}"`,
        secret: accessId('sum0g'),
        nonStrict: 'keep',
        why: 'a declared type between the name and =',
      },
      {
        text: `SUMO_TOKEN += "${accessId('sum0h')}"`,
        secret: accessId('sum0h'),
        nonStrict: 'keep',
        why: 'a Makefile append',
      },
      { text: `SUMO_API_KEY = "${accessKey('sum1a')}"`, secret: accessKey('sum1a'), nonStrict: 'keep' },
      { text: `sumo:\n  credentials: ${accessKey('sum1b')}`, secret: accessKey('sum1b'), nonStrict: 'keep' },
      { text: `const sumoAuth = '${accessKey('sum1c')}';`, secret: accessKey('sum1c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the sumo documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `SUMO_URL = "https://api.sumo.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `SUMO_API_KEY = "${'x'.repeat(accessId('sum0d').length)}"`, why: 'placeholder value' },
      { text: `SUMO_API_KEY = "${'x'.repeat(accessKey('sum1d').length)}"`, why: 'placeholder value' },
    ],
  },
});
