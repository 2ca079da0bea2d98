/** Twilio API keys (SK…) and auth tokens next to "twilio". */
import { contextValue, defineDetector } from '../detector.js';
import { HEX, randomBody } from '../examples.js';
import { hasVariety, isAlnumCode, type PatternHit } from '../family.js';

/** `SK` + 32 hex at a word boundary, on char codes (the keyword `sk` starts many words). */
function matchApiKey(text: string, pos: number, limit: number): PatternHit | null {
  if (text.charCodeAt(pos) !== 0x53 || text.charCodeAt(pos + 1) !== 0x4b) return null; // SK
  if (pos > 0 && isAlnumCode(text.charCodeAt(pos - 1))) return null;
  const end = pos + 34;
  if (end > limit) return null;
  for (let i = pos + 2; i < end; i++) {
    const c = text.charCodeAt(i) | 0x20;
    if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102))) return null;
  }
  if (end < text.length && isAlnumCode(text.charCodeAt(end))) return null;
  if (!hasVariety(text.slice(pos + 2, end), 10)) return null;
  return { secretStart: pos, secretEnd: end, envName: 'TWILIO_API_KEY' };
}

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
    { id: 'twilio/sk', keywords: ['sk'], match: matchApiKey, maxLength: 36, strictOnly: true },
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
      { text: `client = Client("${apiKey('twi2a')}", secret)`, secret: apiKey('twi2a'), nonStrict: 'keep' },
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
      { text: `TASK${randomBody('twi3a', HEX, 32)}`, why: 'SK inside a longer word' },
      { text: 'Skip the task, ask the desk: SKU 1234 is at risk.', why: 'prose full of sk' },
      { text: `SK${randomBody('twi3b', HEX, 32)}ab`, why: 'longer than 32 hex' },
      { text: `TWILIO_URL = "https://api.twilio.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `TWILIO_API_KEY = "${'x'.repeat(apiKey('twi0d').length)}"`, why: 'placeholder value' },
      { text: `TWILIO_API_KEY = "${'x'.repeat(authToken('twi1d').length)}"`, why: 'placeholder value' },
    ],
  },
});
