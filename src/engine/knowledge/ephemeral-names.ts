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

/**
 * A namespace named for one run (SQL schemas and databases): a test, CI, preview or scratch word and
 * the run's number, pull request or date (test_run_4812, dbt_ci_pr_512, pr_1187_preview,
 * app_test_20261127), nothing named production. A shared `test_schema` or `app_dev` names no run.
 */
const ONE_RUN =
  /(?:^|_)(?:test|tests|testing|tmp|temp|scratch|ci|e2e|preview|sandbox|pr|mr|run|build|job)_?\d{3,}(?:_|$)|(?:^|_)(?:pr|mr)_?\d+(?:_|$)/;
const RUN_WORD = /(?:^|_)(?:test|tests|testing|tmp|temp|scratch|ci|e2e|preview|sandbox|pr|mr)(?:_|\d|$)/;
const PROD_WORD = /(?:^|_)(?:prod|production|live|main|master|primary)(?:_|\d|$)/;
export const oneRunName = (name: string): boolean =>
  ONE_RUN.test(name) && RUN_WORD.test(name) && !PROD_WORD.test(name);

/**
 * Exactly one resource named, with no glob or variable in it, and named as living for one test, run
 * or pull request (`ci_tmp_run_4821`, `pr-1432-preview`), while nothing else on the line (`rest`: the
 * project, account or group) is named as production.
 */
export function oneDisposable(names: readonly string[], rest: readonly string[]): boolean {
  if (names.length !== 1) return false;
  const name = names[0]!;
  const bare = name.replace(/^.*[:.]/, '');
  return (
    !/[*?$`{}]/.test(name) &&
    (ephemeralOnly([bare]) || oneRunName(bare)) &&
    !PRODUCTION.test(name) &&
    !rest.some((r) => PRODUCTION.test(r))
  );
}
