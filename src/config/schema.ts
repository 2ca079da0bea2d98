/**
 * The one configuration schema: each area owns a section file under ./sections/. Unknown keys are
 * rejected everywhere (strict objects). `configJsonSchema()` is what the loader walks to map
 * environment variables and what docs/configuration.md is generated from.
 */
import { z } from 'zod';
import { authSection } from './sections/auth.js';
import { engineSection } from './sections/engine.js';
import { serverSection } from './sections/server.js';
import { proxySection } from './sections/proxy.js';
import { receiptsSection } from './sections/receipts.js';
import { alertsSection } from './sections/alerts.js';
import { scrubSection } from './sections/scrub.js';
import { injectSection } from './sections/inject.js';
import { redisSection } from './sections/redis.js';

export const configSchema = z
  .object({
    server: serverSection.prefault({}),
    engine: engineSection.prefault({}),
    auth: authSection.prefault({}),
    proxy: proxySection.prefault({}),
    receipts: receiptsSection.prefault({}),
    alerts: alertsSection.prefault({}),
    scrub: scrubSection.prefault({}),
    inject: injectSection.prefault({}),
    redis: redisSection.prefault({}),
  })
  .strict();

export type Config = z.output<typeof configSchema>;
export type ConfigInput = z.input<typeof configSchema>;

export function configJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(configSchema, { io: 'input', unrepresentable: 'any' });
}
