/** Discord API tokens (64 hex) and client secrets (32) next to "discord". */
import { contextValue, defineDetector } from '../detector.js';
import { HEX, randomBody } from '../examples.js';

const ID = 'discord-context';
const token = (seed: string): string => randomBody(`${seed}:0`, HEX, 64);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'DISCORD',
  summary: 'Discord API tokens (64 hex) and client secrets (32) next to "discord"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['discord'],
      value: /[a-f0-9]{64}|[a-z0-9=_-]{32}/,
      envName: 'DISCORD_CLIENT_SECRET',
    }),
  ],
  examples: {
    positive: [
      { text: `DISCORD_API_KEY = "${token('dis0a')}"`, secret: token('dis0a'), nonStrict: 'keep' },
      { text: `discord:\n  credentials: ${token('dis0b')}`, secret: token('dis0b'), nonStrict: 'keep' },
      { text: `const discordAuth = '${token('dis0c')}';`, secret: token('dis0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the discord documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `DISCORD_URL = "https://api.discord.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `DISCORD_API_KEY = "${'x'.repeat(token('dis0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
