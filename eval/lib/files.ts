/**
 * Sorted file listings for the corpus evals (code-corpus, budget-ordinary): deterministic order,
 * links followed once (a `node_modules/node_modules -> .` loop once skewed the code-corpus sample),
 * and caches and bundled copies of this tree skipped: they are not "ordinary code" samples.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Directory names that hold compiled caches, git data or installed copies, never walked. */
const SKIP_DIRS = new Set(['__pycache__', '.git', 'site-packages']);

/** Every file under `root` for which `keep(name, bytes)` holds, in sorted path order. */
export function sortedFiles(
  root: string,
  keep: (name: string, bytes: number) => boolean,
  into: string[] = [],
  seen = new Set<string>(),
): string[] {
  if (!existsSync(root)) return into;
  for (const name of readdirSync(root).sort()) {
    const path = join(root, name);
    let st;
    try {
      st = statSync(path);
    } catch {
      continue;
    }
    if (st.isDirectory()) {
      const key = `${st.dev}:${st.ino}`;
      if (SKIP_DIRS.has(name) || seen.has(key)) continue;
      seen.add(key);
      sortedFiles(path, keep, into, seen);
    } else if (st.isFile() && keep(name, st.size)) into.push(path);
  }
  return into;
}
