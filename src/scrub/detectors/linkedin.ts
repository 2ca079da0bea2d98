/** LinkedIn client ids (14 alphanumerics) and client secrets (16) next to "linkedin". */
import { contextValue, defineDetector } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'linkedin';
const clientId = (seed: string): string => randomBody(`${seed}:1`, BASE62, 14);
const clientSecret = (seed: string): string => randomBody(`${seed}:1`, BASE62, 16);
const KEYWORDS = ['linkedin', 'linked_in', 'linked-in'];

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'LINKEDIN',
  summary: 'LinkedIn client ids and client secrets next to "linkedin"',
  // Vendor formats are more specific than the generic assignment detector they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'client-id',
      keywords: KEYWORDS,
      value: /[A-Za-z0-9]{14}/,
      envName: 'LINKEDIN_CLIENT_ID',
      minDistinct: 7,
      minEntropy: 2.5,
    }),
    contextValue(ID, {
      name: 'client-secret',
      keywords: KEYWORDS,
      value: /[A-Za-z0-9]{16}/,
      envName: 'LINKEDIN_CLIENT_SECRET',
      minDistinct: 8,
      minEntropy: 2.5,
    }),
  ],
  examples: {
    positive: [
      { text: `linkedinToken := "${clientId('lin0a')}"`, secret: clientId('lin0a'), nonStrict: 'keep' },
      { text: `{"linked_in": "${clientId('lin0b')}"}`, secret: clientId('lin0b'), nonStrict: 'keep' },
      {
        text: `LINKEDIN_CLIENT_SECRET=${clientSecret('lin1a')}`,
        secret: clientSecret('lin1a'),
        nonStrict: 'keep',
      },
      {
        text: `linked-in:\n  secret: ${clientSecret('lin1b')}`,
        secret: clientSecret('lin1b'),
        nonStrict: 'keep',
      },
    ],
    negative: [
      { text: 'Share the post on LinkedIn with your network today.', why: 'prose, no value' },
      { text: 'linkedin_url = "https://www.linkedin.com/in/someone"', why: 'a profile URL' },
      { text: 'LINKEDIN_CLIENT_ID = "xxxxxxxxxxxxxx"', why: 'placeholder value' },
      { text: 'linkedin: professionalnetwork', why: 'a word, not a key' },
    ],
  },
});
