/** Secret scrubber settings (src/scrub/, docs/scrubber.md). */
import { z } from 'zod';
import { setting } from '../setting.js';

export const scrubSection = z
  .object({
    strict: setting(z.boolean().default(true), {
      env: 'AGENT_GUARD_SCRUB_STRICT',
      description:
        'Default masking mode when a request does not say: true enables all 12 credential families, false only the high-confidence prefix-anchored patterns. Default true.',
    }),
    salt: setting(z.string().min(16).optional(), {
      env: 'AGENT_GUARD_SCRUB_SALT',
      description:
        'Key of the HMAC that tags redaction markers, so one secret gets one tag across the deployment (at least 16 characters). Default: a random salt per process (tags then differ between replicas and restarts).',
      secret: true,
    }),
    maxPayloadBytes: setting(
      z
        .number()
        .int()
        .min(1024)
        .max(256 * 1024 * 1024)
        .default(8 * 1024 * 1024),
      {
        env: 'AGENT_GUARD_SCRUB_MAX_PAYLOAD_BYTES',
        description:
          'Largest payload the scrubber accepts, in UTF-8 bytes; larger gets AG_ERR_INPUT_TOO_LARGE. Default 8388608 (8 MiB).',
      },
    ),
  })
  .strict();
