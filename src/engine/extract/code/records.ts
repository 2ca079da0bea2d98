/**
 * Values carried by members (issue 22, r3): what an attribute, field, option or key may hold in one
 * input. The walk records every value the input stores under a member name (`self.out = p`, a class
 * attribute, a constructor keyword, an argparse/commander option default, a config file's key) and
 * a read the walk cannot resolve otherwise (`args.out`, `Job().path`, `cfg['out']`) takes the
 * riskiest of them: over-approximating, a delete reaches home when any stored value is home.
 */
import { mergeLits, opaque, riskier, riskRank, strVal, UNKNOWN, withTaint, type Val } from './value.js';

/** Member names one input may record, and values per name (the table stays small and linear). */
const MAX_KEYS = 512;
const MAX_PER_KEY = 8;

export class MemberTable {
  readonly #map = new Map<string, Val[]>();

  /** `v` is stored under `key` somewhere in the input; only known text is worth keeping. */
  record(key: string, v: Val): void {
    if (riskRank(v) === 0) return;
    let list = this.#map.get(key);
    if (list === undefined) {
      if (this.#map.size >= MAX_KEYS) return;
      list = [];
      this.#map.set(key, list);
    }
    if (list.length < MAX_PER_KEY) list.push(v);
  }

  /** Every field of a record or mapping value, nested ones too (a parsed config file). */
  recordFields(v: Val, depth = 0): void {
    if (v.fields === undefined || depth > 4) return;
    for (const [k, f] of v.fields) {
      this.record(k, f);
      this.recordFields(f, depth + 1);
    }
  }

  readonly #options = new Set<string>();

  /** A command-line option's default: also what a parameter of that name receives (click, typer). */
  recordOption(key: string, v: Val): void {
    this.record(key, v);
    if (riskRank(v) > 0 && this.#options.size < MAX_KEYS) this.#options.add(key);
  }

  /** What an option named `key` may hold; undefined when no option has that name. */
  option(key: string): Val | undefined {
    return this.#options.size > 0 && this.#options.has(key) ? this.lookup(key) : undefined;
  }

  /** The riskiest value recorded under `key` (dynamic when several differ); undefined when none. */
  lookup(key: string): Val | undefined {
    const list = this.#map.get(key);
    if (list === undefined || list.length === 0) return undefined;
    let best = list[0]!;
    for (const v of list) best = riskier(best, v);
    return list.length > 1 ? { ...best, dynamic: true } : best;
  }
}

const TABLES = new WeakMap<object, MemberTable>();

/** The member table of one walk (one input). */
export function membersOf(walker: object): MemberTable {
  let t = TABLES.get(walker);
  if (t === undefined) {
    t = new MemberTable();
    TABLES.set(walker, t);
  }
  return t;
}

/**
 * The member name an option's flags give its value: `--out-dir` → `out_dir` (python argparse,
 * click) or `outDir` (commander); a positional name as it is. Null when none.
 */
export function optionKey(flags: string, camel: boolean): string | null {
  const long = /--([A-Za-z][\w-]*)/.exec(flags)?.[1];
  const name = long ?? /^-?([A-Za-z][\w-]*)$/.exec(flags.trim())?.[1] ?? /-([A-Za-z])\b/.exec(flags)?.[1];
  if (name === undefined) return null;
  return camel ? name.replace(/-([a-z])/g, (_, ch: string) => ch.toUpperCase()) : name.replace(/-/g, '_');
}

/** Deepest nesting and most keys read from config text. */
const MAX_CONFIG_KEYS = 256;

/**
 * Config text as a mapping (yaml block mappings, TOML and INI `[section]` tables, `key = value` and
 * `key: value` lines); undefined when it has no keys. Values are text without their quotes; enough
 * to know where a path or command read from the config points, not a full parser.
 */
export function configVal(from: Val | undefined, text: string | null): Val | undefined {
  if (from === undefined || text === null || text.length > 64 * 1024) return undefined;
  const root = new Map<string, Val>();
  // Open mappings by indentation (yaml) and the current [section] (toml/ini).
  const stack: { indent: number; map: Map<string, Val> }[] = [{ indent: -1, map: root }];
  let count = 0;
  const leaf = (s: string): Val => {
    const t = s.trim().replace(/\s+#.*$/, '');
    const q = /^(['"])(.*)\1$/.exec(t);
    return withTaint(strVal(q ? q[2]! : t), from);
  };
  const table = (entries: Map<string, Val>): Val => ({ ...opaque([from]), fields: entries });
  for (const raw of text.split(/\r?\n/)) {
    if (++count > MAX_CONFIG_KEYS) break;
    const line = raw.replace(/^\s*[#;].*$/, '');
    if (line.trim() === '' || line.trim() === '---') continue;
    const section = /^\s*\[+\s*([^\]]+?)\s*\]+\s*$/.exec(line);
    if (section) {
      // [a.b] opens nested tables; a section resets indentation nesting.
      let map = root;
      for (const part of section[1]!.split('.')) {
        const key = part.trim().replace(/^(['"])(.*)\1$/, '$2');
        const old = map.get(key);
        const next = old?.fields instanceof Map ? (old.fields as Map<string, Val>) : new Map<string, Val>();
        if (old?.fields !== next) map.set(key, table(next));
        map = next;
      }
      stack.length = 1;
      stack.push({ indent: -1, map });
      continue;
    }
    const m = /^(\s*)(?:-\s+)?(['"]?)([\w.-]+)\2\s*[:=]\s*(.*)$/.exec(line);
    if (!m) continue;
    const indent = m[1]!.length;
    while (
      stack.length > 1 &&
      stack[stack.length - 1]!.indent >= indent &&
      stack[stack.length - 1]!.indent >= 0
    )
      stack.pop();
    const map = stack[stack.length - 1]!.map;
    const key = m[3]!;
    const value = m[4]!;
    if (value.trim() === '' || value.trim() === '|' || value.trim() === '>') {
      const child = new Map<string, Val>();
      map.set(key, table(child));
      stack.push({ indent, map: child });
    } else map.set(key, leaf(value));
  }
  if (root.size === 0) return undefined;
  return { ...table(root), lits: mergeLits(UNKNOWN.lits, from.lits) };
}

/**
 * Root or a home directory as the source of a move (`shutil.move(expanduser('~'), '/tmp/x')`): it
 * is gone from its place, as if deleted.
 */
export function movesAway(path: string): boolean {
  return riskRank(strVal(path)) === 3;
}
