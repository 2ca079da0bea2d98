/**
 * Maps environment variables onto configuration keys. Which variable feeds which key is read from
 * the `env` metadata each setting declares (src/config/setting.ts), through the generated JSON
 * Schema, so there is no second table to keep in sync. Values are converted by the schema type:
 * numbers, booleans (true/false/1/0/yes/no), comma-separated lists, JSON for objects.
 */

export interface EnvBinding {
  /** Dotted key path, e.g. ['server', 'port']. */
  readonly path: readonly string[];
  readonly env: string;
  readonly description: string;
  readonly secret: boolean;
  readonly schema: JsonSchema;
}

export interface JsonSchema {
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly items?: JsonSchema;
  readonly anyOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly enum?: readonly unknown[];
  readonly default?: unknown;
  readonly env?: string;
  readonly description?: string;
  readonly secret?: boolean;
  readonly [key: string]: unknown;
}

/** Every setting that declares an environment variable, in schema order. */
export function collectEnvBindings(schema: JsonSchema, path: readonly string[] = []): EnvBinding[] {
  const out: EnvBinding[] = [];
  if (typeof schema.env === 'string') {
    out.push({
      path,
      env: schema.env,
      description: schema.description ?? '',
      secret: schema.secret === true,
      schema,
    });
    return out;
  }
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    out.push(...collectEnvBindings(child, [...path, key]));
  }
  return out;
}

function typesOf(schema: JsonSchema): string[] {
  const type = schema.type;
  const own: string[] = type === undefined ? [] : typeof type === 'string' ? [type] : [...type];
  const nested: string[] = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap(typesOf);
  return [...own, ...nested];
}

const TRUE = new Set(['true', '1', 'yes', 'on']);
const FALSE = new Set(['false', '0', 'no', 'off']);

/**
 * Convert one variable's text. Returns the raw string when it cannot be converted, so the schema
 * reports the problem with the key's name instead of the loader guessing.
 */
export function convertEnvValue(raw: string, schema: JsonSchema): unknown {
  const types = typesOf(schema);
  const text = raw.trim();
  if (types.includes('boolean')) {
    const lower = text.toLowerCase();
    if (TRUE.has(lower)) return true;
    if (FALSE.has(lower)) return false;
  }
  if (types.includes('integer') || types.includes('number')) {
    if (text !== '' && Number.isFinite(Number(text))) return Number(text);
  }
  if (types.includes('array')) {
    if (text.startsWith('[')) {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return raw;
      }
    }
    const itemTypes = schema.items ? typesOf(schema.items) : [];
    const parts = text === '' ? [] : text.split(',').map((p) => p.trim());
    return itemTypes.includes('integer') || itemTypes.includes('number')
      ? parts.map((p) => (p !== '' && Number.isFinite(Number(p)) ? Number(p) : p))
      : parts;
  }
  if (types.includes('object')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return raw;
    }
  }
  return raw;
}

/** Build a partial configuration object from the environment. */
export function configFromEnv(
  bindings: readonly EnvBinding[],
  env: Readonly<Record<string, string | undefined>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const binding of bindings) {
    const raw = env[binding.env];
    if (raw === undefined || raw === '') continue;
    setPath(out, binding.path, convertEnvValue(raw, binding.schema));
  }
  return out;
}

function setPath(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let node = target;
  path.forEach((key, i) => {
    if (i === path.length - 1) {
      node[key] = value;
      return;
    }
    const next = node[key];
    if (typeof next === 'object' && next !== null && !Array.isArray(next)) {
      node = next as Record<string, unknown>;
    } else {
      const created: Record<string, unknown> = {};
      node[key] = created;
      node = created;
    }
  });
}
