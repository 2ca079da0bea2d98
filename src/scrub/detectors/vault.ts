/** HashiCorp Vault service, batch and recovery tokens (hvs./hvb./hvr., legacy s.). */
import { contextValue, defineDetector, prefixedToken } from '../detector.js';
import { BASE62, BASE64URL, randomBody } from '../examples.js';
import { charClasses, shannonEntropy } from '../family.js';

const ID = 'vault';
const tok0 = (seed: string): string => 'hvs.' + randomBody(`${seed}:1`, BASE64URL, 90);
const legacy = (seed: string): string => 's.' + randomBody(`${seed}:1`, BASE62, 24);
const legacyBare = prefixedToken(ID, {
  name: 'legacy-bare',
  keywords: ['s.'],
  regex: /^s\.[A-Za-z0-9]{24}/,
  envName: 'VAULT_TOKEN',
  minDistinct: 14,
  tail: 'A-Za-z0-9_.-',
  strictOnly: true,
});

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'VAULT',
  summary: 'HashiCorp Vault service, batch and recovery tokens (hvs./hvb./hvr., legacy s.)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['hvs.', 'hvb.', 'hvr.'],
      regex: /^hv[sbr]\.[A-Za-z0-9_-]{24,400}/,
      envName: 'VAULT_TOKEN',
      minDistinct: 10,
      maxLength: 420,
    }),
    // A legacy token on its own: s. + 24 base62 with digits and both cases (not `s.someLongPropertyName`).
    {
      ...legacyBare,
      gate: (t: string) => {
        const c = charClasses(t.slice(2));
        return legacyBare.gate!(t) && c.digit > 0 && c.upper > 0 && c.lower > 0 && shannonEntropy(t) >= 3.5;
      },
    },
    contextValue(ID, {
      name: 'legacy',
      keywords: ['vault'],
      value: /s\.[A-Za-z0-9]{24}/,
      envName: 'VAULT_TOKEN',
      minEntropy: 3.5,
    }),
  ],
  examples: {
    positive: [
      { text: `export VAULT_TOKEN=${tok0('vau0a')}`, secret: tok0('vau0a') },
      { text: `Use ${tok0('vau0b')} for the deploy step.`, secret: tok0('vau0b') },
      { text: `{"credentials": "${tok0('vau0c')}"}`, secret: tok0('vau0c') },
      { text: `VAULT_API_KEY = "${legacy('vau1a')}"`, secret: legacy('vau1a'), nonStrict: 'keep' },
      { text: `vault:\n  credentials: ${legacy('vau1b')}`, secret: legacy('vau1b'), nonStrict: 'keep' },
      { text: `const vaultAuth = '${legacy('vau1c')}';`, secret: legacy('vau1c'), nonStrict: 'keep' },
      { text: `X-Vault-Token: ${legacy('vau2a')}`, secret: legacy('vau2a'), nonStrict: 'keep' },
    ],
    negative: [
      { text: 'hvs.' + 'x'.repeat(tok0('vau0d').length - 4), why: 'placeholder body' },
      { text: `hvs.${randomBody('vau0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${tok0('vau0f')}`, why: 'inside a longer word' },
      { text: `See the vault documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `VAULT_URL = "https://api.vault.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `VAULT_API_KEY = "${'x'.repeat(legacy('vau1d').length)}"`, why: 'placeholder value' },
      { text: 'this.s.someLongPropertyNameHere.value', why: 'a member expression' },
      { text: 'as.' + legacy('vau2b').slice(2), why: 'inside a longer word' },
    ],
  },
});
