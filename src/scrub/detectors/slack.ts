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
      // Each kind's own structure (bot: a numeric id; user: two or three; config: 100+ characters;
      // legacy workspace xoxa/xoxr: a short body; legacy xoxo/xoxs: ids then hex), so that
      // `xoxb-my-bot-token`, `xoxp-1234-1234-1234-…` and `xoxe.xoxp-1-RANDOMSTRINGHERE` are not tokens.
      regex:
        /^xox(?:b-\d{8,14}-[0-9A-Za-z-]{10,250}|[pe]-\d{6,14}-\d{6,14}(?:-\d{6,14})?-[0-9A-Za-z-]{20,80}|e\.xox[bp]-\d-[0-9A-Za-z]{120,200}|e-\d-[0-9A-Za-z]{100,200}|[ar]-(?:\d-)?[0-9A-Za-z]{6,48}(?:-[0-9A-Za-z]{1,48}){0,4}|[os]-\d{1,14}-\d{1,14}-\d{1,14}-[0-9A-Fa-f]{6,80})(?![0-9A-Za-z-])/,
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
        text: `"bot": "xox${'b'}-${randomBody('sl7', DIGITS, 8)}-${randomBody('sl7a', BASE62, 19)}"`,
        secret: `xox${'b'}-${randomBody('sl7', DIGITS, 8)}-${randomBody('sl7a', BASE62, 19)}`,
        why: 'a legacy bot token: one short id',
      },
      {
        text: `refresh: xox${'r'}-${randomBody('sl8', BASE62, 12)}`,
        secret: `xox${'r'}-${randomBody('sl8', BASE62, 12)}`,
        why: 'a legacy workspace token: a short body',
      },
      {
        text: `legacy = "xox${'s'}-${randomBody('sl9', DIGITS, 10)}-${randomBody('sl9a', DIGITS, 10)}-${randomBody('sl9b', DIGITS, 10)}-${randomBody('sl9c', 'abcdef0123456789', 10)}"`,
        secret: `xox${'s'}-${randomBody('sl9', DIGITS, 10)}-${randomBody('sl9a', DIGITS, 10)}-${randomBody('sl9b', DIGITS, 10)}-${randomBody('sl9c', 'abcdef0123456789', 10)}`,
        why: 'a legacy token: three ids, then hex',
      },
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
      { text: 'xoxb-xoxb-my-bot-token', why: 'words: no numeric id' },
      { text: 'xoxb-12345-abcd234', why: 'an id too short and a body too short' },
      { text: 'xoxe.xoxp-1-RANDOMSTRINGHERE', why: 'a configuration token is over a hundred characters' },
      { text: 'https://github.com/xoxa-nyc/xoxa-nyc.github.io', why: 'a name that starts like a token' },
      { text: 'images/2018-250-xoxo-indieweb-1.jpg', why: 'xoxo in a file name' },
      { text: 'THIS IS OK https: https://api.slack.com/web.', why: 'API docs URL' },
      { text: 'Examples https://docs.cribl.io/docs/regexesyml', why: 'unrelated URL' },
      { text: 'xoxb-' + 'x'.repeat(40), why: 'placeholder body' },
      { text: 'xoxb-123', why: 'too short' },
      { text: 'https://hooks.slack.com/services/', why: 'no path' },
    ],
  },
});
