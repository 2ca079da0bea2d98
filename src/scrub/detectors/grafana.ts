/** Grafana Cloud tokens (glc_), service account tokens (glsa_), API keys (eyJrIjoi…). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, HEX, randomBody } from '../examples.js';

const ID = 'grafana';
const cloud = (seed: string): string => 'glc_' + randomBody(`${seed}:1`, BASE62, 80);
const serviceAccount = (seed: string): string =>
  'glsa_' + randomBody(`${seed}:1`, BASE62, 32) + '_' + randomBody(`${seed}:3`, HEX, 8);
const apiKey = (seed: string): string => 'eyJrIjoi' + randomBody(`${seed}:1`, BASE62, 90);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'GRAFANA',
  summary: 'Grafana Cloud tokens (glc_), service account tokens (glsa_), API keys (eyJrIjoi…)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      name: 'cloud',
      keywords: ['glc_'],
      regex: /^glc_[A-Za-z0-9+/]{32,400}={0,2}/,
      envName: 'GRAFANA_TOKEN',
      minDistinct: 10,
      tail: 'A-Za-z0-9+/=',
      maxLength: 420,
    }),
    prefixedToken(ID, {
      name: 'service-account',
      keywords: ['glsa_'],
      regex: /^glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}/,
      envName: 'GRAFANA_TOKEN',
      tail: 'A-Za-z0-9',
    }),
    prefixedToken(ID, {
      name: 'api-key',
      keywords: ['eyjrijoi'],
      regex: /^eyJrIjoi[A-Za-z0-9]{70,400}={0,2}/,
      envName: 'GRAFANA_TOKEN',
      minDistinct: 10,
      tail: 'A-Za-z0-9+/=',
      maxLength: 420,
      prefixLength: 8,
    }),
  ],
  examples: {
    positive: [
      { text: `export GRAFANA_TOKEN=${cloud('gra0a')}`, secret: cloud('gra0a') },
      { text: `Use ${cloud('gra0b')} for the deploy step.`, secret: cloud('gra0b') },
      { text: `{"credentials": "${cloud('gra0c')}"}`, secret: cloud('gra0c') },
      { text: `export GRAFANA_TOKEN=${serviceAccount('gra1a')}`, secret: serviceAccount('gra1a') },
      { text: `Use ${serviceAccount('gra1b')} for the deploy step.`, secret: serviceAccount('gra1b') },
      { text: `{"credentials": "${serviceAccount('gra1c')}"}`, secret: serviceAccount('gra1c') },
      { text: `export GRAFANA_TOKEN=${apiKey('gra2a')}`, secret: apiKey('gra2a') },
      { text: `Use ${apiKey('gra2b')} for the deploy step.`, secret: apiKey('gra2b') },
      { text: `{"credentials": "${apiKey('gra2c')}"}`, secret: apiKey('gra2c') },
    ],
    negative: [
      { text: 'glc_' + 'x'.repeat(cloud('gra0d').length - 4), why: 'placeholder body' },
      { text: `glc_${randomBody('gra0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${cloud('gra0f')}`, why: 'inside a longer word' },
      { text: 'glsa_' + 'x'.repeat(serviceAccount('gra1d').length - 5), why: 'placeholder body' },
      { text: `glsa_${randomBody('gra1e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${serviceAccount('gra1f')}`, why: 'inside a longer word' },
      { text: 'eyJrIjoi' + 'x'.repeat(apiKey('gra2d').length - 8), why: 'placeholder body' },
      { text: `eyJrIjoi${randomBody('gra2e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${apiKey('gra2f')}`, why: 'inside a longer word' },
    ],
  },
});
