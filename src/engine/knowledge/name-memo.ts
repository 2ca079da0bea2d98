/**
 * Memoised judgements of names: a pure function of one short string (a column or table name)
 * remembered in a bounded map. The per-statement checks ask the same few names thousands of times
 * in a seed file or migration (issue 22: `users`, `email` once per INSERT), and each answer costs
 * several regex runs. The map is emptied when full, so memory stays bounded and the answer is
 * always the function's own.
 */
const LIMIT = 4096;

export function memoName<T>(fn: (name: string) => T): (name: string) => T {
  const seen = new Map<string, T>();
  return (name) => {
    const hit = seen.get(name);
    if (hit !== undefined || seen.has(name)) return hit as T;
    if (seen.size >= LIMIT) seen.clear();
    const value = fn(name);
    seen.set(name, value);
    return value;
  };
}

/**
 * A judgement of a whole batch (the statements of one input) remembered per batch: rules that ask
 * it once per statement would otherwise walk every statement again for each (quadratic in a seed
 * file or a crafted input of thousands of statements).
 */
export function memoBatch<B extends object, T>(fn: (batch: B) => T): (batch: B) => T {
  const seen = new WeakMap<B, { value: T }>();
  return (batch) => {
    const hit = seen.get(batch);
    if (hit !== undefined) return hit.value;
    const value = fn(batch);
    seen.set(batch, { value });
    return value;
  };
}
