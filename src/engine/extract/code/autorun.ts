/**
 * Files that something else runs later, written by python or node code (issue 22 r5): CI
 * workflows (a push runs their steps with the repository's secrets), pytest's conftest.py, git and
 * husky hooks, Makefiles, package.json scripts, agent instruction files. A file tool's write of
 * these is already analysed in the runtime that runs it (tool-call/written.ts); the same reading
 * applies when code writes them, so `Path('.github/workflows/x.yml').write_text(...)` is judged as
 * the steps it adds.
 */
import type { Span } from '../../types.js';
import { writtenCode } from '../tool-call/written.js';
import type { Collector } from './collector.js';

/** `text` written (or appended) to `path`: the code it makes run later is analysed now. */
export function runsLater(col: Collector, span: Span, path: string, text: string): void {
  // .pth start-up lines are read by the caller already (code/calls.ts wroteText).
  if (/\.pth$/.test(path)) return;
  const written = writtenCode(path, text);
  if (written === undefined) return;
  const before = col.facts.length;
  col.nested(written.code, written.runtime, span, 'a file run later');
  const ignore = written.ignore;
  if (ignore === undefined) return;
  // Facts that do not apply where the file runs (a test's SQL hits the test database).
  const kept = col.facts.slice(before).filter((f) => !ignore.includes(f.kind));
  col.facts.length = before;
  col.facts.push(...kept);
}
