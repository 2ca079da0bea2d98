/**
 * Names that mark a resource as disposable (a test's, a scratch one, a pull request's preview) or as
 * production, shared by the tool-call and CLI rules: one resource named as disposable, with nothing
 * named as production, may be torn down (R10 fpa class B).
 */

/**
 * A name the owner gave to something disposable (`test_products`, `tmp-bucket`, `dev-index`, `ci_db`,
 * a pull request's preview `acme-pr-1432`, `staging-experiment-7`).
 */
const SCRATCH =
  /(?:^|[-_./:=\s])(?:tmp|temp|test|tests|testing|dev|scratch|sandbox|e2e|ci|demo|playground|preview|throwaway|fixture|fixtures|local|feature|feat|ephemeral|experiment|experiments|(?:pr|mr)-?\d+)(?:$|[-_./:=\s\d])/i;
export const PRODUCTION = /(?:^|[-_./:=\s])(?:prod|production|live|main|master|primary)(?:$|[-_./:=\s\d])/i;

/** Targets named as disposable (`test-logs-2026.11.27`, `tmp_bucket`) with none named as production. */
export function scratchOnly(names: readonly string[]): boolean {
  return names.some((n) => SCRATCH.test(n)) && !names.some((n) => PRODUCTION.test(n));
}

/**
 * Narrower: a name for something that lives for one test, run or pull request (`pr-1432-preview`,
 * `orders-test`, `churn-experiment-3`); a `dev` or `demo` environment's resource is shared, not this.
 */
const EPHEMERAL =
  /(?:^|[-_./:=\s])(?:tmp|temp|test|tests|testing|scratch|sandbox|e2e|ci|preview|throwaway|fixture|fixtures|ephemeral|experiment|experiments|(?:pr|mr)-?\d+)(?:$|[-_./:=\s\d])/i;

/** Targets named as living for one test, run or pull request, with none named as production. */
export function ephemeralOnly(names: readonly string[]): boolean {
  return names.some((n) => EPHEMERAL.test(n)) && !names.some((n) => PRODUCTION.test(n));
}
