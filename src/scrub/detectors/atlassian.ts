/** Atlassian API tokens (ATATT3), Bitbucket/Confluence/Jira Data Center tokens (BBDC-) . */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, BASE64, BASE64URL, randomBody } from '../examples.js';

const ID = 'atlassian';
const tok0 = (seed: string): string =>
  'ATATT3xFfGF0' +
  randomBody(`${seed}:1`, BASE64URL, 170) +
  '=' +
  randomBody(`${seed}:3`, '0123456789ABCDEF', 8);
const bitbucketDc = (seed: string): string => 'BBDC-' + randomBody(`${seed}:1`, BASE64, 44);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'ATLASSIAN',
  summary: 'Atlassian API tokens (ATATT3), Bitbucket/Confluence/Jira Data Center tokens (BBDC-) ',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['atatt3'],
      regex: /^ATATT3[A-Za-z0-9_=-]{100,300}/,
      envName: 'ATLASSIAN_API_TOKEN',
      minDistinct: 10,
      tail: 'A-Za-z0-9_=-',
      maxLength: 320,
    }),
    prefixedToken(ID, {
      name: 'bitbucket-dc',
      keywords: ['bbdc-'],
      regex: /^BBDC-[A-Za-z0-9+/@_-]{40,50}/,
      envName: 'ATLASSIAN_API_TOKEN',
      tail: 'A-Za-z0-9+/@_-',
    }),
  ],
  examples: {
    positive: [
      { text: `export ATLASSIAN_API_TOKEN=${tok0('atl0a')}`, secret: tok0('atl0a') },
      { text: `Use ${tok0('atl0b')} for the deploy step.`, secret: tok0('atl0b') },
      { text: `{"credentials": "${tok0('atl0c')}"}`, secret: tok0('atl0c') },
      { text: `export ATLASSIAN_API_TOKEN=${bitbucketDc('atl1a')}`, secret: bitbucketDc('atl1a') },
      { text: `Use ${bitbucketDc('atl1b')} for the deploy step.`, secret: bitbucketDc('atl1b') },
      { text: `{"credentials": "${bitbucketDc('atl1c')}"}`, secret: bitbucketDc('atl1c') },
    ],
    negative: [
      { text: 'ATATT3xFfGF0' + 'x'.repeat(tok0('atl0d').length - 12), why: 'placeholder body' },
      { text: `ATATT3xFfGF0${randomBody('atl0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${tok0('atl0f')}`, why: 'inside a longer word' },
      { text: 'BBDC-' + 'x'.repeat(bitbucketDc('atl1d').length - 5), why: 'placeholder body' },
      { text: `BBDC-${randomBody('atl1e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${bitbucketDc('atl1f')}`, why: 'inside a longer word' },
    ],
  },
});
