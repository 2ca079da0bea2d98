/**
 * Helpers that attach the metadata every setting carries: its environment variable, a doc line
 * that states the default with its unit, and whether the value is secret (never logged, never
 * printed by `agent-guard config`). The loader and docs/configuration.md read this metadata
 * from the generated JSON Schema, so a setting is declared exactly once.
 */
import type { z } from 'zod';

export interface SettingMeta {
  /** Environment variable, `AGENT_GUARD_<SETTING>` (the SPEC's GUARD_* alert variables keep their names). */
  readonly env: string;
  /** One line; say the default and its unit. */
  readonly description: string;
  readonly secret?: boolean;
}

export function setting<T extends z.ZodType>(schema: T, meta: SettingMeta): T {
  return schema.meta({ ...meta });
}
