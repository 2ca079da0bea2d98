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
/** A bot token whose id is a random snowflake starting with `lead`. */
const bareToken = (seed: string, lead = '1'): string =>
  Buffer.from(lead + randomBody(`${seed}:0`, DIGITS, 17)).toString('base64') +
  '.' +
  randomBody(`${seed}:2`, BASE64URL, 6) +
  '.' +
  randomBody(`${seed}:4`, BASE64URL, 38);
const webhook = (seed: string): string =>
  'discord.com/api/webhooks/' +
  randomBody(`${seed}:1`, DIGITS, 18) +
  '/' +
  randomBody(`${seed}:3`, BASE64URL, 68);

/**
 * A bot token opens with the bot's numeric id in base64: every three digits give four characters
 * from a small set (`1`, `9`, `8` -> `MTk4`). Those openings are the keywords, so a bare token is
 * found without the word "discord" next to it.
 */
const DIGIT_TRIPLES: string[] = [];
for (let n = 100; n <= 999; n++) DIGIT_TRIPLES.push(Buffer.from(String(n)).toString('base64').toLowerCase());

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
      name: 'bot-token-bare',
      keywords: DIGIT_TRIPLES,
      regex: /^[MNO][A-Za-z0-9]{22,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40}/,
      envName: 'DISCORD_BOT_TOKEN',
      alnumAfter: 19,
      minDistinct: 16,
      minEntropy: 4,
      prefixLength: 4,
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
      { text: bareToken('dis2a'), secret: bareToken('dis2a'), why: 'a bare bot token, nothing around it' },
      { text: `client.login("${bareToken('dis2b')}");`, secret: bareToken('dis2b') },
      { text: `TOKEN=${bareToken('dis2c', '9')}`, secret: bareToken('dis2c', '9') },
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
      {
        text: `See index.${randomBody('dis2d', BASE62, 6)}.html for the list.`,
        why: 'a word that opens like one',
      },
      {
        text: `x${bareToken('dis2e')}`,
        why: 'inside a longer word',
      },
      {
        text: `MTk4${'A'.repeat(20)}.${'A'.repeat(6)}.${'A'.repeat(30)}`,
        why: 'filler after the id',
      },
    ],
  },
});
