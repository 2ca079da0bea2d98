/**
 * Bash parameter-expansion operators on a known value: `${s:1:2}`, `${s%x}`, `${s##*.}`,
 * `${s/a/b}`, `${s,,}`, `${s^^}`. A result that cannot be computed is `null` (the caller keeps the
 * word unresolved), so an obfuscated program name like `${x:17:1}${x:12:1}` resolves to `rm`.
 */

export type ParamOp =
  | { readonly kind: 'substring'; readonly offset: string; readonly length: string | undefined }
  | { readonly kind: 'strip'; readonly op: '#' | '##' | '%' | '%%'; readonly pattern: string }
  | {
      readonly kind: 'replace';
      readonly op: '/' | '//' | '/#' | '/%';
      readonly pattern: string;
      readonly by: string;
    }
  | { readonly kind: 'case'; readonly op: ',' | ',,' | '^' | '^^' };

/** Converts a glob (`*`, `?`, no brackets) to an anchored regex source; null when it has `[` or escapes. */
function globSource(pattern: string): string | null {
  if (/[[\\]/.test(pattern)) return null;
  let out = '';
  for (const ch of pattern) {
    if (ch === '*') out += '[\\s\\S]*';
    else if (ch === '?') out += '[\\s\\S]';
    else out += ch.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return out;
}

function matches(glob: string, text: string): boolean {
  return new RegExp(`^(?:${glob})$`).test(text);
}

function strip(value: string, op: '#' | '##' | '%' | '%%', pattern: string): string | null {
  const glob = globSource(pattern);
  if (glob === null) return null;
  const n = value.length;
  if (op === '#' || op === '##') {
    const order = op === '#' ? [...Array(n + 1).keys()] : [...Array(n + 1).keys()].reverse();
    for (const i of order) if (matches(glob, value.slice(0, i))) return value.slice(i);
    return value;
  }
  const order = op === '%' ? [...Array(n + 1).keys()].reverse() : [...Array(n + 1).keys()];
  for (const i of order) if (matches(glob, value.slice(i))) return value.slice(0, i);
  return value;
}

function replace(value: string, op: '/' | '//' | '/#' | '/%', pattern: string, by: string): string | null {
  const glob = globSource(pattern);
  if (glob === null || pattern === '') return pattern === '' ? value : null;
  // Bash takes the longest match at the leftmost position.
  const find = (from: number): [number, number] | null => {
    for (let i = from; i <= value.length; i++) {
      if (op === '/#' && i > 0) return null;
      for (let j = value.length; j >= i; j--) {
        if (op === '/%' && j !== value.length) break;
        if (j > i && matches(glob, value.slice(i, j))) return [i, j];
      }
    }
    return null;
  };
  let out = '';
  let pos = 0;
  for (;;) {
    const hit = find(pos);
    if (hit === null) break;
    out += value.slice(pos, hit[0]) + by;
    pos = hit[1];
    if (op !== '//') break;
  }
  return out + value.slice(pos);
}

function integer(text: string): number | null {
  const t = text.trim();
  return /^-?[0-9]{1,9}$/.test(t) ? Number(t) : null;
}

function substring(value: string, offsetText: string, lengthText: string | undefined): string | null {
  const offset = integer(offsetText);
  if (offset === null) return null;
  const start = offset < 0 ? Math.max(0, value.length + offset) : Math.min(offset, value.length);
  if (lengthText === undefined) return value.slice(start);
  const length = integer(lengthText);
  if (length === null) return null;
  const end = length < 0 ? value.length + length : start + length;
  return end < start ? null : value.slice(start, end);
}

/** Applies one operator; null when the result cannot be known statically. */
export function applyParamOp(value: string, op: ParamOp): string | null {
  switch (op.kind) {
    case 'substring':
      return substring(value, op.offset, op.length);
    case 'strip':
      return strip(value, op.op, op.pattern);
    case 'replace':
      return replace(value, op.op, op.pattern, op.by);
    case 'case':
      if (op.op === ',,') return value.toLowerCase();
      if (op.op === '^^') return value.toUpperCase();
      if (value === '') return value;
      return (op.op === ',' ? value[0]!.toLowerCase() : value[0]!.toUpperCase()) + value.slice(1);
  }
}
