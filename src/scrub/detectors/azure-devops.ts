/** Azure DevOps personal access tokens next to "azure"/"ado"/"devops" (52 base32, or 84 characters with AZDO). */
import { contextValue, defineDetector } from '../detector.js';
import { randomBody } from '../examples.js';

const ID = 'azure-devops';
const token = (seed: string): string => randomBody(`${seed}:0`, 'abcdefghijklmnopqrstuvwxyz234567', 52);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'AZURE',
  summary:
    'Azure DevOps personal access tokens next to "azure"/"ado"/"devops" (52 base32, or 84 characters with AZDO)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'pat',
      keywords: ['azure', 'ado_'],
      value: /[a-z2-7]{52}|[A-Za-z0-9]{76}AZDO[A-Za-z0-9]{4}/,
      envName: 'AZURE_DEVOPS_PAT',
    }),
  ],
  examples: {
    positive: [
      { text: `AZURE_API_KEY = "${token('azu0a')}"`, secret: token('azu0a'), nonStrict: 'keep' },
      { text: `azure:\n  credentials: ${token('azu0b')}`, secret: token('azu0b'), nonStrict: 'keep' },
      { text: `const azureAuth = '${token('azu0c')}';`, secret: token('azu0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the azure documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `AZURE_URL = "https://api.azure.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `AZURE_API_KEY = "${'x'.repeat(token('azu0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
