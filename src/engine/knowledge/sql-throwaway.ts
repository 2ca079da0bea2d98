/**
 * Database names that mark a namespace as throwaway (rebuilt from code for development, tests or
 * CI): closing one to its clients before a reset cuts off only its tests (R10 DBA twin).
 */

/** Namespaces named for development, tests or CI: rebuilt from code, so replacing one loses nothing. */
const THROWAWAY = /(?:^|_)(?:dev|test|tests|tmp|temp|scratch|ci|sandbox|pr\d+)(?:_|\d|$)/;
const PRODUCTION = /(?:^|_)(?:prod|production|live|main|master|primary)(?:_|\d|$)/;

/** A name as written (`"App_Test"`, `[db].[x]`), bare and lowercased. */
const bareName = (name: string): string =>
  name
    .replace(/[`"[\]]/g, '')
    .toLowerCase()
    .split('.')
    .pop()!;

/** A development, test or CI database named so, and not production. */
export function throwawayName(name: string): boolean {
  const n = bareName(name);
  return THROWAWAY.test(n) && !PRODUCTION.test(n);
}
