/** Telegram bot tokens: `<bot id>:AA<33 chars>`. */
import { contextValue, defineDetector } from '../detector.js';
import { BASE64URL, DIGITS, randomBody } from '../examples.js';
import type { PatternHit } from '../family.js';

const BODY = /^:AA[A-Za-z0-9_-]{33}(?![A-Za-z0-9_-])/;

function matchBotToken(text: string, pos: number, limit: number): PatternHit | null {
  let start = pos;
  while (start > 0 && pos - start < 10 && /[0-9]/.test(text[start - 1]!)) start--;
  if (pos - start < 8 || (start > 0 && /[A-Za-z0-9]/.test(text[start - 1]!))) return null;
  const m = BODY.exec(text.slice(pos, limit));
  if (!m) return null;
  return { secretStart: start, secretEnd: pos + m[0].length, envName: 'TELEGRAM_BOT_TOKEN' };
}

const token = (seed: string): string =>
  `${randomBody(`${seed}:0`, '123456789', 1)}${randomBody(`${seed}:1`, DIGITS, 9)}:AA${randomBody(`${seed}:2`, BASE64URL, 33)}`;

export default defineDetector({
  id: 'telegram',
  family: 'generic',
  kind: 'TELEGRAM',
  summary: 'Telegram bot tokens (<bot id>:AA<33>)',
  priority: 9,
  patterns: [
    { id: 'telegram/bot-token', keywords: [':aa'], match: matchBotToken, maxLength: 40 },
    // Next to a telegram name, the body may start with any letter after the A.
    contextValue('telegram', {
      name: 'context',
      keywords: ['telegr'],
      value: /[0-9]{5,16}:A[A-Za-z0-9_-]{34}/,
      envName: 'TELEGRAM_BOT_TOKEN',
    }),
  ],
  examples: {
    positive: [
      { text: `bot ${token('tg1')}`, secret: token('tg1') },
      { text: `TELEGRAM_BOT_TOKEN="${token('tg2')}"`, secret: token('tg2') },
      {
        text: `telegram_token: ${randomBody('tg5', DIGITS, 10)}:AB${randomBody('tg6', BASE64URL, 33)}`,
        secret: `${randomBody('tg5', DIGITS, 10)}:AB${randomBody('tg6', BASE64URL, 33)}`,
        nonStrict: 'keep',
        why: 'a body that does not start AA, named telegram',
      },
    ],
    negative: [
      { text: `12:AA${randomBody('tg3', BASE64URL, 33)}`, why: 'bot id too short' },
      { text: `${randomBody('tg4', DIGITS, 10)}:AA${'x'.repeat(33)}`, why: 'placeholder body' },
      { text: 'time 12345678:AA is not a token', why: 'no body' },
    ],
  },
});
