/** Atlassian/Jira/Confluence API tokens (24) next to the product name. */
import { contextValue, defineDetector } from '../detector.js';
import { ALPHA_LOWER, DIGITS, randomBody } from '../examples.js';

const ID = 'atlassian-context';
const token = (seed: string): string => randomBody(`${seed}:0`, DIGITS + ALPHA_LOWER, 24);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'ATLASSIAN',
  summary: 'Atlassian/Jira/Confluence API tokens (24) next to the product name',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['atlassian', 'confluence', 'jira'],
      value: /[a-z0-9]{24}/,
      envName: 'ATLASSIAN_API_TOKEN',
    }),
  ],
  examples: {
    positive: [
      { text: `ATLASSIAN_API_KEY = "${token('atl0a')}"`, secret: token('atl0a'), nonStrict: 'keep' },
      { text: `atlassian:\n  credentials: ${token('atl0b')}`, secret: token('atl0b'), nonStrict: 'keep' },
      { text: `const atlassianAuth = '${token('atl0c')}';`, secret: token('atl0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the atlassian documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `ATLASSIAN_URL = "https://api.atlassian.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `ATLASSIAN_API_KEY = "${'x'.repeat(token('atl0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
