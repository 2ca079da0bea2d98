/**
 * `grep '^registry=' ~/.npmrc` and `cat ~/.npmrc | grep -E '^registry='`: a read whose lines only
 * feed a filter anchored at a non-secret setting's key (knowledge/setting-lines.ts). The read is
 * marked `use: 'setting'`, so SEC-AST-001 lets a key=value store's setting be looked up (R22 FP);
 * an inverted, context-printing or pattern-file grep keeps other lines and is left as it is.
 */
import type { FileOpFact } from '../../facts.js';
import { settingLinePattern } from '../../knowledge/setting-lines.js';
import type { ProgramHandler } from './types.js';

/** Options that keep lines other than the matching ones, or take patterns from elsewhere. */
const WIDENS =
  /^-(?:[a-zA-Z]*[vABCfrRz]|-(?:invert-match|context|after-context|before-context|file|recursive|null-data)\b)/;

/** The patterns of a grep command line (`-e P`, `--regexp=P`, else the first operand), or null. */
function patterns(args: readonly string[]): { pats: string[]; files: string[] } | null {
  const pats: string[] = [];
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-e' || a === '--regexp') pats.push(args[++i] ?? '');
    else if (a.startsWith('--regexp=')) pats.push(a.slice(9));
    else if (/^-[a-zA-Z]*e./.test(a)) return null;
    else if (WIDENS.test(a)) return null;
    else if (a.startsWith('-') && a !== '-') continue;
    else rest.push(a);
  }
  if (pats.length === 0 && rest.length > 0) pats.push(rest.shift()!);
  return pats.length > 0 ? { pats, files: rest } : null;
}

/** Wraps grep's handler: reads that only feed a setting-key filter are marked as setting look-ups. */
export function settingGrep(handler: ProgramHandler): ProgramHandler {
  return (inv, kit) => {
    const from = kit.sink.facts.length;
    const out = handler(inv, kit);
    const p = inv.dynamic ? null : patterns(inv.argv.slice(1).map((w) => w.text));
    if (p === null || !p.pats.every(settingLinePattern)) return out;
    const facts = kit.sink.facts;
    const mark = (i: number): void => {
      facts[i] = { ...(facts[i] as FileOpFact), use: 'setting' } satisfies FileOpFact;
    };
    // Files grep reads itself.
    for (let i = from; i < facts.length; i++) {
      const f = facts[i]!;
      if (f.kind === 'file' && f.op === 'read' && f.use === undefined) mark(i);
    }
    // A store piped in whole (`cat ~/.npmrc | grep ...`): the latest read of each.
    if (p.files.length === 0)
      for (const s of inv.stdin.sources) {
        if (s.kind !== 'file') continue;
        for (let i = from - 1; i >= 0; i--) {
          const f = facts[i]!;
          if (f.kind !== 'file' || f.op !== 'read' || f.path !== s.path) continue;
          if (f.use === undefined) mark(i);
          break;
        }
      }
    return out;
  };
}
