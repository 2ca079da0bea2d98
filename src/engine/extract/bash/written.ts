/**
 * Files written earlier in the same input and what went into them: the data sources always, and
 * the exact text when it is known statically (`echo 'rm -rf ~' > x.sh`, `cat > p.py <<EOF`), so
 * running the file later (`bash x.sh`, `. ./x.sh`, `./x.sh`, `python3 p.py`, `make`) analyses
 * that text as the runtime that runs it (issue 21, class "static code written, then executed").
 */
import type { DataSource } from '../../facts.js';
import type { Runtime, Span } from '../../types.js';
import { NO_SOURCES, mergeSources, type Stream } from './model.js';

export interface WrittenFile {
  readonly sources: readonly DataSource[];
  /** The whole content when every write into the file was known statically; null otherwise. */
  readonly text: string | null;
  /** Where the last known text was written (the nested analysis of the content points there). */
  readonly span: Span | undefined;
}

export type WriteOp = 'write' | 'append' | 'create' | 'truncate' | 'copy' | 'move';

/** Most files one input's map keeps; later writes are still reported as facts, only not remembered. */
const MAX_FILES = 64;

/** Most characters of content kept per file (a larger static text is treated as unknown). */
const MAX_TEXT = 64 * 1024;

/**
 * The key a path is remembered under: `./x.sh`, `x.sh` and `.//x.sh` name the same file.
 * Absolute and home paths are kept as written (after collapsing `//` and `/./`).
 */
export function fileKey(path: string): string {
  let p = path;
  if (p.includes('//')) p = p.replace(/\/{2,}/g, '/');
  while (p.includes('/./')) p = p.replace('/./', '/');
  while (p.startsWith('./') && p.length > 2) p = p.slice(2);
  return p;
}

export class WrittenFiles {
  readonly #files = new Map<string, WrittenFile>();
  /** Directories (or files) a fetcher filled with content of unknown names: `git clone URL r`, `scp h:x .`. */
  #trees: Map<string, readonly DataSource[]> | null = null;

  /** Nothing was written so far (the common case: lookups stop here). */
  get empty(): boolean {
    return this.#files.size === 0;
  }

  /** Every path written so far (keys as fileKey gives them). */
  paths(): readonly string[] {
    return [...this.#files.keys()];
  }

  get(path: string): WrittenFile | undefined {
    if (this.#files.size === 0) return undefined;
    return this.#files.get(fileKey(path));
  }

  /** What a fetched tree holding `path` (the path itself or a directory above it) carries. */
  fetched(path: string): readonly DataSource[] | undefined {
    if (this.#trees === null) return undefined;
    let p = fileKey(path);
    for (;;) {
      const hit = this.#trees.get(p);
      if (hit !== undefined) return hit;
      const slash = p.lastIndexOf('/');
      if (slash > 0) p = p.slice(0, slash);
      else if (slash === -1 && p !== '.' && !p.startsWith('~')) p = '.';
      else return undefined;
    }
  }

  /** Records that a fetcher wrote network content at or under `path` (names not known). */
  recordTree(path: string, sources: readonly DataSource[]): void {
    const trees = (this.#trees ??= new Map<string, readonly DataSource[]>());
    const key = fileKey(path.replace(/\/+$/, '') || '/');
    if (trees.size < MAX_FILES) trees.set(key, mergeSources(trees.get(key) ?? NO_SOURCES, sources));
  }

  /** Records a write into `path` carrying `sources`, with `content` when the data is a known stream. */
  record(path: string, op: WriteOp, sources: readonly DataSource[], content: Stream | null): void {
    const key = fileKey(path);
    const prev = this.#files.get(key);
    if (prev === undefined && this.#files.size >= MAX_FILES) return;
    const merged = mergeSources(prev?.sources ?? NO_SOURCES, sources);
    const known =
      content === null || content.text === null || content.text.length > MAX_TEXT ? null : content.text;
    let text: string | null;
    let span = content?.textSpan ?? prev?.span;
    switch (op) {
      case 'write':
        text = known;
        break;
      case 'append':
        // Appending to a file this input never wrote: its earlier lines are not ours to know, but
        // what was appended still runs, so the appended text stands for the content.
        text =
          known === null ? null : prev === undefined ? known : prev.text === null ? null : prev.text + known;
        if (text !== null && text.length > MAX_TEXT) text = null;
        break;
      case 'truncate':
        text = '';
        span = prev?.span;
        break;
      case 'create':
        text = prev?.text ?? '';
        span = prev?.span;
        break;
      default:
        // copy/move: the text of the source when one known file (or standard input) was copied.
        text = known;
    }
    if (prev !== undefined && merged === prev.sources && text === prev.text && span === prev.span) return;
    this.#files.set(key, { sources: merged, text, span });
  }
}

/**
 * The runtime a script file is run with when it is executed directly (`./x`): its `#!` line first,
 * then its extension; a file with neither is run by the shell.
 */
export function scriptRuntime(path: string, text: string): Runtime | null {
  const shebang = /^#!\s*(\S+)(?:[ \t]+(\S+))?/.exec(text);
  if (shebang !== null) {
    const prog = shebang[1]!.endsWith('/env') ? (shebang[2] ?? '') : shebang[1]!;
    const name = prog.slice(prog.lastIndexOf('/') + 1);
    if (/^python[0-9.]*$/.test(name)) return 'python';
    if (name === 'node' || name === 'nodejs') return 'node';
    if (/^(ba|da|z|k|mk|a)?sh$/.test(name)) return 'bash';
    return null; // perl, ruby, ...: scanned as foreign code by the caller
  }
  if (/\.py[w]?$/.test(path)) return 'python';
  if (/\.[cm]?js$/.test(path)) return 'node';
  return 'bash';
}
