/**
 * Text filters given a known standard input (`sort > x.sh <<< 'rm -rf ~'`, `echo ... | sed s/x/y/ | sh`):
 * their output text is computed, so code written through them and run later is still analysed
 * (issue 22). A filter that reads files instead of standard input keeps its handler's output; one
 * whose options are not modelled passes the input text on unchanged, which for these filters
 * (they select, reorder or trim lines) over-approximates what reaches a later shell.
 */
import type { Stream } from '../bash/model.js';
import { posixRegex, sedText } from './sed-text.js';
import type { ProgramHandler } from './types.js';

/**
 * The output of a filter on `input`: a string when computed, null when the options are not
 * modelled (the input stands for it), undefined when the filter reads files, not standard input.
 */
export type TextFilter = (args: readonly string[], input: string) => string | null | undefined;

/** Wraps `handler`: with a known standard input, the output carries the filter's text. */
export function withText(handler: ProgramHandler, filter: TextFilter): ProgramHandler {
  return (inv, kit) => {
    const out = handler(inv, kit);
    const input = inv.stdin.text;
    if (input === null || inv.stdin.interactive || inv.dynamic || out?.text != null) return out;
    const text = filter(
      inv.argv.slice(1).map((w) => w.text),
      input,
    );
    if (text === undefined) return out;
    const result: Stream = { ...inv.stdin, text: text ?? input, interactive: false };
    return result;
  };
}

function lines(text: string): { list: string[]; trailing: boolean } {
  const list = text.split('\n');
  const trailing = list[list.length - 1] === '';
  if (trailing) list.pop();
  return { list, trailing };
}

function join(list: readonly string[], trailing: boolean): string {
  return list.join('\n') + (trailing && list.length > 0 ? '\n' : '');
}

/**
 * Options of a filter: the flags (without values) and values of `valued` options, with positionals.
 * Returns null for an option it does not know.
 */
function options(
  args: readonly string[],
  valued: string,
  flags: string,
  long: Readonly<Record<string, string>> = {},
): { opts: Map<string, string>; files: string[] } | null {
  const opts = new Map<string, string>();
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      files.push(...args.slice(i + 1));
      break;
    }
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = long[eq === -1 ? a : a.slice(0, eq)];
      if (name === undefined) return null;
      if (valued.includes(name)) opts.set(name, eq === -1 ? (args[++i] ?? '') : a.slice(eq + 1));
      else opts.set(name, '');
    } else if (a.length > 1 && a.startsWith('-')) {
      for (let j = 1; j < a.length; j++) {
        const c = a[j]!;
        if (/[0-9]/.test(c) && valued.includes('n')) {
          opts.set('n', a.slice(j)); // head -5, tail -3
          break;
        }
        if (valued.includes(c)) {
          opts.set(c, j + 1 < a.length ? a.slice(j + 1) : (args[++i] ?? ''));
          break;
        }
        if (!flags.includes(c)) return null;
        opts.set(c, '');
      }
    } else files.push(a);
  }
  return { opts, files };
}

/** True when the filter reads files rather than its standard input. */
function readsFiles(files: readonly string[]): boolean {
  return files.some((f) => f !== '-' && f !== '/dev/stdin');
}

const count = (v: string | undefined, dflt: number): number | null =>
  v === undefined ? dflt : /^[+-]?[0-9]+$/.test(v) ? Math.abs(Number(v)) : null;

const head: TextFilter = (args, input) => {
  const o = options(args, 'nc', 'qvz', { '--lines': 'n', '--bytes': 'c', '--quiet': 'q', '--silent': 'q' });
  if (o === null) return null;
  if (readsFiles(o.files)) return undefined;
  if (o.opts.has('c')) {
    const n = count(o.opts.get('c'), 0);
    return n === null || o.opts.get('c')!.startsWith('-') ? null : input.slice(0, n);
  }
  const n = count(o.opts.get('n'), 10);
  if (n === null || o.opts.get('n')?.startsWith('-') === true) return null;
  const { list, trailing } = lines(input);
  return join(list.slice(0, n), trailing || n < list.length);
};

const tail: TextFilter = (args, input) => {
  const o = options(args, 'nc', 'qvzfF', { '--lines': 'n', '--bytes': 'c', '--quiet': 'q', '--silent': 'q' });
  if (o === null || o.opts.has('c')) return o === null ? null : readsFiles(o.files) ? undefined : null;
  if (readsFiles(o.files)) return undefined;
  const v = o.opts.get('n');
  const n = count(v, 10);
  if (n === null) return null;
  const { list, trailing } = lines(input);
  return join(
    v?.startsWith('+') === true ? list.slice(Math.max(0, n - 1)) : list.slice(-n || list.length),
    trailing,
  );
};

const tac: TextFilter = (args, input) => {
  const o = options(args, '', '');
  if (o === null) return null;
  if (readsFiles(o.files)) return undefined;
  const { list } = lines(input);
  return join(list.reverse(), true);
};

/** Lines without adjacent repeats, as `uniq` and `sort -u` (after sorting) write them. */
function dropRepeats(list: readonly string[]): string[] {
  return list.filter((l, i) => i === 0 || list[i - 1] !== l);
}

const sort: TextFilter = (args, input) => {
  const o = options(args, 'kotST', 'bdfghiMnRrsuVcCmz', {
    '--key': 'k',
    '--output': 'o',
    '--field-separator': 't',
    '--reverse': 'r',
    '--unique': 'u',
  });
  if (o === null) return null;
  if (readsFiles(o.files)) return undefined;
  const { list } = lines(input);
  list.sort();
  if (o.opts.has('r')) list.reverse();
  return join(o.opts.has('u') ? dropRepeats(list) : list, true);
};

const uniq: TextFilter = (args, input) => {
  const o = options(args, 'fsw', 'cdDiuz');
  if (o === null) return null;
  if (o.files.length > 0 && o.files[0] !== '-') return undefined;
  const { list } = lines(input);
  return join(dropRepeats(list), true);
};

/** A cut LIST (`2-`, `1,3`, `-4`) as a predicate on 1-based positions; null when malformed. */
function cutList(list: string): ((n: number) => boolean) | null {
  const ranges: [number, number][] = [];
  for (const part of list.split(',')) {
    const m = /^([0-9]*)(-?)([0-9]*)$/.exec(part);
    if (m === null || (m[1] === '' && m[3] === '')) return null;
    const lo = m[1] === '' ? 1 : Number(m[1]);
    const hi = m[2] === '' ? lo : m[3] === '' ? Infinity : Number(m[3]);
    ranges.push([lo, hi]);
  }
  return (n) => ranges.some(([lo, hi]) => n >= lo && n <= hi);
}

const cut: TextFilter = (args, input) => {
  const o = options(args, 'bcdf', 'nsz', {
    '--bytes': 'b',
    '--characters': 'c',
    '--delimiter': 'd',
    '--fields': 'f',
    '--only-delimited': 's',
    '--complement': 'C',
  });
  if (o === null) return null;
  if (readsFiles(o.files)) return undefined;
  const complement = o.opts.has('C');
  const chars = o.opts.get('c') ?? o.opts.get('b');
  const fields = o.opts.get('f');
  const pick = cutList(chars ?? fields ?? '');
  if (pick === null) return null;
  const keep = (n: number): boolean => pick(n) !== complement;
  const delim = o.opts.get('d') ?? '\t';
  if (delim.length !== 1) return null;
  const { list } = lines(input);
  const out = list.map((l) => {
    if (chars !== undefined) return [...l].filter((_c, i) => keep(i + 1)).join('');
    if (!l.includes(delim)) return o.opts.has('s') ? null : l;
    return l
      .split(delim)
      .filter((_f, i) => keep(i + 1))
      .join(delim);
  });
  return join(
    out.filter((l): l is string => l !== null),
    true,
  );
};

const paste: TextFilter = (args, input) => {
  const o = options(args, 'd', 'sz', { '--serial': 's', '--delimiters': 'd' });
  if (o === null) return null;
  if (readsFiles(o.files) || o.files.length > 1) return o.files.length > 1 ? null : undefined;
  if (!o.opts.has('s')) return input;
  const delim = (o.opts.get('d') ?? '\t').replace(/\\n/g, '\n').replace(/\\t/g, '\t');
  const { list } = lines(input);
  return (
    list.map((l, i) => (i === 0 ? l : (delim[(i - 1) % Math.max(1, delim.length)] ?? '') + l)).join('') + '\n'
  );
};

/** grep selects lines: with a plain pattern they are computed, otherwise all lines stand for them. */
const grep: TextFilter = (args, input) => {
  const o = options(args, 'emABCDd', 'EFGPivwxnHhcoqsrRlLaIuUz', {
    '--regexp': 'e',
    '--invert-match': 'v',
    '--ignore-case': 'i',
    '--extended-regexp': 'E',
    '--fixed-strings': 'F',
  });
  if (o === null) return null;
  const pattern = o.opts.get('e') ?? o.files.shift();
  if (pattern === undefined) return null;
  if (readsFiles(o.files)) return undefined;
  if (o.opts.has('c') || o.opts.has('o') || o.opts.has('n') || o.opts.has('q') || o.opts.has('l'))
    return null;
  const re = o.opts.has('F')
    ? new RegExp(pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), o.opts.has('i') ? 'i' : '')
    : posixRegex(pattern, o.opts.has('E') || o.opts.has('P'), o.opts.has('i') ? 'i' : '');
  if (re === null) return null;
  const invert = o.opts.has('v');
  const { list } = lines(input);
  return join(
    list.filter((l) => re.test(l) !== invert),
    true,
  );
};

const sed: TextFilter = (args, input) => {
  const scripts: string[] = [];
  const files: string[] = [];
  let quiet = false;
  let extended = false;
  let inline = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-e' || a === '--expression') {
      scripts.push(args[++i] ?? '');
      inline = true;
    } else if (a.startsWith('--expression=')) {
      scripts.push(a.slice(13));
      inline = true;
    } else if (a === '-n' || a === '--quiet' || a === '--silent') quiet = true;
    else if (a === '-E' || a === '-r' || a === '--regexp-extended') extended = true;
    else if (/^-[nEru]+$/.test(a)) {
      if (a.includes('n')) quiet = true;
      if (/[Er]/.test(a)) extended = true;
    } else if (a.startsWith('-') && a !== '-')
      return null; // -i, -f, -s, -z ...: not modelled
    else if (!inline && scripts.length === 0) scripts.push(a);
    else files.push(a);
  }
  if (readsFiles(files)) return undefined;
  return sedText(scripts, input, quiet, extended);
};

/** awk programs that print each line (`{print}`, `1`) or fields and strings (`{print $2, "x" $3}`). */
const awk: TextFilter = (args, input) => {
  const o = options(args, 'Fv', '', { '--field-separator': 'F', '--assign': 'v' });
  if (o === null) return null;
  const program = o.files.shift();
  if (program === undefined) return null;
  if (readsFiles(o.files.filter((f) => !f.includes('=')))) return undefined;
  const p = program.trim();
  if (/^(1|\{\s*print\s*(\$0)?\s*;?\s*\}|\/\/|NF)$/.test(p)) return input;
  const body = /^\{\s*print\s+(.*?);?\s*\}$/s.exec(p);
  if (body === null || o.opts.has('F')) return null;
  // Items: `$N`, "string", joined by `,` (a space) or nothing.
  const items: ({ field: number } | { text: string })[] = [];
  const re = /\s*(?:\$([0-9]+)|"((?:[^"\\]|\\.)*)"|(,))/y;
  let at = 0;
  while (at < body[1]!.length) {
    re.lastIndex = at;
    const m = re.exec(body[1]!);
    if (m === null) return null;
    at = re.lastIndex;
    if (m[1] !== undefined) items.push({ field: Number(m[1]) });
    else if (m[2] !== undefined) items.push({ text: m[2].replace(/\\(.)/g, '$1') });
    else items.push({ text: ' ' });
  }
  const { list } = lines(input);
  return join(
    list.map((l) => {
      const fields = l.trim().split(/[ \t]+/);
      return items
        .map((it) => ('text' in it ? it.text : it.field === 0 ? l : (fields[it.field - 1] ?? '')))
        .join('');
    }),
    true,
  );
};

export const TEXT_FILTERS: Readonly<Record<string, TextFilter>> = {
  head,
  tail,
  tac,
  sort,
  uniq,
  cut,
  paste,
  grep,
  sed,
  awk,
};
