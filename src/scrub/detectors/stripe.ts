/** Stripe: secret and restricted keys (sk_/rk_, live and test) and webhook signing secrets (whsec_). */
import { BASE62, randomBody } from '../examples.js';
import { hasVariety } from '../family.js';
import { defineDetector } from '../detector.js';

const k = (prefix: string, seed: string, n = 24): string => `${prefix}_${randomBody(seed, BASE62, n)}`;

export default defineDetector({
  id: 'stripe',
  family: 'stripe',
  kind: 'STRIPE',
  summary: 'Stripe secret, restricted and webhook keys',
  nonStrict: true,
  priority: 10,
  patterns: [
    {
      id: 'stripe/secret-key',
      keywords: ['sk_live_', 'sk_test_', 'sk_prod_', 'rk_live_', 'rk_test_', 'rk_prod_'],
      regex: /^[sr]k_(?:live|test|prod)_[0-9A-Za-z]{12,247}(?![0-9A-Za-z])/,
      boundary: true,
      maxLength: 260,
      envName: 'STRIPE_SECRET_KEY',
      gate: (s) => hasVariety(s.slice(8), 8),
    },
    {
      id: 'stripe/webhook-secret',
      keywords: ['whsec_'],
      regex: /^whsec_[0-9A-Za-z+/=]{24,100}(?![0-9A-Za-z+/=])/,
      boundary: true,
      maxLength: 110,
      envName: 'STRIPE_WEBHOOK_SECRET',
      gate: (s) => hasVariety(s.slice(6), 8),
    },
  ],
  examples: {
    positive: [
      { text: `STRIPE_SECRET_KEY=${k('sk_live', 'st1', 99)}`, secret: k('sk_live', 'st1', 99) },
      { text: `Stripe.api_key = "${k('sk_test', 'st2')}"`, secret: k('sk_test', 'st2') },
      { text: `restricted: ${k('rk_live', 'st3', 32)}`, secret: k('rk_live', 'st3', 32) },
      { text: `key ${k('sk_prod', 'st5', 30)} for prod`, secret: k('sk_prod', 'st5', 30) },
      { text: `STRIPE_WEBHOOK_SECRET=${k('whsec', 'st4', 32)}`, secret: k('whsec', 'st4', 32) },
      {
        text: `curl https://api.stripe.com/v1/charges -u ${k('sk_live', 'st5', 24)}:`,
        secret: k('sk_live', 'st5', 24),
      },
      {
        text: `Use ${k('rk_test', 'st6', 16)} for it.`,
        secret: k('rk_test', 'st6', 16),
        why: 'a short body',
      },
    ],
    negative: [
      {
        text: '# Publishable keys (pk_) are not secrets\npk_live_AAAAAAAAAAAAAAAAAAAAAAAA',
        why: 'publishable',
      },
      { text: 'sk_live_short\nsk_test_abc\nrk_live_x', why: 'too short' },
      {
        text: 'xsk_live_AAAAAAAAAAAAAAAAAAAAAAAA\nfoosk_test_BBBBBBBBBBBBBBBBBBBBBBBB',
        why: 'inside longer words',
      },
      { text: 'SKILLS_inventory\nRKLIST_value', why: 'shares letters only' },
      { text: 'https://docs.stripe.com/keys', why: 'docs URL' },
      { text: 'sk_live_' + 'A'.repeat(24), why: 'placeholder body' },
    ],
  },
});
