/** Anthropic: API, admin and OAuth keys (sk-ant-api03-, sk-ant-admin01-, sk-ant-oat01-...). */
import { BASE64URL, randomBody } from '../examples.js';
import { hasVariety } from '../family.js';
import { defineDetector } from '../detector.js';

const key = (kind: string, seed: string, n = 93): string =>
  `sk-ant-${kind}-${randomBody(seed, BASE64URL, n)}AA`;

export default defineDetector({
  id: 'anthropic',
  family: 'anthropic',
  kind: 'ANTHROPIC',
  summary: 'Anthropic API, admin and OAuth keys',
  nonStrict: true,
  priority: 12,
  patterns: [
    {
      id: 'anthropic/key',
      keywords: ['sk-ant-'],
      regex: /^sk-ant-(?:api|admin|oat|ort|sid)\d\d-[A-Za-z0-9_-]{32,300}(?![A-Za-z0-9_-])/,
      boundary: true,
      maxLength: 330,
      envName: 'ANTHROPIC_API_KEY',
      gate: (s) => hasVariety(s.slice(13), 10),
    },
  ],
  examples: {
    positive: [
      { text: `ANTHROPIC_API_KEY=${key('api03', 'an1')}`, secret: key('api03', 'an1') },
      { text: `x-api-key: ${key('api03', 'an2')}`, secret: key('api03', 'an2') },
      { text: `{"admin": "${key('admin01', 'an3')}"}`, secret: key('admin01', 'an3') },
      { text: `CLAUDE_CODE_OAUTH_TOKEN=${key('oat01', 'an4')}`, secret: key('oat01', 'an4') },
      { text: `key '${key('api03', 'an5', 40)}' in a log`, secret: key('api03', 'an5', 40) },
    ],
    negative: [
      { text: '# Incomplete Anthropic key\nsk-ant-api02-notarealkey', why: 'too short' },
      { text: '# Wrong API version\nsk-ant-api05-alsonotreal', why: 'too short' },
      { text: 'export const EXAMPLE_URL = "https://api.anthropic.com";', why: 'a URL' },
      { text: 'model: "claude-3-opus-20240229"', why: 'a model name' },
      { text: `sk-ant-api03-${'A'.repeat(90)}`, why: 'placeholder body' },
    ],
  },
});
