/**
 * Webhook URLs whose path is the credential: Zapier catch hooks, Tines webhooks, Microsoft Teams
 * incoming webhooks (webhook.office.com / outlook.office.com). Anyone holding the URL can post.
 */
import { defineDetector } from '../detector.js';
import { BASE62, DIGITS, HEX, randomBody, uuidV4 } from '../examples.js';
import type { PatternDefinition } from '../family.js';

const ID = 'webhook-url';
const lower = '0123456789abcdefghijklmnopqrstuvwxyz';

const url = (name: string, keywords: string[], regex: RegExp, envName: string): PatternDefinition => ({
  id: `${ID}/${name}`,
  keywords,
  regex,
  boundary: false,
  maxLength: 400,
  envName,
  // Every id in the path has some variety: not `aaaa…/bbbb…` placeholders.
  gate: (s) => s.split(/[/@]/).every((seg) => seg.length < 5 || new Set(seg).size >= 4),
});

const zapier = (seed: string): string =>
  `https://hooks.zapier.com/hooks/catch/${randomBody(`${seed}:1`, DIGITS, 7)}/${randomBody(`${seed}:2`, lower, 7)}/`;
const tines = (seed: string): string =>
  `https://${randomBody(`${seed}:0`, lower, 8)}.tines.com/webhook/${randomBody(`${seed}:1`, lower, 32)}/${randomBody(`${seed}:2`, lower, 32)}`;
const teams = (seed: string): string =>
  `https://contoso.webhook.office.com/webhookb2/${uuidV4(`${seed}:1`, '8')}@${uuidV4(`${seed}:2`, '9')}/IncomingWebhook/${randomBody(`${seed}:3`, HEX, 32)}/${uuidV4(`${seed}:4`, 'a')}`;

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'WEBHOOK',
  summary: 'Webhook URLs that carry their own credential (Zapier, Tines, Microsoft Teams)',
  priority: 9,
  patterns: [
    url(
      'zapier',
      ['hooks.zapier.com/hooks/catch/'],
      /^hooks\.zapier\.com\/hooks\/catch\/[0-9]{3,12}\/[A-Za-z0-9]{5,16}\/?|^hooks\.zapier\.com\/hooks\/catch\/[A-Za-z0-9]{12,40}/,
      'ZAPIER_WEBHOOK_URL',
    ),
    url(
      'tines',
      ['.tines.com/webhook/'],
      /^\.tines\.com\/webhook\/[a-z0-9]{32}\/[a-z0-9]{32}/,
      'TINES_WEBHOOK_URL',
    ),
    url(
      'teams',
      ['.webhook.office.com/webhookb2/', 'outlook.office.com/webhook/'],
      /^(?:\.webhook\.office\.com\/webhookb2|outlook\.office\.com\/webhook)\/[a-z0-9-]{36}@[a-z0-9-]{36}\/IncomingWebhook\/[a-z0-9]{32}\/[a-z0-9-]{36}(?:\/[A-Za-z0-9_-]{20,60})?/,
      'TEAMS_WEBHOOK_URL',
    ),
  ],
  examples: {
    positive: [
      { text: `zap = '${zapier('wh0a')}'`, secret: zapier('wh0a').slice(8) },
      { text: `POST ${tines('wh0b')}`, secret: tines('wh0b').split('.tines.com')[1]! },
      { text: `TEAMS_URL=${teams('wh0c')}`, secret: teams('wh0c').split('contoso')[1]! },
      {
        text: `teams: ${teams('wh0e').replace(/IncomingWebhook\/[a-f0-9]{32}/, `IncomingWebhook/${randomBody('wh0f', lower, 32)}`)}`,
        secret: randomBody('wh0f', lower, 32),
        why: 'the hook id in letters beyond hex, as public rule collections allow',
      },
    ],
    negative: [
      { text: 'See https://hooks.zapier.com/hooks/catch/ for the docs', why: 'no hook id' },
      {
        text: `https://x.tines.com/webhook/${'a'.repeat(32)}/${'b'.repeat(32)}`,
        why: 'placeholder path',
      },
      { text: `https://outlook.office.com/webhook/${randomBody('wh0d', BASE62, 8)}`, why: 'cut short' },
    ],
  },
});
