/**
 * IBM SoftLayer API keys in a SOAP endpoint URL (`https://api.softlayer.com/soap/v3/<key>`), where
 * no name says what the 64 characters are. Keys under a softlayer/sl name are the generic
 * assignment's.
 */
import { defineDetector } from '../detector.js';
import { randomBody } from '../examples.js';
import { hasVariety } from '../family.js';

const ID = 'softlayer';
const key = (seed: string): string => randomBody(`${seed}:1`, 'abcdefghijklmnopqrstuvwxyz0123456789', 64);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'SOFTLAYER',
  summary: 'IBM SoftLayer API keys in a SOAP endpoint URL',
  priority: 9,
  patterns: [
    {
      id: `${ID}/soap-url`,
      keywords: ['api.softlayer.com/soap/'],
      regex: /^api\.softlayer\.com\/soap\/v3(?:\.1)?\/(?<secret>[a-z0-9]{64})(?![A-Za-z0-9])/i,
      maxLength: 100,
      envName: 'SOFTLAYER_API_KEY',
      gate: (v) => hasVariety(v, 12),
    },
  ],
  examples: {
    positive: [
      { text: `https://api.softlayer.com/soap/v3/${key('sof0a')}`, secret: key('sof0a') },
      {
        text: `curl http://api.softlayer.com/soap/v3.1/${key('sof0b')}`,
        secret: key('sof0b'),
      },
      {
        text: `endpoint = "https://API.SoftLayer.com/soap/v3/${key('sof0c').toUpperCase()}"`,
        secret: key('sof0c').toUpperCase(),
      },
    ],
    negative: [
      { text: 'https://api.softlayer.com/soap/v3/SoftLayer_Account', why: 'a service name, not a key' },
      { text: `https://api.softlayer.com/soap/v3/${'0'.repeat(64)}`, why: 'one repeated character' },
      { text: `https://api.softlayer.com/soap/v3/${key('sof0d')}abc`, why: 'longer than a key' },
    ],
  },
});
