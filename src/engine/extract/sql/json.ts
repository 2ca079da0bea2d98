/** Narrowing helpers for walking parser output (plain JSON) without `any`. */

export type J = Readonly<Record<string, unknown>>;

export const obj = (v: unknown): J | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as J) : undefined;
export const arr = (v: unknown): readonly unknown[] => (Array.isArray(v) ? (v as unknown[]) : []);
export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
export const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

/** `{ TypeName: {...} }` wrapper of the PostgreSQL JSON AST: the type and its body. */
export function pgNode(v: unknown): [string, J] | undefined {
  const o = obj(v);
  if (!o) return undefined;
  for (const k in o) {
    const body = obj(o[k]);
    if (body && k.charCodeAt(0) >= 65 && k.charCodeAt(0) <= 90) return [k, body];
    return undefined;
  }
  return undefined;
}
