/** Amazon Bedrock API keys (ABSK long-term, bedrock-api-key- short-term). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, BASE64, randomBody } from '../examples.js';

const ID = 'bedrock';
const longTerm = (seed: string): string => 'ABSK' + randomBody(`${seed}:1`, BASE64, 132);
const shortTerm = (seed: string): string =>
  'bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29t' + randomBody(`${seed}:1`, BASE64, 200);

export default defineDetector({
  id: ID,
  family: 'aws',
  kind: 'AWS',
  summary: 'Amazon Bedrock API keys (ABSK long-term, bedrock-api-key- short-term)',
  patterns: [
    prefixedToken(ID, {
      name: 'long-term',
      keywords: ['absk'],
      regex: /^ABSK[A-Za-z0-9+/]{109,269}={0,2}/,
      envName: 'AWS_BEARER_TOKEN_BEDROCK',
      minDistinct: 10,
      tail: 'A-Za-z0-9+/=',
      maxLength: 300,
    }),
    prefixedToken(ID, {
      name: 'short-term',
      keywords: ['bedrock-api-key-'],
      regex: /^bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29t[A-Za-z0-9+/%=]{40,2000}/,
      envName: 'AWS_BEARER_TOKEN_BEDROCK',
      minDistinct: 10,
      tail: 'A-Za-z0-9+/%=',
      maxLength: 2100,
      prefixLength: 44,
    }),
  ],
  examples: {
    positive: [
      { text: `export AWS_BEARER_TOKEN_BEDROCK=${longTerm('bed0a')}`, secret: longTerm('bed0a') },
      { text: `Use ${longTerm('bed0b')} for the deploy step.`, secret: longTerm('bed0b') },
      { text: `{"credentials": "${longTerm('bed0c')}"}`, secret: longTerm('bed0c') },
      { text: `export AWS_BEARER_TOKEN_BEDROCK=${shortTerm('bed1a')}`, secret: shortTerm('bed1a') },
      { text: `Use ${shortTerm('bed1b')} for the deploy step.`, secret: shortTerm('bed1b') },
      { text: `{"credentials": "${shortTerm('bed1c')}"}`, secret: shortTerm('bed1c') },
    ],
    negative: [
      { text: 'ABSK' + 'x'.repeat(longTerm('bed0d').length - 4), why: 'placeholder body' },
      { text: `ABSK${randomBody('bed0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${longTerm('bed0f')}`, why: 'inside a longer word' },
      {
        text: 'bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29t' + 'x'.repeat(shortTerm('bed1d').length - 44),
        why: 'placeholder body',
      },
      {
        text: `bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29t${randomBody('bed1e', BASE62, 6)} is cut short`,
        why: 'too short',
      },
      { text: `my${shortTerm('bed1f')}`, why: 'inside a longer word' },
    ],
  },
});
