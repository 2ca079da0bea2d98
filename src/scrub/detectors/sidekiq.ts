/**
 * Sidekiq Pro/Enterprise credentials: bundler settings for the contribsys.com gem servers
 * (`BUNDLE_ENTERPRISE__CONTRIBSYS__COM=<8 hex>:<8 hex>`) and gem-source URLs carrying them.
 */
import { contextValue, defineDetector } from '../detector.js';
import { HEX, randomBody } from '../examples.js';
import type { PatternHit } from '../family.js';

const ID = 'sidekiq';
const creds = (seed: string): string =>
  `${randomBody(`${seed}:0`, HEX, 8)}:${randomBody(`${seed}:1`, HEX, 8)}`;

const URL_CREDS = /^(?<secret>[a-f0-9]{8}:[a-f0-9]{8})@(?:gems|enterprise)\.contribsys\.com/i;

/** `https://<user>:<pass>@gems.contribsys.com/`: both halves are the credential. */
function matchUrl(text: string, pos: number, limit: number): PatternHit | null {
  const m = URL_CREDS.exec(text.slice(pos + 3, limit));
  if (!m) return null;
  return { secretStart: pos + 3, secretEnd: pos + 20, envName: 'BUNDLE_GEMS__CONTRIBSYS__COM' };
}

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'SIDEKIQ',
  summary: 'Sidekiq Pro/Enterprise credentials (bundler settings and gem-source URLs for contribsys.com)',
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'bundler',
      keywords: ['bundle_enterprise__contribsys__com', 'bundle_gems__contribsys__com'],
      value: /[a-f0-9]{8}:[a-f0-9]{8}/,
      envName: 'BUNDLE_ENTERPRISE__CONTRIBSYS__COM',
      minEntropy: 2.5,
    }),
    // `bundle config [--global] gems.contribsys.com <user:pass>` (the host is the setting's name).
    contextValue(ID, {
      name: 'bundle-config',
      keywords: ['gems.contribsys.com', 'enterprise.contribsys.com'],
      value: /[a-f0-9]{8}:[a-f0-9]{8}/,
      envName: 'BUNDLE_GEMS__CONTRIBSYS__COM',
      minEntropy: 2.5,
    }),
    // Runs at every `://`; the credentials must be followed by a contribsys.com host.
    { id: `${ID}/url`, keywords: ['://'], match: matchUrl, maxLength: 60, strictOnly: true },
  ],
  examples: {
    positive: [
      {
        text: `export BUNDLE_ENTERPRISE__CONTRIBSYS__COM=${creds('sk1')}`,
        secret: creds('sk1'),
        nonStrict: 'keep',
      },
      {
        text: `BUNDLE_GEMS__CONTRIBSYS__COM: "${creds('sk2')}"`,
        secret: creds('sk2'),
        nonStrict: 'keep',
      },
      {
        text: `source "https://${creds('sk3')}@gems.contribsys.com/" do\n  gem "sidekiq-pro"\nend`,
        secret: creds('sk3'),
        nonStrict: 'keep',
      },
      {
        text: `bundle config --global gems.contribsys.com ${creds('sk4')}`,
        secret: creds('sk4'),
        nonStrict: 'keep',
      },
      {
        text: `bundle config enterprise.contribsys.com ${creds('sk5')}`,
        secret: creds('sk5'),
        nonStrict: 'keep',
      },
    ],
    negative: [
      { text: 'bundle config --global gems.contribsys.com $SIDEKIQ_CREDS', why: 'a variable' },
      { text: 'BUNDLE_ENTERPRISE__CONTRIBSYS__COM=${SIDEKIQ_CREDS}', why: 'a template' },
      { text: 'source "https://gems.contribsys.com/" do', why: 'no credentials in the URL' },
      { text: 'BUNDLE_GEMS__CONTRIBSYS__COM=xxxxxxxx:xxxxxxxx', why: 'placeholder' },
    ],
  },
});
