/** OpenAI: project, service-account and admin keys (sk-proj-, sk-svcacct-, sk-admin-) and legacy sk- keys. */
import { BASE62, BASE64URL, randomBody } from '../examples.js';
import { hasVariety, looksRandom } from '../family.js';
import { defineDetector } from '../detector.js';

// "T3BlbkFJ" is base64 of "OpenAI": OpenAI embeds it in its key bodies.
const MARK = 'T3Blbk' + 'FJ';
const legacy = (seed: string): string =>
  `sk-${randomBody(seed, BASE62, 20)}${MARK}${randomBody(`${seed}b`, BASE62, 20)}`;
const project = (kind: string, seed: string): string =>
  `sk-${kind}-${randomBody(seed, BASE64URL, 74)}${MARK}${randomBody(`${seed}b`, BASE64URL, 74)}`;

export default defineDetector({
  id: 'openai',
  family: 'openai',
  kind: 'OPENAI',
  summary: 'OpenAI API keys',
  nonStrict: true,
  priority: 10,
  patterns: [
    {
      id: 'openai/project-key',
      keywords: ['sk-proj-', 'sk-svcacct-', 'sk-admin-', 'sk-none-'],
      regex: /^sk-(?:proj|svcacct|admin|None)-[A-Za-z0-9_-]{20,300}(?![A-Za-z0-9_-])/,
      boundary: true,
      maxLength: 320,
      envName: 'OPENAI_API_KEY',
      gate: (s) => hasVariety(s, 10),
    },
    {
      id: 'openai/marked-key',
      keywords: ['sk-'],
      regex: /^sk-[A-Za-z0-9_-]{8,160}T3BlbkFJ[A-Za-z0-9_-]{8,160}(?![A-Za-z0-9_-])/,
      boundary: true,
      maxLength: 340,
      envName: 'OPENAI_API_KEY',
    },
    {
      id: 'openai/legacy-key',
      keywords: ['sk-'],
      regex: /^sk-[A-Za-z0-9]{32,64}(?![A-Za-z0-9_-])/,
      boundary: true,
      strictOnly: true,
      maxLength: 70,
      envName: 'OPENAI_API_KEY',
      gate: (s) => looksRandom(s.slice(3), 32, 3.5),
    },
  ],
  examples: {
    positive: [
      { text: `OPENAI_API_KEY=${legacy('oa1')}`, secret: legacy('oa1') },
      { text: `client = OpenAI(api_key="${project('proj', 'oa2')}")`, secret: project('proj', 'oa2') },
      { text: `key: ${project('svcacct', 'oa3')}`, secret: project('svcacct', 'oa3') },
      { text: `admin ${project('admin', 'oa4')}`, secret: project('admin', 'oa4') },
      {
        text: `openai.api_key = 'sk-${randomBody('oa5', BASE62, 48)}'`,
        secret: `sk-${randomBody('oa5', BASE62, 48)}`,
        nonStrict: 'keep',
        why: 'unmarked legacy key: strict mode only',
      },
    ],
    negative: [
      { text: '# OpenAI key (different format)\nsk-openai-123456', why: 'too short, not a key' },
      { text: 'the task-runner ran', why: 'sk- inside a word' },
      { text: `sk-${'a'.repeat(48)}`, why: 'placeholder body' },
      { text: 'npm i risk-analysis sk-learn', why: 'ordinary words' },
      { text: `disk-${randomBody('oa6', BASE62, 40)}`, why: 'inside a longer word' },
    ],
  },
});
