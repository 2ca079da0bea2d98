/**
 * Search tools (`grep`, `Glob`, `search_files`, `find_files`, `codebase_search`, `file_search`)
 * rewritten as the `grep -r` and `find` lines they stand for, so SEC-AST-002 judges a hunt for
 * keys and tokens over home or / exactly as it judges the shell's (red team r3, issue #22). A search
 * without a directory runs in the workspace and gives no line.
 */
import { bash, list, quote, type CliEquivalent } from './cli.js';

/** Name words of a tool that searches files by name or content (web and memory searches have no directory). */
export const SEARCH_WORDS = ['grep', 'rg', 'ripgrep', 'search', 'find', 'glob', 'locate', 'fd', 'lookup'];
/** Fields naming where to search: `path`, `root_dir`, `target_directories`, `search_path`, `cwd`. */
const WHERE =
  /^(?:.*_)?(?:path|paths|root|roots|dir|dirs|directory|directories|folder|folders|location|cwd|base)$/;
/** Fields naming what to search for (a content pattern or a file-name glob; both are tried). */
const WHAT =
  /^(?:pattern|patterns|query|regex|regexp|search|search_term|term|terms|text|q|keyword|keywords|name|names|glob|globs|file_pattern|filename|file_name|include|iname|glob_pattern|name_pattern|search_pattern)$/;

/** A root that can reach past the workspace: absolute, home, a variable, a drive, or `..`. */
const OUTSIDE = /^[/~$\\]|^[A-Za-z]:|(?:^|[/\\])\.\.(?:[/\\]|$)/;

/** Single-quoted: a pattern is matched by the search, never expanded by a shell. */
const literal = (p: string): string => `'${p.replace(/'/g, "'\\''")}'`;

export function searchLines(f: Map<string, unknown>): CliEquivalent[] {
  const roots: string[] = [];
  const what: string[] = [];
  for (const k of f.keys()) {
    if (WHAT.test(k)) what.push(...list(f, k));
    else if (WHERE.test(k)) roots.push(...list(f, k));
  }
  // A relative root below the working directory is the workspace: nothing for SEC-AST-002 to judge.
  if (what.length === 0 || !roots.some((r) => OUTSIDE.test(r))) return [];
  const dirs = roots.slice(0, 8).map(quote).join(' ');
  const out: CliEquivalent[] = [];
  for (const p of what.slice(0, 8)) {
    // `**/.aws/credentials` matches by path; `*.pem` and `id_rsa` by name.
    out.push(bash(['find', dirs, p.includes('/') ? '-path' : '-name', literal(p)]));
    out.push(bash(['grep -r --', literal(p), dirs]));
  }
  return out;
}
