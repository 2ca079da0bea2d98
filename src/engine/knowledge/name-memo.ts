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
