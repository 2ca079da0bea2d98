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
  /(?:^|[-_./:=\s])(?:tmp|temp|test|tests|testing|dev|scratch|sandbox|sbx|e2e|ci|demo|playground|preview|throwaway|fixture|fixtures|local|feature|feat|ephemeral|experiment|experiments|(?:pr|mr)-?\d+)(?:$|[-_./:=\s\d])/i;
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
  /(?:^|[-_./:=\s])(?:tmp|temp|test|tests|testing|scratch|sandbox|sbx|e2e|ci|preview|throwaway|fixture|fixtures|ephemeral|experiment|experiments|(?:pr|mr)-?\d+)(?:$|[-_./:=\s\d])/i;

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

/** Words that mark a resource as disposable wherever they stand in its name. */
const STRONG_SCRATCH =
  /(?:^|[-_./:=\s])(?:tmp|temp|scratch|sandbox|sbx|e2e|throwaway|ephemeral|fixture|fixtures|preview|(?:pr|mr|run|build|job|review(?:-?app)?)-?\d+)(?:$|[-_./:=\s\d])/i;
/**
 * Words that call a resource a non-production copy (`acme-test-uploads`, `orders-qa`), and a kind of
 * test glued to its word (`logs-loadtest-20261120`, `orders-perftest`: R13 twin-whole).
 */
const COPY_WORD =
  /^(?:test|tests|testing|qa|uat|staging|stage|stg|(?:load|perf|performance|smoke|stress|soak|spike|chaos|bench|unit|integ|integration|regression|acceptance|canary)tests?)$/i;
/** Words that often qualify a domain rather than a copy (`local news`, `ci build history`, `dev portal`). */
const DOMAIN_ADJECTIVE = /^(?:dev|ci|demo|local|feature|feat|experiment|experiments|playground)$/i;
/** A run's number or date stamp (`-1432`, `20261126`, `2026.11.20`). */
const RUN_STAMP = /\d{3,}/;

/**
 * Stricter than scratchOnly for a whole resource destroyed (R12 scratch-name). A strong word (tmp,
 * scratch, sandbox, e2e, preview, pr-123, run-8812) excuses wherever it stands. A copy word (test,
 * qa, staging) excuses at either end of the name or before at most one more word (`test-thumbnail-
 * resizer`, `acme-test-uploads`), not when it opens a longer phrase in the middle
 * (`acme-test-automation-platform` is a platform for test automation, live data). A word that usually
 * qualifies a domain (dev, ci, demo, local, feature, experiment) excuses only beside a run's number
 * or date, or as the one qualifier of a one-noun name (`dev-index`): `local-news-articles`,
 * `ci_build_history`, `dev-portal-accounts` are the live data of local news, CI, a dev portal.
 */
export function disposableOnly(names: readonly string[]): boolean {
  if (names.length === 0 || names.some((n) => PRODUCTION.test(n))) return false;
  // A path's last part is the resource's own name (`acme/dev-jane` a Pulumi stack of org acme, a
  // queue URL's `/loadtest-20261120`); the parts before it name where it lives (a URL's host and
  // account number say nothing of the resource, so a URL is judged by its last part alone).
  return names.some((n) => {
    const leaf = n.replace(/\/+$/, '').replace(/^.*\//, '');
    if (/^[a-z][\w+.-]*:\/\//i.test(n)) return disposableName(leaf);
    return disposableName(n) || (leaf !== n && disposableName(leaf));
  });
}

/** One name judged as disposableOnly describes. */
function disposableName(n: string): boolean {
  if (STRONG_SCRATCH.test(n)) return true;
  const words = n.split(/[-_./:=\s]+/).filter((x) => x !== '');
  const last = words.length - 1;
  const copy = words.findIndex((x) => COPY_WORD.test(x));
  if (copy >= 0 && (copy === 0 || copy === last || last - copy <= 1 || RUN_STAMP.test(n))) return true;
  if (!words.some((x) => DOMAIN_ADJECTIVE.test(x))) return false;
  return (
    RUN_STAMP.test(n) ||
    (words.length <= 2 && (DOMAIN_ADJECTIVE.test(words[0]!) || DOMAIN_ADJECTIVE.test(words[last]!)))
  );
}

/**
 * Stricter again for a database, or the database a dropped table lives in: a strong word anywhere
 * (`feature_xyz_preview`), one run's name (`orders_ci_4812`), or a copy or environment word as the
 * name's last word (`app_dev`, `shop_test`: R13 twin-whole). A qualifier that opens the name names
 * the data's domain (`demo_signups`, `experiment_results` are live data: tcdestroy r13).
 */
export function disposableDatabase(name: string): boolean {
  if (PRODUCTION.test(name)) return false;
  if (STRONG_SCRATCH.test(name) || oneRunName(name.toLowerCase())) return true;
  const words = name.split(/[-_./:=\s]+/).filter((x) => x !== '');
  const last = words[words.length - 1] ?? '';
  return COPY_WORD.test(last) || DOMAIN_ADJECTIVE.test(last);
}

/** A tool's name words (compounds joined) that call its target disposable: `delete_preview_environment`, `drop_test_table`. */
export const disposableWords = (words: readonly string[]): boolean =>
  !PRODUCTION.test(words.join('_')) &&
  (STRONG_SCRATCH.test(words.join('_')) || words.some((x) => COPY_WORD.test(x) || DOMAIN_ADJECTIVE.test(x)));

/** A framework's test database (Rails `app_test`, Django `test_app`), recreated by every test run. */
export const testDatabase = (name: string): boolean => /^(?:test_[a-z0-9]+|[a-z0-9]+_test)$/i.test(name);

/** A full date in a name (`2025.10.01`, `2025-10-01`, `20251001`, `2025_10`): one period of a series. */
const DATE_STAMP =
  /(?:^|[-_./:])(?:19|20)\d{2}([-_.]?)(?:0[1-9]|1[0-2])(?:\1(?:0[1-9]|[12]\d|3[01]))?(?:$|[-_./:])/;
/** Series whose old periods are evidence or the only copy: an audit or security trail, a backup. */
const KEPT_SERIES = /audit|security|siem|trail|forensic|compliance|backup|snapshot/i;

/**
 * One period of a dated series (`logs-2025.10.01`, `events_20251001`), named exactly: deleting it is
 * the rotation every log index and date-sharded table gets (R6 twin: one dated log index), not the loss
 * of the series. A glob, a second name, production named, or an audit or backup series stay whole.
 */
export function onePeriod(names: readonly string[]): boolean {
  if (names.length !== 1) return false;
  const name = names[0]!;
  return (
    !/[*?$`{}[\],\s]/.test(name) && DATE_STAMP.test(name) && !KEPT_SERIES.test(name) && !PRODUCTION.test(name)
  );
}
