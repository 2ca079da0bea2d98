/** Slack: bot/user/app/config tokens (xox*, xapp-) and incoming-webhook URLs. */
import { ALPHA_UPPER, BASE62, DIGITS, randomBody } from '../examples.js';
import { hasVariety } from '../family.js';
import { defineDetector } from '../detector.js';

const botToken = (seed: string): string =>
  `xox${'b'}-${randomBody(seed, DIGITS, 12)}-${randomBody(`${seed}a`, DIGITS, 13)}-${randomBody(`${seed}b`, BASE62, 24)}`;
const hookPath = (seed: string): string =>
  `T${randomBody(seed, ALPHA_UPPER + DIGITS, 10)}/B${randomBody(`${seed}a`, ALPHA_UPPER + DIGITS, 10)}/${randomBody(`${seed}b`, BASE62, 24)}`;

export default defineDetector({
  id: 'slack',
  family: 'slack',
  kind: 'SLACK',
  summary: 'Slack tokens and webhook URLs',
  nonStrict: true,
  priority: 10,
  patterns: [
    {
      id: 'slack/token',
      keywords: ['xoxb-', 'xoxp-', 'xoxa-', 'xoxo-', 'xoxs-', 'xoxr-', 'xoxe-', 'xoxe.'],
      regex: /^xox(?:[abposr]|e\.xox[bp]|e)-[0-9A-Za-z-]{10,250}(?![0-9A-Za-z-])/,
      boundary: true,
      maxLength: 270,
      envName: 'SLACK_TOKEN',
      gate: (s) => hasVariety(s.slice(5), 8),
    },
    {
      id: 'slack/app-token',
      keywords: ['xapp-'],
      regex: /^xapp-\d-[A-Z0-9]{6,20}-\d{6,20}-[a-z0-9]{32,80}(?![A-Za-z0-9])/,
      boundary: true,
      maxLength: 140,
      envName: 'SLACK_APP_TOKEN',
    },
    {
      id: 'slack/webhook',
      keywords: ['hooks.slack.com/'],
      regex: /^hooks\.slack\.com\/(?:services|workflows|triggers)\/(?<secret>[A-Za-z0-9_/+-]{20,200})/,
      maxLength: 240,
      envName: 'SLACK_WEBHOOK_URL',
      gate: (s) => hasVariety(s, 10),
    },
  ],
  examples: {
    positive: [
      { text: `SLACK_BOT_TOKEN=${botToken('sl1')}`, secret: botToken('sl1') },
      {
        text: `"token": "${botToken('sl2').replace('xoxb', 'xoxp')}"`,
        secret: botToken('sl2').replace('xoxb', 'xoxp'),
      },
      {
        text: `curl -X POST https://hooks.slack.com/services/${hookPath('sl3')} -d '{}'`,
        secret: hookPath('sl3'),
      },
      {
        text: `app: xapp-1-A${randomBody('sl4', ALPHA_UPPER + DIGITS, 10)}-${randomBody('sl4a', DIGITS, 13)}-${randomBody('sl4b', 'abcdef0123456789', 64)}`,
        secret: randomBody('sl4b', 'abcdef0123456789', 64),
      },
      { text: `webhook_url: "https://hooks.slack.com/services/${hookPath('sl5')}"`, secret: hookPath('sl5') },
      {
        text: `Post to https://hooks.slack.com/services/${randomBody('sl6', BASE62 + '+/', 48)} now`,
        secret: randomBody('sl6', BASE62 + '+/', 48),
        why: 'a path with + in it',
      },
    ],
    negative: [
      { text: 'THIS IS OK https: https://api.slack.com/web.', why: 'API docs URL' },
      { text: 'Examples https://docs.cribl.io/docs/regexesyml', why: 'unrelated URL' },
      { text: 'xoxb-' + 'x'.repeat(40), why: 'placeholder body' },
      { text: 'xoxb-123', why: 'too short' },
      { text: 'https://hooks.slack.com/services/', why: 'no path' },
    ],
  },
});
