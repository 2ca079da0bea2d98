/** GitLab: personal/project/group access tokens (glpat-) and their siblings (deploy, runner, trigger, feed...). */
import { BASE62, randomBody } from '../examples.js';
import { hasVariety } from '../family.js';
import { defineDetector } from '../detector.js';

const PREFIXES = [
  'glpat',
  'gldt',
  'glrt',
  'glptt',
  'glft',
  'glimt',
  'glagent',
  'gloas',
  'glcbt',
  'glsoat',
  'glffct',
];
const tok = (prefix: string, seed: string, n = 20): string => `${prefix}-${randomBody(seed, BASE62, n)}`;

export default defineDetector({
  id: 'gitlab',
  family: 'gitlab',
  kind: 'GITLAB',
  summary: 'GitLab access, deploy, runner, trigger and feed tokens',
  nonStrict: true,
  priority: 10,
  patterns: [
    {
      id: 'gitlab/token',
      keywords: PREFIXES.map((p) => `${p}-`),
      regex: new RegExp(
        `^(?:${PREFIXES.join('|')})-[A-Za-z0-9_-]{20,255}(?:\\.[A-Za-z0-9_-]+){0,3}(?![A-Za-z0-9_-])`,
      ),
      boundary: true,
      maxLength: 300,
      envName: 'GITLAB_TOKEN',
      gate: (s) => hasVariety(s.slice(s.indexOf('-') + 1), 8),
    },
    {
      id: 'gitlab/session-cookie',
      keywords: ['_gitlab_session='],
      regex: /^_gitlab_session=(?<secret>[0-9a-z]{32})(?![0-9A-Za-z])/,
      maxLength: 60,
      envName: 'GITLAB_SESSION',
      gate: (s) => hasVariety(s, 10),
    },
    {
      id: 'gitlab/runner-registration',
      keywords: ['gr1348941'],
      regex: /^GR1348941[A-Za-z0-9_-]{20,64}(?![A-Za-z0-9_-])/,
      boundary: true,
      maxLength: 80,
      envName: 'GITLAB_RUNNER_TOKEN',
      gate: (s) => hasVariety(s.slice(9), 8),
    },
  ],
  examples: {
    positive: [
      { text: `GITLAB_TOKEN=${tok('glpat', 'gl1')}`, secret: tok('glpat', 'gl1') },
      { text: `deploy: ${tok('gldt', 'gl2', 24)}`, secret: tok('gldt', 'gl2', 24) },
      { text: `runner token ${tok('glrt', 'gl3', 26)}`, secret: tok('glrt', 'gl3', 26) },
      {
        text: `Cookie: _gitlab_session=${randomBody('gl9', '0123456789abcdefghijklmnopqrstuvwxyz', 32)}`,
        secret: randomBody('gl9', '0123456789abcdefghijklmnopqrstuvwxyz', 32),
        why: 'a session cookie',
      },
      {
        text: `curl -X POST -F token=${tok('glptt', 'gl4', 40)} https://gitlab.example.com`,
        secret: tok('glptt', 'gl4', 40),
      },
      {
        text: `new format ${tok('glpat', 'gl5', 27)}.01.${randomBody('gl5b', BASE62, 9)}`,
        secret: `${tok('glpat', 'gl5', 27)}.01.${randomBody('gl5b', BASE62, 9)}`,
      },
    ],
    negative: [
      { text: 'glpat-abc', why: 'too short' },
      { text: 'glpat-' + 'x'.repeat(20), why: 'placeholder body' },
      { text: 'see https://docs.gitlab.com/ee/user/profile/personal_access_tokens.html', why: 'docs URL' },
      { text: `myglpat-${randomBody('gl6', BASE62, 20)}`, why: 'inside a longer word' },
      { text: `sha256:${randomBody('gl7', '0123456789abcdef', 64)}`, why: 'an image digest' },
    ],
  },
});
