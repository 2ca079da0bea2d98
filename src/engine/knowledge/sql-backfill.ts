/**
 * UPDATEs of every row that lose nothing (r7 FPs): a column added earlier in the same batch filled
 * from the others (`ADD COLUMN status_v2 text; UPDATE orders SET status_v2 = status`), a value
 * normalised in place (`SET email = lower(email)`), a full-text column rebuilt from the row
 * (`SET search_vector = to_tsvector(...)`). A constant, or one column's value computed from
 * another's, overwrites what was there and stays an unbounded write.
 */
import { topLevelItems, withoutComments } from './sql-text.js';

/** Normalisations of a value in place: the column keeps its content, in one spelling. */
const NORMALISE = /^(?:lower|upper|trim|btrim|ltrim|rtrim|initcap|normalize|unaccent)$/i;
/** Full-text index columns: rebuilt from the row's own text whenever it changes. */
const TEXT_INDEX = /^(?:setweight\s*\(\s*)?to_tsvector\s*\(/i;
const ADD_COLUMN = /\badd\s+(?:column\s+)?(?:if\s+not\s+exists\s+)?["`]?(\w+)["`]?/gi;
const UPDATE_SET = /^\s*update\s+(?:only\s+)?[\w$."`[\]]+(?:\s+(?:as\s+)?\w+)?\s+set\s+([\s\S]+?)\s*;?\s*$/i;

const items = topLevelItems;

/** Columns the batch's earlier ALTER TABLE statements add. */
export function addedColumns(texts: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const t of texts)
    if (/^\s*alter\s+table\b/i.test(t)) for (const m of t.matchAll(ADD_COLUMN)) out.add(m[1]!.toLowerCase());
  return out;
}

/** Whether an UPDATE without WHERE only fills new columns, normalises values or rebuilds text indexes. */
export function losslessBackfill(raw: string, added: ReadonlySet<string>): boolean {
  const m = UPDATE_SET.exec(withoutComments(raw));
  if (!m || /\b(?:from|where|returning)\b/i.test(m[1]!)) return false;
  return items(m[1]!).every((item) => {
    const eq = /^["`]?(\w+)["`]?\s*=\s*([\s\S]+)$/.exec(item);
    if (!eq) return false;
    const col = eq[1]!.toLowerCase();
    const value = eq[2]!.trim();
    if (added.has(col)) return true;
    if (TEXT_INDEX.test(value)) return true;
    const call = /^(\w+)\s*\(\s*["`]?(\w+)["`]?\s*\)$/.exec(value);
    return call !== null && NORMALISE.test(call[1]!) && call[2]!.toLowerCase() === col;
  });
}
