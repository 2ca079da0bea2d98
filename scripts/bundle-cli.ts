/**
 * Bundles the CLI (src/cli/main.ts, src/cli/shell-shim.ts) into dist/bundle/ with esbuild: one file
 * per entry plus shared chunks, so `agent-guard serve` loads a handful of files instead of ~300 ESM
 * modules (start-up: bench/startup.bench.ts). Commands stay separate chunks, loaded on first
 * use. Packages with native code, WASM or files read at run time stay external and load from
 * node_modules; pure-JS ones are bundled. tsc still builds dist/ for the library entry and types.
 * `npm run build` runs both; `--outdir DIR` writes elsewhere (it must sit inside this package, so
 * the external packages resolve from its node_modules).
 */
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** Kept out of the bundle: native addons, WASM loaders, and the lazily loaded large parsers. */
export const EXTERNAL = [
  'tree-sitter',
  'tree-sitter-bash',
  'tree-sitter-python',
  'tree-sitter-javascript',
  'libpg-query',
  'node-sql-parser',
  'dockerfile-ast',
  'js-tiktoken',
] as const;

/** CommonJS packages inside an ESM bundle still call require() for node builtins. */
export const BANNER =
  "import { createRequire as __agentGuardRequire } from 'node:module'; const require = __agentGuardRequire(import.meta.url);";

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export async function bundleCli(outdir: string): Promise<void> {
  // Chunk names carry content hashes: clear the folder so earlier builds' chunks do not pile up.
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: ROOT,
    // The analysis worker is its own entry: src/engine-worker/host.ts starts it from dist/bundle/.
    entryPoints: {
      main: 'src/cli/main.ts',
      'shell-shim': 'src/cli/shell-shim.ts',
      'analysis-worker': 'src/engine-worker/worker.ts',
    },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    external: [...EXTERNAL],
    banner: { js: BANNER },
    chunkNames: 'chunks/[name]-[hash]',
    tsconfig: 'tsconfig.build.json',
    // Whitespace and syntax minified, names kept (stack traces still name functions; the linked source
    // map has the original lines): V8 keeps every module's source text in the heap for as long as
    // the process runs, and parses less at start (peak RSS: bench/proxy.bench.ts).
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: 'linked',
    legalComments: 'linked',
    logLevel: 'warning',
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
  await bundleCli(values.outdir ?? `${ROOT}dist/bundle`);
}
