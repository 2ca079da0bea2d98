/** JFrog Artifactory API keys (AKCp…) and reference tokens (cmVmdGtu…). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'artifactory';
const apiKey = (seed: string): string => 'AKCp' + randomBody(`${seed}:1`, BASE62, 69);
const referenceToken = (seed: string): string => 'cmVmdGtu' + randomBody(`${seed}:1`, BASE62, 56);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'JFROG',
  summary: 'JFrog Artifactory API keys (AKCp…) and reference tokens (cmVmdGtu…)',
  // A fixed prefix beats the same service's context detector, which also matches these.
  priority: 10,
  patterns: [
    prefixedToken(ID, {
      name: 'api-key',
      keywords: ['akcp'],
      regex: /^AKCp[A-Za-z0-9]{69}/,
      envName: 'ARTIFACTORY_API_KEY',
      tail: 'A-Za-z0-9',
    }),
    prefixedToken(ID, {
      name: 'reference-token',
      keywords: ['cmvmd'],
      // base64 of `ref…`: `cmVmdGtu` (reftkn) and other reference token versions.
      regex: /^cmVmd[A-Za-z0-9]{59}/,
      envName: 'ARTIFACTORY_API_KEY',
      tail: 'A-Za-z0-9',
      prefixLength: 8,
    }),
  ],
  examples: {
    positive: [
      { text: `export ARTIFACTORY_API_KEY=${apiKey('art0a')}`, secret: apiKey('art0a') },
      { text: `Use ${apiKey('art0b')} for the deploy step.`, secret: apiKey('art0b') },
      { text: `{"credentials": "${apiKey('art0c')}"}`, secret: apiKey('art0c') },
      { text: `export ARTIFACTORY_API_KEY=${referenceToken('art1a')}`, secret: referenceToken('art1a') },
      {
        text: `token: cmVmdDAx${randomBody('art1z', BASE62, 56)}`,
        secret: `cmVmdDAx${randomBody('art1z', BASE62, 56)}`,
        why: 'another reference token version',
      },
      { text: `Use ${referenceToken('art1b')} for the deploy step.`, secret: referenceToken('art1b') },
      { text: `{"credentials": "${referenceToken('art1c')}"}`, secret: referenceToken('art1c') },
    ],
    negative: [
      { text: 'AKCp' + 'x'.repeat(apiKey('art0d').length - 4), why: 'placeholder body' },
      { text: `AKCp${randomBody('art0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${apiKey('art0f')}`, why: 'inside a longer word' },
      { text: 'cmVmdGtu' + 'x'.repeat(referenceToken('art1d').length - 8), why: 'placeholder body' },
      { text: `cmVmdGtu${randomBody('art1e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${referenceToken('art1f')}`, why: 'inside a longer word' },
    ],
  },
});
