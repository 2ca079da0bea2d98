/**
 * Code that keeps only a setting's own lines of a key=value store it read:
 * `readFileSync(rc, 'utf8').split('\n').find((l) => l.startsWith('registry='))` or
 * `.filter((l) => /^@[\w-]+:registry=/.test(l))` (knowledge/setting-lines.ts). The read is marked
 * `use: 'setting'`, so SEC-AST-001 lets the look-up be (R22 FP); what the code sends stays judged.
 */
import type { FileOpFact } from '../../facts.js';
import type { Span } from '../../types.js';
import { settingLinePattern, settingLinePrefix } from '../../knowledge/setting-lines.js';
import type { Collector } from './collector.js';
import { deepSources, type Val } from './value.js';

/** `(l) => l.startsWith('key=')`, optionally trimmed first. */
const STARTS_WITH =
  /^\(?\s*(\w+)\s*\)?\s*=>\s*\1\s*(?:\.\s*trim(?:Start)?\(\)\s*)?\.\s*startsWith\(\s*(['"`])([^'"`\\$]*)\2\s*\)$/;
/** `(l) => /^key=/.test(l)`. */
const REGEX_TEST = /^\(?\s*(\w+)\s*\)?\s*=>\s*\/((?:[^/\\\n]|\\.)+)\/[a-z]*\s*\.\s*test\(\s*\1\s*\)$/;

/** Whether a filter callback's source keeps only lines that start with a non-secret setting's key. */
export function settingCallback(src: string): boolean {
  const s = src.trim();
  const p = STARTS_WITH.exec(s);
  if (p) return settingLinePrefix(p[3]!);
  const r = REGEX_TEST.exec(s);
  return r !== null && settingLinePattern(r[2]!);
}

/**
 * Marks the latest unmarked read of each file `recv` carries as a setting look-up, when that read
 * is made inside the filtering call itself (`readFileSync(rc).split('\n').find(...)`): content
 * bound to a name first may be used whole elsewhere.
 */
export function markSettingReads(col: Collector, recv: Val, call: Span): void {
  for (const s of deepSources(recv)) {
    if (s.kind !== 'file') continue;
    for (let i = col.facts.length - 1; i >= 0; i--) {
      const f = col.facts[i]!;
      if (f.kind !== 'file' || f.op !== 'read' || f.path !== s.path) continue;
      if (f.use === undefined && call.start <= f.span.start && f.span.end <= call.end)
        col.facts[i] = { ...f, use: 'setting' } satisfies FileOpFact;
      break;
    }
  }
}
