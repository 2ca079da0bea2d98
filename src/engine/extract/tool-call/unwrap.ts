/**
 * Arguments a generic wrapper carries encoded (red team R18: `invoke_function {function:
 * "admin.users.update", payload: "eyJ1c2VyIjog..."}` whose base64 decodes to a user made
 * SUPER_ADMIN with MFA off): a string field holding the base64 of a JSON object, or a payload field
 * holding its JSON text, is read as that object, so the call is judged as if the payload had been
 * sent plain. Two levels of fields are looked at; anything that is not an object once decoded stays.
 */

/** Largest encoded field decoded (an inline payload, not a file). */
const MAX_ENCODED = 65536;
/** Fields looked at on each level. */
const MAX_FIELDS = 32;
const BASE64 = /^[A-Za-z0-9+/_-]{16,}={0,2}$/;

/**
 * Keys whose JSON text is a call's arguments. A document an API takes as text (`policy`, a message
 * `body`, a file's `content`) is left as text: its own readers judge it (a secret in a mail body).
 */
const PAYLOAD_KEY =
  /^(?:payload|data|input|inputs|params|parameters|arguments|args|kwargs|request|request_body|event|options|variables|json)$/i;

/** The object a string holds as base64 of JSON text, or as JSON text under a payload key; undefined when neither. */
function encodedObject(key: string, value: string): Record<string, unknown> | undefined {
  let t = value.trim();
  if (t.length < 2 || t.length > MAX_ENCODED) return undefined;
  if (t[0] === '{' && !PAYLOAD_KEY.test(key)) return undefined;
  if (t[0] !== '{' && BASE64.test(t)) {
    const decoded = Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8').trim();
    if (decoded[0] !== '{') return undefined;
    t = decoded;
  }
  if (t[0] !== '{' || t[t.length - 1] !== '}') return undefined;
  try {
    const v = JSON.parse(t) as unknown;
    return v !== null && typeof v === 'object' && !Array.isArray(v)
      ? (v as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** `args` with each encoded object field (to `depth` levels) replaced by its object; `args` itself when none. */
export function unwrapped(args: unknown, depth = 2): unknown {
  if (depth === 0 || args === null || typeof args !== 'object' || Array.isArray(args)) return args;
  let out: Record<string, unknown> | undefined;
  const entries = Object.entries(args as Record<string, unknown>);
  for (let i = 0; i < entries.length && i < MAX_FIELDS; i++) {
    const [k, v] = entries[i]!;
    const inner = typeof v === 'string' ? encodedObject(k, v) : v;
    const next = inner !== undefined ? unwrapped(inner, depth - 1) : v;
    if (next !== v) (out ??= { ...(args as Record<string, unknown>) })[k] = next;
  }
  return out ?? args;
}
