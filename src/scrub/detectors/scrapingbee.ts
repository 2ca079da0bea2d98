/** ScrapingBee API keys (80 upper-case letters and digits) next to "scrapingbee". */
import { contextValue, defineDetector } from '../detector.js';
import { ALPHA_UPPER, DIGITS, randomBody } from '../examples.js';

const ID = 'scrapingbee';
const token = (seed: string): string => randomBody(`${seed}:0`, ALPHA_UPPER + DIGITS, 80);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'SCRAPINGBEE',
  summary: 'ScrapingBee API keys (80 upper-case letters and digits) next to "scrapingbee"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['scrapingbee', 'scraping_bee', 'scraping-bee'],
      value: /[A-Z0-9]{80}/,
      envName: 'SCRAPINGBEE_API_KEY',
      minDistinct: 16,
    }),
  ],
  examples: {
    positive: [
      { text: `SCRAPINGBEE_API_KEY = "${token('scb0a')}"`, secret: token('scb0a'), nonStrict: 'keep' },
      { text: `gn.top_news(scraping_bee = '${token('scb0b')}')`, secret: token('scb0b'), nonStrict: 'keep' },
      { text: `{"scrapingbee_api_key": "${token('scb0c')}"}`, secret: token('scb0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: 'Use the scrapingbee client to fetch pages through a proxy.', why: 'prose, no value' },
      { text: `SCRAPINGBEE_API_KEY = "${'X'.repeat(80)}"`, why: 'placeholder value' },
      { text: `scrapingbee: ${token('scb0d').slice(0, 40)}`, why: 'too short for the format' },
    ],
  },
});
