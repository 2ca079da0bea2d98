/** GitHub: classic-format tokens (ghp_/gho_/ghu_/ghs_/ghr_, CRC32 checksum) and fine-grained github_pat_ tokens. */
import { githubChecksumValid } from '../checksum.js';
import { BASE62, githubToken, randomBody } from '../examples.js';
import { hasVariety } from '../family.js';
import { defineDetector } from '../detector.js';

const finePat = (seed: string): string =>
  'github_pat_' + randomBody(seed, BASE62, 22) + '_' + randomBody(`${seed}b`, BASE62, 59);

export default defineDetector({
  id: 'github',
  family: 'github',
  kind: 'GITHUB',
  summary: 'GitHub personal, OAuth, app and refresh tokens',
  nonStrict: true,
  priority: 10,
  patterns: [
    {
      id: 'github/token',
      keywords: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'],
      regex: /^gh[pousr]_[A-Za-z0-9_]{36,251}(?![A-Za-z0-9_])/,
      boundary: true,
      maxLength: 260,
      envName: 'GITHUB_TOKEN',
      gate: (s) => hasVariety(s.slice(4), 8),
      // The 36-character classic body ends in a CRC32 checksum; longer (newer) formats have none we know.
      verify: (s) =>
        s.length === 40 && /^[a-z]{3}_[A-Za-z0-9]{36}$/.test(s) ? githubChecksumValid(s) : true,
    },
    {
      id: 'github/fine-grained-pat',
      keywords: ['github_pat_'],
      regex: /^github_pat_[A-Za-z0-9_]{40,255}(?![A-Za-z0-9_])/,
      boundary: true,
      maxLength: 270,
      envName: 'GITHUB_TOKEN',
      gate: (s) => hasVariety(s.slice(11), 8),
    },
  ],
  examples: {
    positive: [
      { text: `GITHUB_TOKEN=${githubToken('ghp', 'gh1')}`, secret: githubToken('ghp', 'gh1') },
      {
        text: `git clone https://x-access-token:${githubToken('ghs', 'gh2')}@github.com/o/r.git`,
        secret: githubToken('ghs', 'gh2'),
      },
      { text: `Authorization: token ${githubToken('gho', 'gh3')}`, secret: githubToken('gho', 'gh3') },
      { text: `{"refresh_token":"${githubToken('ghr', 'gh4')}"}`, secret: githubToken('ghr', 'gh4') },
      { text: `token: ${finePat('gh5')}`, secret: finePat('gh5') },
      {
        text: `broken checksum ${githubToken('ghu', 'gh6', false)}`,
        secret: githubToken('ghu', 'gh6', false),
        nonStrict: 'keep',
        why: 'checksum-invalid: redacted in strict mode only',
      },
    ],
    negative: [
      { text: 'gXX is not GitHub Token prefix', why: 'no token' },
      { text: `commit ${randomBody('gh7', '0123456789abcdef', 40)}`, why: 'a git SHA' },
      { text: 'ghp_' + 'x'.repeat(36), why: 'placeholder body' },
      { text: 'ghp_' + randomBody('gh8', BASE62, 20), why: 'too short' },
      { text: `xghp_${randomBody('gh9', BASE62, 36)}`, why: 'inside a longer word' },
      { text: 'see https://github.com/settings/tokens to create a token', why: 'docs URL' },
    ],
  },
});
