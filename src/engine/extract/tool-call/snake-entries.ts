/** Every (snake_case key, value) pair of a tool call's arguments, depth-first and bounded. */

export interface EntryLimits {
  /** Deepest level read (0 is the top object). */
  readonly depth: number;
  /** Most pairs returned. */
  readonly pairs: number;
  /** Most items read of each array. */
  readonly items: number;
}

/** Keys snakeKey returns unchanged: lowercase words joined by single underscores. */
const SNAKE = /^_?[a-z0-9]+(?:_[a-z0-9]+)*_?$/;

/** `maxBytes`, `max-bytes` and `MAX_BYTES` all read as `max_bytes`. */
export function snakeKey(k: string): string {
  // Most keys already are snake case (`file_path`): returned as they are, no regex replacing.
  if (SNAKE.test(k)) return k;
  return k
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_');
}

/** The pairs under `v` within `limits` (arrays are walked through; their items' keys count). */
export function snakeEntries(v: unknown, limits: EntryLimits): [string, unknown][] {
  const out: [string, unknown][] = [];
  const walk = (x: unknown, depth: number): void => {
    if (depth > limits.depth || out.length > limits.pairs || x === null || typeof x !== 'object') return;
    if (Array.isArray(x)) {
      for (const item of x.slice(0, limits.items)) walk(item, depth + 1);
      return;
    }
    for (const [k, y] of Object.entries(x as Record<string, unknown>).slice(0, 128)) {
      out.push([snakeKey(k), y]);
      walk(y, depth + 1);
    }
  };
  walk(v, 0);
  return out;
}
