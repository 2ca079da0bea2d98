/**
 * How the sidecar's process is tuned, in one place: the node flags and environment it is started
 * with. The code never changes V8 flags at run time; these take effect because every start path
 * passes them: the image's ENTRYPOINT and ENV (Dockerfile; the Helm chart, deploy/ and injected
 * sidecars all run it) and `npm start`. test/cli/serve-memory.test.ts checks both carry these values.
 * Why each one, and what it costs, is measured in docs/performance.md ("Process tuning").
 */

/**
 * Node flags (none of them is accepted in NODE_OPTIONS, so they go on the command line):
 * - `--max-semi-space-size=4`: new space at 2 x 4 MB instead of 2 x 16 MB, a lower peak RSS under load;
 * - `--heap-growing-percent=30`: old space grows 30% past its live size between full collections
 *   instead of up to 4x, so promoted request garbage is collected early;
 * - `--no-allocation-site-pretenuring`: V8 would otherwise start allocating per-request objects
 *   straight into old space under a steady proxy load, promoting every request's garbage.
 */
export const SERVE_NODE_FLAGS: readonly string[] = [
  '--max-semi-space-size=4',
  '--heap-growing-percent=30',
  '--no-allocation-site-pretenuring',
];

/** Environment: a fixed glibc trim threshold, so freed malloc memory goes back to the system. */
export const SERVE_ENV: Readonly<Record<string, string>> = { MALLOC_TRIM_THRESHOLD_: '131072' };
