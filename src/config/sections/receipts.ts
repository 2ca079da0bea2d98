/** Receipt signing (docs/receipts.md): the signing key, trusted verification keys, and when to sign. */
import { z } from 'zod';
import { setting } from '../setting.js';

export const receiptsSection = z
  .object({
    signingKeyFile: setting(z.string().min(1).optional(), {
      env: 'AGENT_GUARD_SIGNING_KEY_FILE',
      description:
        'Ed25519 private key file (PKCS#8 PEM or 64 hex digits), e.g. from `agent-guard keygen`. Wins over signingKey. Default: none (see signingKey).',
    }),
    signingKey: setting(z.string().min(1).optional(), {
      env: 'AGENT_GUARD_SIGNING_KEY',
      description:
        'The Ed25519 private key itself (PEM or 64 hex digits). Default: none; with neither setting an ephemeral key is generated at start and a warning logged.',
      secret: true,
    }),
    verificationKeysFile: setting(z.string().min(1).optional(), {
      env: 'AGENT_GUARD_VERIFICATION_KEYS_FILE',
      description:
        'JWK set of extra public keys to publish and trust (old keys after a rotation). Default: only the signing key.',
    }),
    sign: setting(z.enum(['always', 'deny-only', 'never']).default('deny-only'), {
      env: 'AGENT_GUARD_RECEIPTS_SIGN',
      description:
        'When to sign: always; deny-only (denied decisions and scrubs that redacted something; others carry an unsigned merkle_seal); never. Default deny-only (signing costs about one 35 µs budget, docs/performance.md).',
    }),
  })
  .strict();
