/** Google: API keys (AIza), OAuth client secrets (GOCSPX-), OAuth access/refresh tokens, service-account key ids. */
import { BASE64URL, HEX, randomBody } from '../examples.js';
import { hasVariety } from '../family.js';
import { defineDetector } from '../detector.js';

const apiKey = (seed: string): string => 'AI' + 'za' + randomBody(seed, BASE64URL, 35);

export default defineDetector({
  id: 'google',
  family: 'google',
  kind: 'GOOGLE',
  summary: 'Google API keys, OAuth client secrets and tokens, service-account key ids',
  nonStrict: true,
  priority: 10,
  patterns: [
    {
      id: 'google/api-key',
      keywords: ['aiza'],
      regex: /^AIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/,
      boundary: true,
      maxLength: 40,
      envName: 'GOOGLE_API_KEY',
      gate: (s) => hasVariety(s.slice(4), 8),
    },
    {
      id: 'google/oauth-client-secret',
      keywords: ['gocspx-'],
      regex: /^GOCSPX-[A-Za-z0-9_-]{28}(?![A-Za-z0-9_-])/,
      boundary: true,
      maxLength: 40,
      envName: 'GOOGLE_CLIENT_SECRET',
      gate: (s) => hasVariety(s.slice(7), 8),
    },
    {
      id: 'google/oauth-access-token',
      keywords: ['ya29.'],
      regex: /^ya29\.[0-9A-Za-z_-]{30,2048}(?![0-9A-Za-z_-])/,
      boundary: true,
      maxLength: 2060,
      envName: 'GOOGLE_OAUTH_TOKEN',
      gate: (s) => hasVariety(s.slice(5), 8),
    },
    {
      id: 'google/oauth-refresh-token',
      keywords: ['1//0'],
      regex: /^1\/\/0[0-9A-Za-z_-]{40,512}(?![0-9A-Za-z_-])/,
      boundary: true,
      strictOnly: true,
      maxLength: 520,
      envName: 'GOOGLE_REFRESH_TOKEN',
      gate: (s) => hasVariety(s, 10),
    },
    {
      id: 'google/service-account-key-id',
      keywords: ['"private_key_id"'],
      regex: /^"private_key_id"[ \t]*:[ \t]*"(?<secret>[a-f0-9]{40})"/,
      strictOnly: true,
      maxLength: 80,
      envName: 'GOOGLE_PRIVATE_KEY_ID',
    },
  ],
  examples: {
    positive: [
      { text: `GOOGLE_API_KEY=${apiKey('go1')}`, secret: apiKey('go1') },
      {
        text: `https://maps.googleapis.com/maps/api/js?key=${apiKey('go2')}&callback=x`,
        secret: apiKey('go2'),
      },
      {
        text: `"client_secret": "GOCSPX-${randomBody('go3', BASE64URL, 28)}"`,
        secret: `GOCSPX-${randomBody('go3', BASE64URL, 28)}`,
      },
      {
        text: `Authorization: Bearer ya29.${randomBody('go4', BASE64URL, 120)}`,
        secret: `ya29.${randomBody('go4', BASE64URL, 120)}`,
      },
      {
        text: `{"type": "service_account", "private_key_id": "${randomBody('go5', HEX, 40)}"}`,
        secret: randomBody('go5', HEX, 40),
        nonStrict: 'keep',
      },
    ],
    negative: [
      { text: '{\n  "private_key_id": "DUMMY",\n  "private_key": "DUMMY"\n}', why: 'placeholders' },
      { text: 'AIza' + 'A'.repeat(35), why: 'placeholder body' },
      { text: 'AIza' + randomBody('go6', BASE64URL, 20), why: 'too short' },
      { text: 'ya29.short', why: 'too short' },
      {
        text: `"client_id": "${randomBody('go7', '0123456789', 12)}-${randomBody('go8', 'abcdefghijklmnopqrstuvwxyz0123456789', 32)}.apps.googleusercontent.com"`,
        why: 'client ids are public',
      },
    ],
  },
});
