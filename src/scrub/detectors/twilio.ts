/** Twilio API keys (SK…) and auth tokens next to "twilio". */
import { contextValue, defineDetector } from '../detector.js';
import { HEX, randomBody } from '../examples.js';

const ID = 'twilio';
const apiKey = (seed: string): string => 'SK' + randomBody(`${seed}:1`, HEX, 32);
const authToken = (seed: string): string => randomBody(`${seed}:0`, HEX, 32);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'TWILIO',
  summary: 'Twilio API keys (SK…) and auth tokens next to "twilio"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'api-key',
      keywords: ['twilio'],
      value: /SK[0-9a-fA-F]{32}/,
      envName: 'TWILIO_AUTH_TOKEN',
    }),
    contextValue(ID, {
      name: 'auth-token',
      keywords: ['twilio'],
      value: /[a-f0-9]{32}/,
      envName: 'TWILIO_AUTH_TOKEN',
    }),
  ],
  examples: {
    positive: [
      { text: `TWILIO_API_KEY = "${apiKey('twi0a')}"`, secret: apiKey('twi0a'), nonStrict: 'keep' },
      { text: `twilio:\n  credentials: ${apiKey('twi0b')}`, secret: apiKey('twi0b'), nonStrict: 'keep' },
      { text: `const twilioAuth = '${apiKey('twi0c')}';`, secret: apiKey('twi0c'), nonStrict: 'keep' },
      { text: `TWILIO_API_KEY = "${authToken('twi1a')}"`, secret: authToken('twi1a'), nonStrict: 'keep' },
      {
        text: `twilio:\n  credentials: ${authToken('twi1b')}`,
        secret: authToken('twi1b'),
        nonStrict: 'keep',
      },
      { text: `const twilioAuth = '${authToken('twi1c')}';`, secret: authToken('twi1c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the twilio documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `TWILIO_URL = "https://api.twilio.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `TWILIO_API_KEY = "${'x'.repeat(apiKey('twi0d').length)}"`, why: 'placeholder value' },
      { text: `TWILIO_API_KEY = "${'x'.repeat(authToken('twi1d').length)}"`, why: 'placeholder value' },
    ],
  },
});
