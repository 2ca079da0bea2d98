/**
 * Builds the one configuration object: schema defaults, then a YAML/JSON file (`--config FILE` or
 * AGENT_GUARD_CONFIG), then environment variables. Validated once, every problem reported at
 * once, and deep-frozen so no part of the process can change it later.
 */
import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import { AgentGuardError } from '../errors.js';
import { collectEnvBindings, configFromEnv, type EnvBinding } from './env.js';
import { configJsonSchema, configSchema, type Config } from './schema.js';

export interface LoadConfigOptions {
  /** Path of a YAML or JSON file; falls back to env AGENT_GUARD_CONFIG. */
  readonly file?: string | undefined;
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly cwd?: string;
  /** Values that win over everything (CLI flags such as --port). */
  readonly overrides?: Readonly<Record<string, unknown>>;
}

let bindingsCache: readonly EnvBinding[] | undefined;

export function envBindings(): readonly EnvBinding[] {
  bindingsCache ??= collectEnvBindings(configJsonSchema());
  return bindingsCache;
}

export function loadConfig(options: LoadConfigOptions = {}): Readonly<Config> {
  const env = options.env ?? process.env;
  const cwd = options.cwd ?? process.cwd();
  const fileName = options.file ?? env.AGENT_GUARD_CONFIG;
  // AGENT_GUARD_CONFIG_OPTIONAL lets a Kubernetes sidecar mount its policy ConfigMap as optional:
  // a namespace without the ConfigMap then runs on defaults instead of failing to start.
  const optional = /^(1|true|yes)$/i.test(env.AGENT_GUARD_CONFIG_OPTIONAL ?? '');
  const fromFile = fileName
    ? readConfigFile(isAbsolute(fileName) ? fileName : resolve(cwd, fileName), optional)
    : {};
  const fromEnv = configFromEnv(envBindings(), env);
  const merged = deepMerge(deepMerge(fromFile, fromEnv), options.overrides ?? {});
  return validateConfig(merged);
}

/** Validate a configuration object (already merged); throws AG_ERR_CONFIG_INVALID listing every problem. */
export function validateConfig(input: unknown): Readonly<Config> {
  const result = configSchema.safeParse(input);
  if (!result.success) {
    throw new AgentGuardError('AG_ERR_CONFIG_INVALID', { problems: describeIssues(result.error.issues) });
  }
  return deepFreeze(result.data);
}

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const byPath = new Map(envBindings().map((b) => [b.path.join('.'), b.env]));
  return issues
    .map((issue) => {
      const key = issue.path.map(String).join('.') || '(root)';
      const env = byPath.get(key);
      const where = env ? `${key} (${env})` : key;
      // zod messages name types and keys, never the rejected value, so secrets stay out.
      const extra =
        issue.code === 'unrecognized_keys' ? `: ${issue.keys.map((k) => `"${k}"`).join(', ')}` : '';
      return `  - ${where}: ${issue.message}${extra}`;
    })
    .join('\n');
}

function readConfigFile(path: string, optional = false): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if (optional && (err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    const reason = (err as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new AgentGuardError('AG_ERR_CONFIG_FILE_UNREADABLE', { path, reason }, { cause: err });
  }
  const isJson = path.endsWith('.json');
  let parsed: unknown;
  try {
    parsed = isJson ? (JSON.parse(text) as unknown) : (parseYaml(text, { maxAliasCount: 100 }) as unknown);
  } catch (err) {
    const reason = err instanceof Error ? err.message.split('\n')[0]! : 'parse error';
    throw new AgentGuardError(
      'AG_ERR_CONFIG_FILE_SYNTAX',
      { path, format: isJson ? 'JSON' : 'YAML', reason },
      { cause: err },
    );
  }
  if (parsed === null || parsed === undefined) return {};
  if (typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new AgentGuardError('AG_ERR_CONFIG_FILE_SYNTAX', {
      path,
      format: isJson ? 'JSON' : 'YAML',
      reason: 'the top level must be a mapping of sections',
    });
  }
  return parsed as Record<string, unknown>;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Later sources win key by key; arrays and scalars are replaced whole. */
export function deepMerge(
  base: Record<string, unknown>,
  over: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    if (value === undefined) continue;
    const current = out[key];
    out[key] = isPlainObject(current) && isPlainObject(value) ? deepMerge(current, value) : value;
  }
  return out;
}

export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** A copy safe to print: secret settings replaced by a marker. */
export function redactConfig(config: Readonly<Config>): Record<string, unknown> {
  const copy = JSON.parse(JSON.stringify(config)) as Record<string, unknown>;
  for (const binding of envBindings()) {
    if (!binding.secret) continue;
    let node: unknown = copy;
    for (const key of binding.path.slice(0, -1)) node = isPlainObject(node) ? node[key] : undefined;
    const last = binding.path[binding.path.length - 1]!;
    if (isPlainObject(node) && node[last] !== undefined) node[last] = '[REDACTED]';
  }
  return copy;
}
