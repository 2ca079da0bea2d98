/** Discord bot tokens next to "discord"/"bot", webhook URLs. */
import { contextValue, defineDetector, prefixedToken } from '../detector.js';
import { BASE62, BASE64URL, DIGITS, randomBody } from '../examples.js';

const ID = 'discord';
const botToken = (seed: string): string =>
  'MT' +
  randomBody(`${seed}:1`, BASE62, 22) +
  '.' +
  randomBody(`${seed}:3`, BASE64URL, 6) +
  '.' +
  randomBody(`${seed}:5`, BASE64URL, 38);
const webhook = (seed: string): string =>
  'discord.com/api/webhooks/' +
  randomBody(`${seed}:1`, DIGITS, 18) +
  '/' +
  randomBody(`${seed}:3`, BASE64URL, 68);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'DISCORD',
  summary: 'Discord bot tokens next to "discord"/"bot", webhook URLs',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'bot-token',
      keywords: ['discord'],
      value: /[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40}/,
      envName: 'DISCORD_BOT_TOKEN',
    }),
    prefixedToken(ID, {
      name: 'webhook',
      keywords: ['discord.com/api/webhooks/', 'discordapp.com/api/webhooks/'],
      regex: /^discord(?:app)?\.com\/api\/webhooks\/[0-9]{17,20}\/[A-Za-z0-9_-]{60,80}/,
      envName: 'DISCORD_BOT_TOKEN',
      minDistinct: 10,
      prefixLength: 25,
    }),
  ],
  examples: {
    positive: [
      { text: `DISCORD_API_KEY = "${botToken('dis0a')}"`, secret: botToken('dis0a'), nonStrict: 'keep' },
      { text: `discord:\n  credentials: ${botToken('dis0b')}`, secret: botToken('dis0b'), nonStrict: 'keep' },
      { text: `const discordAuth = '${botToken('dis0c')}';`, secret: botToken('dis0c'), nonStrict: 'keep' },
      { text: `export DISCORD_BOT_TOKEN=${webhook('dis1a')}`, secret: webhook('dis1a') },
      { text: `Use ${webhook('dis1b')} for the deploy step.`, secret: webhook('dis1b') },
      { text: `{"credentials": "${webhook('dis1c')}"}`, secret: webhook('dis1c') },
    ],
    negative: [
      { text: `See the discord documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `DISCORD_URL = "https://api.discord.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `DISCORD_API_KEY = "${'x'.repeat(botToken('dis0d').length)}"`, why: 'placeholder value' },
      {
        text: 'discord.com/api/webhooks/' + 'x'.repeat(webhook('dis1d').length - 25),
        why: 'placeholder body',
      },
      { text: `discord.com/api/webhooks/${randomBody('dis1e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${webhook('dis1f')}`, why: 'inside a longer word' },
    ],
  },
});
