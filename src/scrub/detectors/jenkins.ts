/** Jenkins encrypted credentials as they appear in credentials.xml (`{AQAAABAAA…}`). */
import { defineDetector } from '../detector.js';
import { BASE64, randomBody } from '../examples.js';
import { hasVariety } from '../family.js';

const blob = (seed: string): string => randomBody(seed, BASE64, 40) + '=';

export default defineDetector({
  id: 'jenkins',
  family: 'generic',
  kind: 'JENKINS',
  summary: 'Jenkins encrypted credentials (AQAAABAAA… in credentials.xml)',
  priority: 9,
  patterns: [
    {
      id: 'jenkins/credential',
      keywords: ['aqaaabaaa'],
      regex: /^AQAAABAAA[ \t]+(?<secret>[^\s}<]{8,1024})/,
      maxLength: 1050,
      strictOnly: true,
      envName: 'JENKINS_SECRET',
      gate: (s) => hasVariety(s, 6),
    },
    {
      id: 'jenkins/encrypted',
      keywords: ['{aqaaabaaa'],
      regex: /^\{(?<secret>AQAAABAAA[A-Za-z0-9+/]{20,2000}={0,2})\}/,
      maxLength: 2020,
      strictOnly: true,
      envName: 'JENKINS_SECRET',
    },
  ],
  examples: {
    positive: [
      {
        text: `<secret>{azure AQAAABAAA ${blob('jk1')}}</secret>`,
        secret: blob('jk1'),
        nonStrict: 'keep',
      },
      {
        text: `<password>{AQAAABAAAAAQ${blob('jk2')}}</password>`,
        secret: `AQAAABAAAAAQ${blob('jk2')}`,
        nonStrict: 'keep',
      },
    ],
    negative: [
      { text: 'the prefix AQAAABAAA alone is not a credential', why: 'no body' },
      { text: 'AQAAABAAA xxxxxxxxxxxx', why: 'placeholder body' },
    ],
  },
});
