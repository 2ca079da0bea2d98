/**
 * Small shared vocabulary for rule matchers: program families, argv option reading and path
 * rebasing for suggested alternatives. Matchers stay declarative; the parsing lives here.
 */
import { posix } from 'node:path';
import type { ExecFact, FileOpFact } from '../facts.js';
import { hostFromUrl } from '../net/address.js';

/** Shells that run code given to them (`-c`, a script, stdin). */
export const SHELLS: ReadonlySet<string> = new Set([
  'sh',
  'bash',
  'dash',
  'zsh',
  'ksh',
  'mksh',
  'pdksh',
  'csh',
  'tcsh',
  'fish',
  'ash',
  'rbash',
  'yash',
  'busybox',
  'pwsh',
  'powershell',
]);

/** Interpreters that execute code read from stdin or an argument. */
export const INTERPRETERS: ReadonlySet<string> = new Set([
  ...SHELLS,
  'python',
  'python2',
  'python3',
  'pypy',
  'pypy3',
  'perl',
  'ruby',
  'irb',
  'node',
  'nodejs',
  'deno',
  'bun',
  'php',
  'lua',
  'luajit',
  'tclsh',
  'expect',
  'osascript',
  'Rscript',
  'jshell',
  'groovy',
]);

/** Raw socket tools whose connection can carry a shell. */
export const RAW_SOCKET_TOOLS: ReadonlySet<string> = new Set([
  'nc',
  'ncat',
  'netcat',
  'nc.traditional',
  'nc.openbsd',
  'socat',
  'telnet',
  'openssl',
  'cryptcat',
  'sbd',
  'pwncat',
  'rcat',
  'gawk',
]);

/** Programs that only print or search their arguments: an address among them is text, not a request. */
export const TEXT_ONLY: ReadonlySet<string> = new Set([
  'echo',
  'printf',
  'grep',
  'egrep',
  'fgrep',
  'rg',
  'ag',
  'ack',
  'sed',
  'awk',
  'jq',
  'yq',
  'cat',
  'less',
  'more',
  'head',
  'tail',
  'wc',
  'sort',
  'uniq',
  'tr',
  'cut',
  'diff',
  'test',
  '[',
  'true',
  'false',
  ':',
  'git',
  'man',
  'whatis',
  'which',
  'type',
  'ls',
  'sqlite3',
  'psql',
  'mysql',
]);

/** `-r`, `-rf`, `-Rv`: a short flag letter present in any bundled short option (stops at `--`). */
export function hasShortFlag(argv: readonly string[], letter: string): boolean {
  // Called for most exec facts by several rules: a plain loop, no intermediate arrays.
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') return false;
    if (a.length > 1 && a.charCodeAt(0) === 45 && a.charCodeAt(1) !== 45 && a.indexOf(letter, 1) > 0)
      return true;
  }
  return false;
}

/** `--recursive` or `--recursive=...` (stops at `--`). */
export function hasLongFlag(argv: readonly string[], name: string): boolean {
  const flag = `--${name}`;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') return false;
    if (a === flag || (a.startsWith(flag) && a.charCodeAt(flag.length) === 61)) return true;
  }
  return false;
}

/** Value of `-x V`, `-xV`, `--long V` or `--long=V` (first occurrence). */
export function optionValue(
  argv: readonly string[],
  short: string | null,
  long: string | null,
): string | null {
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a === '--') return null;
    if (long !== null) {
      if (a === `--${long}`) return argv[i + 1] ?? null;
      if (a.startsWith(`--${long}=`)) return a.slice(long.length + 3);
    }
    if (short !== null && !a.startsWith('--')) {
      if (a === `-${short}`) return argv[i + 1] ?? null;
      if (a.startsWith(`-${short}`) && a.length > 2) return a.slice(2);
    }
  }
  return null;
}

/** Arguments after argv[0] that are not options (naive: options never take values here). */
export function operands(argv: readonly string[]): string[] {
  const out: string[] = [];
  let afterDashes = false;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (!afterDashes && a === '--') {
      afterDashes = true;
      continue;
    }
    if (afterDashes || !a.startsWith('-') || a === '-') out.push(a);
  }
  return out;
}

/** The same name inside the workspace (`/tmp/build` → `./build`), or null when no sensible one exists. */
export function rebase(path: string): string | null {
  const base = posix.basename(path.replace(/\/+$/, ''));
  if (
    base === '' ||
    base === '.' ||
    base === '..' ||
    base === '~' ||
    /^[*?]+$/.test(base) ||
    base.startsWith('$')
  ) {
    return null;
  }
  return `./${base}`;
}

/** Writing operations that change a path's content or existence. */
export function isWriteLike(fact: FileOpFact): boolean {
  switch (fact.op) {
    case 'write':
    case 'append':
    case 'create':
    case 'delete':
    case 'truncate':
      return true;
    case 'move':
      return true; // both ends change: the source disappears, the destination appears
    case 'copy':
    case 'link':
      return fact.role !== 'source';
    default:
      return false;
  }
}

/** Operations that read a file's content (a copy or move source carries it elsewhere). */
export function isReadLike(fact: FileOpFact): boolean {
  if (fact.op === 'read' || fact.op === 'execute') return true;
  return (fact.op === 'copy' || fact.op === 'move' || fact.op === 'link') && fact.role === 'source';
}

export function programIs(fact: ExecFact, names: ReadonlySet<string>): boolean {
  return names.has(fact.program);
}

/** Lowercased shell-looking program name including versioned forms (`python3.12` → `python3`). */
export function baseProgram(program: string): string {
  return program.replace(/(\d)\.\d+$/, '$1');
}

export interface ArgUrl {
  readonly arg: string;
  readonly host: string;
  readonly port?: number;
}

const urlMemo = new WeakMap<ExecFact, readonly ArgUrl[]>();

/** URLs among a program's arguments (scheme://host...), computed once per fact for every rule. */
export function argvUrls(e: ExecFact): readonly ArgUrl[] {
  let out = urlMemo.get(e);
  if (out === undefined) {
    const found: ArgUrl[] = [];
    for (let i = 1; i < e.argv.length; i++) {
      const arg = e.argv[i]!;
      const at = arg.indexOf('://');
      if (at < 0) continue;
      // Option values (--url=http://...) start the URL after the '='.
      const url = hostFromUrl(arg.slice(arg.lastIndexOf('=', at) + 1));
      if (url !== null) found.push({ arg, ...url });
    }
    out = found;
    urlMemo.set(e, out);
  }
  return out;
}
