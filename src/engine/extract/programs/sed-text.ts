/**
 * The text a simple sed script makes of a known input: `s///` (with `g`, `i`, `p`, a count),
 * `y///`, `p` and `d`, without addresses; `-n` honoured. What it does not model returns null,
 * and the caller keeps the input unchanged (issue 22: `sed 's/^#//' > x.sh <<< '#rm -rf ~'`).
 */

/** Most characters of output a script may produce (a larger result is treated as unknown). */
const MAX_OUT = 64 * 1024;

type SedCommand =
  | {
      readonly kind: 's';
      readonly re: RegExp;
      readonly replace: string;
      readonly nth: number;
      readonly global: boolean;
      readonly print: boolean;
    }
  | { readonly kind: 'y'; readonly from: string; readonly to: string }
  | { readonly kind: 'p' | 'd' };

/** A basic (or, with `extended`, extended) POSIX regular expression as a JavaScript one; null when unsure. */
export function posixRegex(re: string, extended: boolean, flags: string): RegExp | null {
  let out = '';
  for (let i = 0; i < re.length; i++) {
    const c = re[i]!;
    if (c === '\\') {
      const n = re[++i];
      if (n === undefined) return null;
      if (!extended && '(){}|+?'.includes(n)) out += n;
      else if (n === 'n') out += '\\n';
      else if (n === 't') out += '\\t';
      else if (/[0-9]/.test(n)) out += '\\' + n;
      else if (/[wWsSb]/.test(n)) out += '\\' + n;
      else if (/[a-zA-Z]/.test(n))
        return null; // \< \> \` and other GNU escapes: not modelled
      else out += '\\' + n;
    } else if (c === '[') {
      const close = bracketEnd(re, i);
      if (close === -1) return null;
      out += re
        .slice(i, close + 1)
        .replace(
          /\[:(alpha|digit|alnum|space|upper|lower|punct|blank):\]/g,
          (_m, cls: string) => CLASSES[cls]!,
        )
        .replace(/\\/g, '\\\\');
      i = close;
    } else if (!extended && '(){}|+?'.includes(c)) out += '\\' + c;
    else if (c === '*' && (out === '' || out === '^'))
      out += '\\*'; // a leading `*` is literal in a BRE
    else out += c;
  }
  try {
    return new RegExp(out, flags);
  } catch {
    return null;
  }
}

const CLASSES: Readonly<Record<string, string>> = {
  alpha: 'a-zA-Z',
  digit: '0-9',
  alnum: 'a-zA-Z0-9',
  space: ' \\t\\n\\r\\f\\v',
  upper: 'A-Z',
  lower: 'a-z',
  punct: '!-\\/:-@\\[-`{-~',
  blank: ' \\t',
};

/** Index of the `]` closing the bracket expression opened at `start`, or -1. */
function bracketEnd(re: string, start: number): number {
  let i = start + 1;
  if (re[i] === '^') i++;
  if (re[i] === ']') i++;
  for (; i < re.length; i++) {
    if (re[i] === '[' && re[i + 1] === ':') {
      const end = re.indexOf(':]', i + 2);
      if (end === -1) return -1;
      i = end + 1;
    } else if (re[i] === ']') return i;
  }
  return -1;
}

/** A sed replacement (`&`, `\1`, `\n`) as a JavaScript replacement string. */
function replacement(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length) {
      const n = text[++i]!;
      out += /[0-9]/.test(n)
        ? n === '0'
          ? '$&'
          : '$' + n
        : n === 'n'
          ? '\n'
          : n === 't'
            ? '\t'
            : n === '$'
              ? '$$'
              : n;
    } else if (c === '&') out += '$&';
    else if (c === '$') out += '$$';
    else out += c;
  }
  return out;
}

/** Splits `s/a/b/` style parts at unescaped `delim`; returns the parts and the index after them. */
function parts(
  script: string,
  start: number,
  delim: string,
  count: number,
): { parts: string[]; end: number } | null {
  const out: string[] = [];
  let cur = '';
  let i = start;
  for (; i < script.length && out.length < count; i++) {
    const c = script[i]!;
    if (c === '\\' && i + 1 < script.length) {
      const n = script[i + 1]!;
      cur += n === delim ? n : c + n;
      i++;
    } else if (c === delim) {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  return out.length === count ? { parts: out, end: i } : null;
}

function parse(script: string, extended: boolean): SedCommand[] | null {
  const cmds: SedCommand[] = [];
  let i = 0;
  while (i < script.length) {
    const c = script[i]!;
    if (/[\s;]/.test(c)) {
      i++;
      continue;
    }
    if (c === 'p' || c === 'd') {
      cmds.push({ kind: c });
      i++;
    } else if (c === 's' || c === 'y') {
      const delim = script[i + 1];
      if (delim === undefined || delim === '\\' || delim === '\n') return null;
      const p = parts(script, i + 2, delim, 2);
      if (p === null) return null;
      i = p.end;
      if (c === 'y') {
        const from = [...p.parts[0]!.replace(/\\n/g, '\n').replace(/\\\\/g, '\\')];
        const to = [...p.parts[1]!.replace(/\\n/g, '\n').replace(/\\\\/g, '\\')];
        if (from.length !== to.length) return null;
        cmds.push({ kind: 'y', from: from.join(''), to: to.join('') });
        continue;
      }
      let flags = '';
      while (i < script.length && /[gpiI0-9]/.test(script[i]!)) flags += script[i++];
      const nth = Number(/[0-9]+/.exec(flags)?.[0] ?? '1');
      const global = flags.includes('g');
      const re = posixRegex(p.parts[0]!, extended, /[iI]/.test(flags) ? 'gi' : 'g');
      if (re === null || nth < 1) return null;
      cmds.push({
        kind: 's',
        re,
        replace: replacement(p.parts[1]!),
        nth,
        global,
        print: flags.includes('p'),
      });
    } else return null; // addresses, branches, hold space ...: not modelled
    if (i < script.length && !/[\s;}]/.test(script[i]!)) return null;
  }
  return cmds;
}

function substitute(line: string, cmd: Extract<SedCommand, { kind: 's' }>): { line: string; hit: boolean } {
  let k = 0;
  let hit = false;
  const line2 = line.replace(cmd.re, (...m: unknown[]) => {
    k++;
    const whole = m[0] as string;
    if (k < cmd.nth || (!cmd.global && k > cmd.nth)) return whole;
    hit = true;
    // Re-run the single match to expand `$1`/`$&` in the replacement.
    const one = new RegExp(cmd.re.source, cmd.re.flags.replace('g', ''));
    return whole.replace(one, cmd.replace);
  });
  return { line: line2, hit };
}

/**
 * The output of `sed [-n] [-E] SCRIPT...` on `input`, or null when a script is not modelled.
 * Each script is one `-e` value (or the lone script argument).
 */
export function sedText(
  scripts: readonly string[],
  input: string,
  quiet: boolean,
  extended: boolean,
): string | null {
  const cmds: SedCommand[] = [];
  for (const s of scripts) {
    const parsed = parse(s, extended);
    if (parsed === null) return null;
    cmds.push(...parsed);
  }
  const lines = input.split('\n');
  const trailing = lines[lines.length - 1] === '';
  if (trailing) lines.pop();
  let out = '';
  for (const original of lines) {
    let line = original;
    let deleted = false;
    for (const cmd of cmds) {
      if (cmd.kind === 'd') {
        deleted = true;
        break;
      }
      if (cmd.kind === 'p') out += line + '\n';
      else if (cmd.kind === 'y') line = [...line].map((ch) => cmd.to[cmd.from.indexOf(ch)] ?? ch).join('');
      else if (cmd.kind === 's') {
        const r = substitute(line, cmd);
        line = r.line;
        if (r.hit && cmd.print) out += line + '\n';
      }
    }
    if (!deleted && !quiet) out += line + '\n';
    if (out.length > MAX_OUT) return null;
  }
  return trailing || out === '' ? out : out.slice(0, -1);
}
