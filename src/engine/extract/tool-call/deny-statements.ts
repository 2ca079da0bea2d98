/**
 * Policy statements whose effect is Deny only take access away (`Principal: "*"` with a
 * SecureTransport condition is how a bucket refuses plain HTTP to everyone, R15 twin): the
 * arguments are read without them, so no reader takes their `*` for an audience.
 */

/** The arguments with every `{Effect: "Deny", ...}` object removed (the same object when there is none). */
export function withoutDenyStatements(args: unknown): unknown {
  let budget = 512;
  const has = (x: unknown, depth: number): boolean => {
    if (x === null || typeof x !== 'object' || depth > 8 || --budget < 0) return false;
    if (Array.isArray(x)) return x.some((y) => has(y, depth + 1));
    for (const [k, v] of Object.entries(x as Record<string, unknown>)) {
      if (/^effect$/i.test(k) && typeof v === 'string' && /^\s*deny\s*$/i.test(v)) return true;
      if (has(v, depth + 1)) return true;
    }
    return false;
  };
  if (!has(args, 0)) return args;
  const strip = (x: unknown, depth: number): unknown => {
    if (x === null || typeof x !== 'object' || depth > 8) return x;
    if (Array.isArray(x)) return x.filter((y) => !denies(y)).map((y) => strip(y, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(x as Record<string, unknown>)) out[k] = strip(v, depth + 1);
    return out;
  };
  return strip(args, 0);
}

function denies(x: unknown): boolean {
  if (x === null || typeof x !== 'object' || Array.isArray(x)) return false;
  return Object.entries(x as Record<string, unknown>).some(
    ([k, v]) => /^effect$/i.test(k) && typeof v === 'string' && /^\s*deny\s*$/i.test(v),
  );
}
