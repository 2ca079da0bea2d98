/** SonarQube user/project/global analysis tokens (squ_/sqp_/sqa_) and SonarCloud tokens next to "sonar". */
import { contextValue, defineDetector, prefixedToken } from '../detector.js';
import { BASE62, HEX, randomBody } from '../examples.js';

const ID = 'sonar';
const tok0 = (seed: string): string => 'squ_' + randomBody(`${seed}:1`, HEX, 40);
const cloud = (seed: string): string => randomBody(`${seed}:0`, HEX, 40);
const alnum = (seed: string): string => randomBody(`${seed}:0`, '0123456789abcdefghijklmnopqrstuvwxyz', 40);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'SONAR',
  summary:
    'SonarQube user/project/global analysis tokens (squ_/sqp_/sqa_) and SonarCloud tokens next to "sonar"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['squ_', 'sqp_', 'sqa_'],
      regex: /^sq[upa]_[a-f0-9]{40}/,
      envName: 'SONAR_TOKEN',
      tail: 'A-Za-z0-9',
    }),
    // Next to the name, any 40 alphanumerics (with or without the squ_/sqp_/sqa_ prefix).
    contextValue(ID, {
      name: 'cloud',
      keywords: ['sonar'],
      value: /(?:sq[upa]_)?[a-z0-9]{40}/,
      envName: 'SONAR_TOKEN',
    }),
  ],
  examples: {
    positive: [
      { text: `export SONAR_TOKEN=${tok0('son0a')}`, secret: tok0('son0a') },
      { text: `Use ${tok0('son0b')} for the deploy step.`, secret: tok0('son0b') },
      { text: `{"credentials": "${tok0('son0c')}"}`, secret: tok0('son0c') },
      { text: `SONAR_API_KEY = "${cloud('son1a')}"`, secret: cloud('son1a'), nonStrict: 'keep' },
      { text: `sonar:\n  credentials: ${cloud('son1b')}`, secret: cloud('son1b'), nonStrict: 'keep' },
      { text: `const sonarAuth = '${cloud('son1c')}';`, secret: cloud('son1c'), nonStrict: 'keep' },
      { text: `sonar_token: ${alnum('son2a')}`, secret: alnum('son2a'), nonStrict: 'keep' },
    ],
    negative: [
      { text: 'squ_' + 'x'.repeat(tok0('son0d').length - 4), why: 'placeholder body' },
      { text: `squ_${randomBody('son0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${tok0('son0f')}`, why: 'inside a longer word' },
      { text: `See the sonar documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `SONAR_URL = "https://api.sonar.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `SONAR_API_KEY = "${'x'.repeat(cloud('son1d').length)}"`, why: 'placeholder value' },
    ],
  },
});
