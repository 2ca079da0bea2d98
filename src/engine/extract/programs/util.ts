/**
 * Small command-line helpers shared by program handlers: option parsing with per-program arity,
 * path and URL recognition.
 */
import type { Word } from '../bash/model.js';

/** Looks like a file path rather than a subcommand, pattern or option. */
export function isPathLike(text: string): boolean {
  const c = text.charCodeAt(0);
  if (c === 47 /* / */ || c === 126 /* ~ */) return true;
  if (c === 46 /* . */) return text.length > 1 && text !== '..' ? true : text === '..';
  if (text.includes('://')) return false;
  const slash = text.indexOf('/');
  return slash > 0 && !text.includes(' ') && !text.includes('=');
}

export interface NetAddress {
  readonly host: string;
  readonly port: number | undefined;
  readonly scheme: string | undefined;
}

const DEFAULT_PORTS: Readonly<Record<string, number>> = {
  http: 80,
  https: 443,
  ftp: 21,
  ftps: 990,
  ws: 80,
  wss: 443,
  ssh: 22,
  sftp: 22,
  telnet: 23,
  gopher: 70,
  dict: 2628,
  ldap: 389,
  smtp: 25,
  rsync: 873,
  git: 9418,
};

/**
 * Host and port of `scheme://[user@]host[:port]/...`, `[v6]:port`, `user@host:path` or a bare
 * host[:port]. Hosts are lowercased, not decoded (0x7f000001 stays as written).
 */
export function parseNetAddress(text: string, defaultScheme?: string): NetAddress | null {
  let rest = text.trim();
  let scheme = defaultScheme;
  const sep = rest.indexOf('://');
  if (sep !== -1) {
    scheme = rest.slice(0, sep).toLowerCase();
    rest = rest.slice(sep + 3);
  }
  let end = rest.length;
  for (let i = 0; i < rest.length; i++) {
    const ch = rest[i];
    if (ch === '/' || ch === '?' || ch === '#') {
      end = i;
      break;
    }
  }
  let authority = rest.slice(0, end);
  const at = authority.lastIndexOf('@');
  if (at !== -1) authority = authority.slice(at + 1);
  let host: string;
  let portText: string | undefined;
  if (authority.startsWith('[')) {
    const close = authority.indexOf(']');
    host = close === -1 ? authority.slice(1) : authority.slice(1, close);
    if (close !== -1 && authority[close + 1] === ':') portText = authority.slice(close + 2);
  } else {
    const colon = authority.indexOf(':');
    const lastColon = authority.lastIndexOf(':');
    if (colon !== -1 && colon === lastColon) {
      host = authority.slice(0, colon);
      portText = authority.slice(colon + 1);
    } else host = authority; // bare IPv6 or no port
  }
  if (host === '') return null;
  let port: number | undefined;
  if (portText !== undefined && /^[0-9]{1,5}$/.test(portText)) port = Number(portText);
  else if (scheme !== undefined) port = DEFAULT_PORTS[scheme];
  return { host: host.toLowerCase(), port, scheme };
}

export interface ParsedOption {
  /** '-o', '--output' (without the value). */
  readonly name: string;
  readonly value: Word | undefined;
  readonly word: Word;
}

export interface ParsedArgs {
  readonly options: ParsedOption[];
  readonly positionals: Word[];
  /** Index in argv of the first positional when `stopAtPositional`, else argv.length. */
  readonly rest: number;
}

export interface OptionSpec {
  /** Short options that take a value (`-o FILE`, `-oFILE`). */
  readonly short?: string;
  /** Long options that take a value (`--output FILE`; `--output=FILE` always works). */
  readonly long?: readonly string[];
  /** Stop at the first positional: the rest is another command (sudo, timeout, xargs). */
  readonly stopAtPositional?: boolean;
  /** Single-dash long options (find -name, java -jar): never split into clusters. */
  readonly singleDashLong?: boolean;
}

function sub(word: Word, text: string): Word {
  return { ...word, text };
}

/** Parses argv[from..] by `spec`: GNU-style clusters, `--opt=value`, `--` ends options. */
export function parseArgs(argv: readonly Word[], spec: OptionSpec, from = 1): ParsedArgs {
  const options: ParsedOption[] = [];
  const positionals: Word[] = [];
  const short = spec.short ?? '';
  const long = spec.long ?? [];
  let i = from;
  for (; i < argv.length; i++) {
    const w = argv[i]!;
    const t = w.text;
    if (t === '--') {
      if (spec.stopAtPositional) return { options, positionals, rest: i + 1 };
      for (i++; i < argv.length; i++) positionals.push(argv[i]!);
      break;
    }
    if (t.length < 2 || t[0] !== '-') {
      if (spec.stopAtPositional) return { options, positionals, rest: i };
      positionals.push(w);
      continue;
    }
    if (t[1] === '-' || spec.singleDashLong) {
      const eq = t.indexOf('=');
      if (eq !== -1) {
        options.push({ name: t.slice(0, eq), value: sub(w, t.slice(eq + 1)), word: w });
      } else if (long.includes(t) && i + 1 < argv.length) {
        options.push({ name: t, value: argv[++i], word: w });
      } else options.push({ name: t, value: undefined, word: w });
      continue;
    }
    // Cluster: -abc, -ofile, -o file
    for (let j = 1; j < t.length; j++) {
      const ch = t[j]!;
      if (short.includes(ch)) {
        if (j + 1 < t.length) options.push({ name: '-' + ch, value: sub(w, t.slice(j + 1)), word: w });
        else if (i + 1 < argv.length) options.push({ name: '-' + ch, value: argv[++i], word: w });
        else options.push({ name: '-' + ch, value: undefined, word: w });
        break;
      }
      options.push({ name: '-' + ch, value: undefined, word: w });
    }
  }
  return { options, positionals, rest: argv.length };
}

export function hasOption(parsed: ParsedArgs, ...names: string[]): boolean {
  for (const o of parsed.options) if (names.includes(o.name)) return true;
  return false;
}

export function optionValues(parsed: ParsedArgs, ...names: string[]): Word[] {
  const out: Word[] = [];
  for (const o of parsed.options) if (o.value !== undefined && names.includes(o.name)) out.push(o.value);
  return out;
}

/** `user@host:path` (scp, rsync) → host and path; null for a local path. */
export function remotePath(text: string): { host: string; path: string } | null {
  if (text.startsWith('/') || text.startsWith('.') || text.startsWith('~')) return null;
  if (text.startsWith('rsync://')) {
    const addr = parseNetAddress(text);
    return addr === null ? null : { host: addr.host, path: text };
  }
  const colon = text.indexOf(':');
  if (colon <= 0) return null;
  const slash = text.indexOf('/');
  if (slash !== -1 && slash < colon) return null;
  let host = text.slice(0, colon);
  const at = host.lastIndexOf('@');
  if (at !== -1) host = host.slice(at + 1);
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  return { host: host.toLowerCase(), path: text.slice(colon + 1) };
}
