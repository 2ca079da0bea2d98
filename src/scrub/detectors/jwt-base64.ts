/** Base64-encoded JWTs (ZXlK…: base64 of eyJ). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, BASE64, randomBody } from '../examples.js';

const ID = 'jwt-base64';
const token = (seed: string): string =>
  'ZXlKaGJHY2lPaUpJVXpJMU5pSXNJblI1Y0NJNklrcFhWQ0o5LmV5SnpkV0lpT2lJ' + randomBody(`${seed}:1`, BASE64, 120);

export default defineDetector({
  id: ID,
  family: 'jwt',
  kind: 'JWT',
  summary: 'Base64-encoded JWTs (ZXlK…: base64 of eyJ)',
  patterns: [
    prefixedToken(ID, {
      keywords: ['zxlk'],
      regex: /^ZXlK[A-Za-z0-9+/]{100,4000}={0,2}/,
      envName: 'JWT',
      tail: 'A-Za-z0-9+/=',
      maxLength: 4100,
      prefixLength: 4,
    }),
  ],
  examples: {
    positive: [
      { text: `export JWT=${token('jwt0a')}`, secret: token('jwt0a') },
      { text: `Use ${token('jwt0b')} for the deploy step.`, secret: token('jwt0b') },
      { text: `{"credentials": "${token('jwt0c')}"}`, secret: token('jwt0c') },
    ],
    negative: [
      {
        text:
          'ZXlKaGJHY2lPaUpJVXpJMU5pSXNJblI1Y0NJNklrcFhWQ0o5LmV5SnpkV0lpT2lJ' +
          'x'.repeat(token('jwt0d').length - 64),
        why: 'placeholder body',
      },
      {
        text: `ZXlKaGJHY2lPaUpJVXpJMU5pSXNJblI1Y0NJNklrcFhWQ0o5LmV5SnpkV0lpT2lJ${randomBody('jwt0e', BASE62, 6)} is cut short`,
        why: 'too short',
      },
      { text: `my${token('jwt0f')}`, why: 'inside a longer word' },
    ],
  },
});
