/**
 * A folded python/node value written as JSON text (json.dumps, JSON.stringify, SDK arguments given
 * as `--option JSON` to the equivalent CLI line), so policies and rule sets built as dicts or
 * objects read the same as the JSON a command line would carry (issue 22 r3).
 */
import { constText, deepLits, deepSources, type Val } from './value.js';

/** Most nodes one value is written with; past it the value stays unknown. */
const MAX_NODES = 512;

/** The value as JSON text, or null when some part of it is unknown. */
export function jsonText(v: Val, hole?: string): string | null {
  let nodes = 0;
  const write = (x: Val, depth: number): string | null => {
    if (++nodes > MAX_NODES || depth > 16) return null;
    if (x.fields !== undefined && x.ref === undefined) {
      const out: string[] = [];
      for (const [k, item] of x.fields) {
        const t = write(item, depth + 1);
        if (t === null) return null;
        out.push(`${JSON.stringify(k)}: ${t}`);
      }
      return `{${out.join(', ')}}`;
    }
    if (x.items !== undefined && x.ref === undefined) {
      const out: string[] = [];
      for (const item of x.items) {
        const t = write(item, depth + 1);
        if (t === null) return null;
        out.push(t);
      }
      return `[${out.join(', ')}]`;
    }
    if (x.num !== undefined) return String(x.num);
    if (x.bool !== undefined) return String(x.bool);
    const text = constText(x);
    return text === null ? (hole === undefined ? null : JSON.stringify(hole)) : JSON.stringify(text);
  };
  return write(v, 0);
}

/** json.dumps(v) / JSON.stringify(v) of a known value: its JSON text, with v's taint and literals. */
export function jsonDump(v: Val | undefined): Val | undefined {
  if (v === undefined || (v.fields === undefined && v.items === undefined)) return undefined;
  const text = jsonText(v);
  if (text === null) return undefined;
  return { parts: [text], dynamic: false, sources: deepSources(v), lits: deepLits(v) };
}
