/**
 * Database names that mark a namespace as throwaway (rebuilt from code for development, tests or
 * CI): closing one to its clients before a reset cuts off only its tests (R10 DBA twin).
 */

/** Namespaces named for development, tests or CI: rebuilt from code, so replacing one loses nothing. */
const THROWAWAY = /(?:^|_)(?:dev|test|tests|tmp|temp|scratch|ci|sandbox|pr\d+)(?:_|\d|$)/;
const PRODUCTION = /(?:^|_)(?:prod|production|live|main|master|primary)(?:_|\d|$)/;

/** A name as written (`"App_Test"`, `[db].[x]`, camelCase `SalesDev`), bare and in snake case. */
const bareName = (name: string): string =>
  name
    .replace(/[`"[\]]/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split('.')
    .pop()!;

/** A development, test or CI database named so, and not production. */
export function throwawayName(name: string): boolean {
  const n = bareName(name);
  return THROWAWAY.test(n) && !PRODUCTION.test(n);
}

/**
 * Narrower: a namespace named for tests, CI or scratch work (`myapp_test`, `Sales_Restore_Test`,
 * `ci_db`, `e2e_shop`), and nothing in the name, project part included, says production. Its
 * contents are rebuilt from code or a restore; a `dev` database holds a team's working state and is
 * left out (R12 twins: a test database dropped on its own, without being created again).
 */
const TEST_ONLY = /(?:^|_)(?:test|tests|testing|ci|e2e|tmp|temp|scratch|sandbox)(?:_|\d|$)/;
export function testNamespace(name: string): boolean {
  const parts = name
    .replace(/[`"[\]]/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split('.');
  return (
    TEST_ONLY.test(parts[parts.length - 1]!) && !parts.some((p) => PRODUCTION.test(p.replace(/-/g, '_')))
  );
}
