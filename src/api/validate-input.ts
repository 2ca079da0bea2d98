/**
 * Turns a zod failure into the API's problem codes: a missing required field is 400, a present
 * field with a wrong type or value is 422, an unknown `runtime` or `action` is 422 listing the
 * allowed values. Messages name fields and types, never the values sent.
 */
import type { z } from 'zod';
import { AgentGuardError } from '../errors.js';

export function parseInput<T>(schema: z.ZodType<T>, body: unknown): T {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AgentGuardError('AG_ERR_INPUT_INVALID', { problems: 'the body must be a JSON object' });
  }
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw inputError(result.error.issues, body as Record<string, unknown>);
}

export function inputError(
  issues: readonly z.core.$ZodIssue[],
  body: Readonly<Record<string, unknown>>,
): AgentGuardError {
  const missing = issues.filter(
    (i) => i.code === 'invalid_type' && i.path.length === 1 && body[String(i.path[0])] === undefined,
  );
  if (missing.length > 0) {
    const fields = missing.map((i) => `"${String(i.path[0])}"`).join(', ');
    return new AgentGuardError('AG_ERR_API_MISSING_FIELD', { problems: `missing required field ${fields}` });
  }
  const runtime = issues.find(
    (i) => i.code === 'invalid_value' && i.path.length === 1 && i.path[0] === 'runtime',
  );
  if (runtime && runtime.code === 'invalid_value') {
    return new AgentGuardError('AG_ERR_INPUT_RUNTIME_UNKNOWN', {
      runtime: describeValue(body.runtime),
      allowed: runtime.values.map(String).join(', '),
    });
  }
  const problems = issues
    .map((i) => {
      const where = i.path.length > 0 ? i.path.map(String).join('.') : '(body)';
      const allowed =
        i.code === 'invalid_value' ? `; allowed values: ${i.values.map(String).join(', ')}` : '';
      return `${where}: ${i.message}${allowed}`;
    })
    .join('; ');
  return new AgentGuardError('AG_ERR_INPUT_INVALID', { problems });
}

/** An enum value is safe to quote only when it is short and plain; otherwise name its type. */
function describeValue(value: unknown): string {
  if (typeof value === 'string' && /^[A-Za-z0-9_.-]{1,32}$/.test(value)) return value;
  return typeof value === 'string' ? '(string)' : `(${value === null ? 'null' : typeof value})`;
}
