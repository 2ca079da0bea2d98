/**
 * Code in languages the engine does not parse (perl, ruby, php, lua, awk, tcl, elisp, vim script):
 * its string literals are folded and read for the commands, shells, paths and hosts they name, and
 * run-time strings reaching system/exec/eval are flows from what the code decodes, downloads or reads.
 */
import type { DataSource } from '../../facts.js';
import { NO_SOURCES, mergeSources, type Invocation, type Word } from '../bash/model.js';
import type { Toolkit } from './types.js';
import { parseNetAddress } from './util.js';

function sub(w: Word, text: string): Word {
  return { ...w, text };
}

interface CodeLiteral {
  readonly start: number;
  readonly end: number;
  readonly quote: string;
  readonly text: string;
}

/** String literals of foreign code, with their escapes resolved (at most 64). */
function literalsOf(text: string): CodeLiteral[] {
  const out: CodeLiteral[] = [];
  let i = 0;
  while (i < text.length && out.length < 64) {
    const q = text[i]!;
    const quoted = commandQuote(text, i);
    if (quoted !== null) {
      // perl qx{...}, ruby %x(...): backticks with other delimiters.
      out.push({ start: i, end: quoted.end, quote: '`', text: text.slice(quoted.bodyStart, quoted.end - 1) });
      i = quoted.end;
      continue;
    }
    if (q !== '"' && q !== "'" && q !== '`') {
      i++;
      continue;
    }
    let j = i + 1;
    let lit = '';
    while (j < text.length && text[j] !== q) {
      if (text[j] === '\\' && j + 1 < text.length && q !== "'") {
        const n = text[j + 1]!;
        lit += n === 'n' ? '\n' : n === 't' ? '\t' : n;
        j += 2;
        continue;
      }
      lit += text[j];
      j++;
    }
    out.push({ start: i, end: Math.min(j + 1, text.length), quote: q, text: lit });
    i = j + 1;
  }
  return out;
}

const CLOSERS: Readonly<Record<string, string>> = { '{': '}', '(': ')', '[': ']', '<': '>' };

/** `qx{...}` / `qx(...)` / `qx/.../` (perl) and `%x{...}` (ruby) at `i`: where the command text is. */
function commandQuote(text: string, i: number): { bodyStart: number; end: number } | null {
  const c = text.charCodeAt(i);
  if (c !== 113 /* q */ && c !== 37 /* % */) return null;
  if (!(text.startsWith('qx', i) || text.startsWith('%x', i))) return null;
  if (c === 113 && i > 0 && /\w/.test(text[i - 1]!)) return null; // `someqx` is a name
  const open = text[i + 2];
  if (open === undefined || !'{([</|!#'.includes(open)) return null;
  const close = CLOSERS[open] ?? open;
  let depth = 0;
  for (let j = i + 3; j < text.length; j++) {
    const ch = text[j];
    if (ch === '\\') j++;
    else if (ch === open && close !== open) depth++;
    else if (ch === close) {
      if (depth === 0) return { bodyStart: i + 3, end: j + 1 };
      depth--;
    }
  }
  return null;
}

/** Operators that join two literals into one string: perl `.`, lua `..`, `+`, awk juxtaposition. */
const CONCAT_GAP = /^\s*(?:\.\.?|\+)?\s*$/;

/**
 * Constant folding for foreign code: adjacent literals joined by a concatenation operator become
 * one (`"cu"."rl"`, `"cu" "rl"`), and so do the items of a literal list that is joined
 * (`["cu","rl x"].join`), so a command split across literals is read whole.
 */
function foldLiterals(text: string, lits: readonly CodeLiteral[]): CodeLiteral[] {
  const out: CodeLiteral[] = [];
  let k = 0;
  while (k < lits.length) {
    let run = [lits[k]!];
    let commas = false;
    while (k + 1 < lits.length && lits[k]!.quote !== '`' && lits[k + 1]!.quote !== '`') {
      const gap = text.slice(lits[k]!.end, lits[k + 1]!.start);
      if (CONCAT_GAP.test(gap)) run.push(lits[++k]!);
      else if (/^\s*,\s*$/.test(gap)) {
        commas = true;
        run.push(lits[++k]!);
      } else break;
    }
    k++;
    const last = run[run.length - 1]!;
    if (commas && !/^\s*\]\s*\.\s*join\b/.test(text.slice(last.end, last.end + 24))) {
      // A plain argument list: keep the items apart, folding only their concatenations.
      const parts: CodeLiteral[][] = [[run[0]!]];
      for (let r = 1; r < run.length; r++) {
        const gap = text.slice(run[r - 1]!.end, run[r]!.start);
        if (gap.includes(',')) parts.push([run[r]!]);
        else parts[parts.length - 1]!.push(run[r]!);
      }
      for (const p of parts) out.push(merge(p));
      continue;
    }
    out.push(merge(run));
    run = [];
  }
  return out;
}

function merge(run: readonly CodeLiteral[]): CodeLiteral {
  if (run.length === 1) return run[0]!;
  return {
    start: run[0]!.start,
    end: run[run.length - 1]!.end,
    quote: run[0]!.quote,
    text: run.map((l) => l.text).join(''),
  };
}

const CALL_BEFORE =
  /(shell script|system|exec|execl|execlp|execv|execvp|popen|spawn|spawnSync|passthru|shell_exec|proc_open|pcntl_exec|execute|run|call|check_output|getoutput|Popen|open3|capture2|capture3|capture2e|open|callCommand|callProcess|rawSystem|shell-command|async-shell-command|call-process|start-process|term|ansi-term)\s*[({]?\s*\[?\s*$/;
/** Ruby's reflective calls of a command runner: `Kernel.send(:system, "cmd")`, `method(:exec).call("cmd")`. */
const SEND_BEFORE =
  /(?:(?:send|__send__|public_send)\s*\(\s*:(?:system|exec|spawn|popen|`)\s*,|method\s*\(\s*:(?:system|exec|spawn|`)\s*\)\s*\.\s*(?:call|\(\)))\s*\(?\s*$/;
const SHELL_LITERAL =
  /^(\/usr)?(\/bin\/)?(sh|bash|zsh|dash|ksh|ash|busybox\s+sh|cmd(\.exe)?|powershell|pwsh)(\s+-[a-z]+)*\s*$/i;
/** awk `print "TEXT" | "sh"`: TEXT is a command line the shell runs. */
const PIPED_TO_SHELL = /^\s*\|\s*["'](?:\/usr)?(?:\/bin\/)?(?:ba|z|da|k|a)?sh["' ]/;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}(:\d+)?$/;

/** Calls that run a string as a command or as code, in perl, ruby, php, lua, awk and tcl. */
const DYNAMIC_SINK =
  /(?:\b(?:system|exec|popen|passthru|shell_exec|proc_open|pcntl_exec|spawn|eval|assert|create_function|instance_eval|class_eval|loadstring|execute|qx)|`)\s*\(?\s*(?![\s"'`){])(\$?[A-Za-z_][\w:.]*|\[|\$)/g;
/** Code that decodes or unpacks data at run time. */
const DECODES =
  /\b(?:decode_base64|decode64|b64decode|base64_decode|base64\.decode|unpack1?|pack\s*\(\s*["']H|hex2bin|from_hex|fromhex|unhexlify|chr|str_rot13|gzinflate|gzuncompress|gzdecode|uudecode|strrev|fromCharCode|atob|inflate)\b|\.reverse\b/;
/** Code (or the command lines it holds) that fetches data from the network. */
const FETCHES =
  /\b(?:LWP|HTTP::Tiny|Net::HTTP|Net::FTP|open-uri|URI\.open|IO::Socket|TCPSocket|UDPSocket|fsockopen|stream_socket_client|curl_exec|curl_init|http\.request|socket\.http|curl|wget|fetch|nc|ncat|getprotobyname)\b|https?:\/\/|ftp:\/\/|\/inet\/(?:tcp|udp)\//;

/**
 * A command line whose standard input is a pipe from the interpreter (awk `print | "cmd"`, perl
 * `open(F, "| cmd")`): what it runs does not read the terminal, so a bare `sh` there is not an
 * interactive shell. The same wrapper the python/node extractors use (code/effects.ts).
 */
function fromPipe(command: string): string {
  return `{ ${command}\n} </dev/null`;
}

/**
 * Code in a language the engine does not parse (perl, ruby, php, lua, awk, vim script): its
 * string literals, folded where they are concatenated, are read for shell commands (in
 * system()/exec()/backticks/pipes), shells, hosts and paths; a variable bound to such a literal
 * and passed to system() is that command. A string built at run time from decoded or downloaded
 * data and passed to system/exec/eval is remote code execution (issue 21).
 */
export function scanCode(
  kit: Toolkit,
  inv: Invocation,
  code: Word,
  input?: readonly DataSource[],
  preset?: ReadonlyMap<string, string>,
): void {
  const text = code.text;
  const at = code.span;
  const literals = foldLiterals(text, literalsOf(text));
  const bound = new Map<string, string>(preset);
  for (const l of literals) {
    const before = text.slice(Math.max(0, l.start - 40), l.start);
    const after = text.slice(l.end, l.end + 24);
    const assigned = /(?:^|[^\w$@%])[$@%]?([A-Za-z_]\w*)\s*=\s*$/.exec(before);
    if (assigned !== null) bound.set(assigned[1]!, l.text + envTail(text, l.end));
    const trimmed = l.text.trim();
    if (trimmed === '') continue;
    const isCommand =
      l.quote === '`' ||
      CALL_BEFORE.test(before) ||
      /\|\s*$/.test(before) ||
      /^\s*\|\s*getline/.test(after) ||
      PIPED_TO_SHELL.test(after) ||
      SEND_BEFORE.test(before) ||
      /(qx|%x)\s*$/.test(before);
    // `URI.open("http://h/x")`, `open("https://...")`: a fetch, not a command line.
    const fetch = l.quote !== '`' && /^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(trimmed);
    if (/^\|/.test(trimmed) || /\|$/.test(trimmed)) {
      // perl open(F, "cmd |") / open(F, "| cmd"); in the second the command reads the interpreter's pipe
      const command = trimmed.replace(/^\|\s*|\s*\|$/g, '');
      kit.nested(trimmed.startsWith('|') ? fromPipe(command) : command, 'bash', at, inv.program);
    } else if ((isCommand && !fetch) || SHELL_LITERAL.test(trimmed)) {
      // awk `print ... | "sh"`: the command's standard input is awk's pipe, not the terminal
      const piped = /(?:^|[^|])\|\s*$/.test(before);
      // `exec "rm", "-rf", $ENV{HOME}`: a program and its argument list.
      const tail = isCommand && l.quote !== '`' ? listTail(text, l.end) : null;
      const command = tail === null ? trimmed : `${quoteArg(trimmed)} ${tail}`;
      kit.nested(piped ? fromPipe(command) : command, 'bash', at, inv.program);
    } else if (/(?:^|[^>=<!])>>?\s*$/.test(before) && (trimmed.startsWith('/') || trimmed.startsWith('~'))) {
      // awk `print ... > "/path"` (and `>>`): the file is written.
      kit.write(sub(code, trimmed), inv.program, /> *>\s*$/.test(before) ? 'append' : 'write', NO_SOURCES);
    } else if (trimmed.startsWith('>')) {
      const path = trimmed.replace(/^>+\s*/, '');
      if (path.startsWith('/') || path.startsWith('~'))
        kit.write(sub(code, path), inv.program, 'write', NO_SOURCES);
    } else if (IPV4.test(trimmed) || /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) {
      const addr = parseNetAddress(trimmed);
      if (addr !== null)
        kit.sink.net({
          host: addr.host,
          port: addr.port,
          url: trimmed.includes('://') ? trimmed : undefined,
          scheme: addr.scheme,
          sends: false,
          actor: inv.program,
          span: at,
        });
    } else if ((trimmed.startsWith('/') || trimmed.startsWith('~/')) && !trimmed.includes(' ')) {
      if (/^\/(usr\/)?(s?bin)\//.test(trimmed)) kit.nested(trimmed, 'bash', at, inv.program);
      else kit.read(sub(code, trimmed), inv.program);
    }
  }
  libraryDeletes(kit, inv, code);
  // awk `print ... > VAR` with VAR set by -v: the file it names is written.
  for (const m of text.matchAll(/[^>=<!]>>?\s*([A-Za-z_]\w*)\b/g)) {
    const path = bound.get(m[1]!);
    if (path !== undefined && (path.startsWith('/') || path.startsWith('~')))
      kit.write(sub(code, path), inv.program, 'write', NO_SOURCES);
  }
  if (
    /\b(?:system|exec|popen|passthru|shell_exec|proc_open|pcntl_exec|spawn|eval|assert|execute|qx)\b|`/.test(
      text,
    )
  )
    dynamicSinks(
      kit,
      inv,
      code,
      literals,
      bound,
      input ?? (inv.stdin.interactive ? NO_SOURCES : inv.stdin.sources),
    );
  // fork in a loop (perl -e 'fork while 1'): a fork bomb in any language.
  if (/\bfork\b/.test(text) && /\b(while|until|loop|for\s*\(\s*;\s*;)/.test(text)) {
    kit.sink.loop(at, true, /\bsleep\b/.test(text), /\b(exit|last|break|die)\b/.test(text), true);
  }
  // Bare shell escapes without quotes: perl `exec sh`, vim `:!sh`.
  if (/\bexec\s+(\/bin\/)?(sh|bash)\b/.test(text) && literals.length === 0)
    kit.nested('sh', 'bash', at, inv.program);
}

/** An environment value read in the language (`$ENV{HOME}`, `ENV["HOME"]`, `ENVIRON["HOME"]`, `Dir.home`) as shell. */
const ENV_REF =
  /^(?:ENVIRON\[\s*"(\w+)"\s*\]|\$ENV\{\s*['"]?(\w+)['"]?\s*\}|ENV(?:\.fetch\(|\[)\s*['"](\w+)['"]\s*[\])]|(?:os\.)?getenv\(\s*['"](\w+)['"]\s*\)|Dir\.home\b|File\.expand_path\(\s*['"]~['"]\s*\))/;

function envRef(text: string): { shell: string; length: number } | null {
  const m = ENV_REF.exec(text);
  if (m === null) return null;
  const name = m[1] ?? m[2] ?? m[3] ?? m[4];
  return { shell: name === undefined ? '~' : '$' + name, length: m[0].length };
}

/** What a literal is concatenated with right after it, when that is an environment value (`"rm -rf " ENVIRON["HOME"]`). */
function envTail(text: string, from: number): string {
  const gap = /^\s*(?:\.\.?|\+)?\s*/.exec(text.slice(from, from + 8))![0];
  return envRef(text.slice(from + gap.length, from + gap.length + 64))?.shell ?? '';
}

/** A word for a re-joined command line: plain words as they are, others in single quotes. */
function quoteArg(text: string): string {
  if (text !== '' && /^[\w\-.,:/=@+%^~*?]+$/.test(text)) return text;
  return "'" + text.replace(/'/g, "'\\''") + "'";
}

/** The items after a command literal in a call's argument list (`, "-rf", $ENV{HOME}`), as shell words. */
function listTail(text: string, from: number): string | null {
  const items: string[] = [];
  let i = from;
  while (items.length < 32) {
    const comma = /^\s*,\s*/.exec(text.slice(i, i + 16));
    if (comma === null) break;
    i += comma[0].length;
    const rest = text.slice(i, i + 256);
    const lit = /^(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')/.exec(rest);
    if (lit !== null) {
      items.push(quoteArg(lit[1] ?? lit[2]!));
      i += lit[0].length;
      continue;
    }
    const env = envRef(rest);
    if (env !== null) {
      items.push(env.shell);
      i += env.length;
      continue;
    }
    const variable = /^[$@]?([A-Za-z_]\w*)/.exec(rest);
    if (variable === null) break;
    items.push('$' + variable[1]!); // a value the analysis cannot know
    i += variable[0].length;
  }
  return items.length === 0 ? null : items.join(' ');
}

/** Library calls that delete files: perl File::Path, ruby FileUtils, unlink in perl/php/ruby, lua os.remove. */
const DELETE_CALL =
  /\b(rmtree|remove_tree|rm_rf|rm_r|remove_dir|remove_entry_secure|remove_entry|rm_f|unlink|os\.remove|File\.delete)\b\s*\(?\s*/g;

/** The path an argument expression names, as a shell word (`glob("$ENV{HOME}/.ssh/*")` → `~/.ssh/*`). */
function pathArgument(text: string): string | null {
  let t = text;
  const glob = /^glob\s*\(?\s*/.exec(t);
  if (glob !== null) t = t.slice(glob[0].length);
  const env = envRef(t);
  if (env !== null) {
    // getenv("HOME") . "/.ssh/id_rsa": the value and the literal joined to it.
    const joined = /^\s*(?:\.\.?|\+)\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')/.exec(t.slice(env.length));
    return (env.shell === '$HOME' ? '~' : env.shell) + (joined === null ? '' : (joined[1] ?? joined[2]!));
  }
  const lit = /^(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')/.exec(t);
  if (lit === null) return null;
  // Perl and ruby interpolate in double quotes: "$ENV{HOME}/x", "#{Dir.home}/x", "$HOME".
  const value = (lit[1] ?? lit[2]!)
    .replace(/\$ENV\{\s*['"]?HOME['"]?\s*\}|#\{\s*(?:Dir\.home|ENV\[\s*['"]HOME['"]\s*\])\s*\}/g, '~')
    .replace(/\$ENV\{\s*['"]?(\w+)['"]?\s*\}/g, '$$$1');
  return value === '' ? null : value;
}

function libraryDeletes(kit: Toolkit, inv: Invocation, code: Word): void {
  const text = code.text;
  if (!/rmtree|remove_tree|rm_r|remove_|rm_f|unlink|remove\(|delete/.test(text)) return;
  for (const m of text.matchAll(DELETE_CALL)) {
    const path = pathArgument(text.slice(m.index + m[0].length, m.index + m[0].length + 256));
    if (path === null) continue;
    const recursive = /^(rmtree|remove_tree|rm_rf|rm_r|remove_dir|remove_entry)/.test(m[1]!);
    const word = /^[\w~./*?[\]$-]+$/.test(path) ? path : quoteArg(path);
    kit.nested(`rm ${recursive ? '-rf' : '-f'} ${word}`, 'bash', code.span, inv.program);
  }
}

/**
 * system(X) / eval(X) where X is not a literal: a variable bound to a literal runs that literal;
 * anything else is a string built at run time, which is remote code execution when the code
 * decodes or downloads data.
 */
function dynamicSinks(
  kit: Toolkit,
  inv: Invocation,
  code: Word,
  literals: readonly CodeLiteral[],
  bound: ReadonlyMap<string, string>,
  input: readonly DataSource[],
): void {
  const text = code.text;
  let unknown = false;
  for (const m of text.matchAll(DYNAMIC_SINK)) {
    const arg = m[1]!;
    const name = /^\$?([A-Za-z_]\w*)$/.exec(arg)?.[1];
    const value = name === undefined ? undefined : bound.get(name);
    if (
      value !== undefined &&
      !/^(?:eval|assert|create_function|instance_eval|class_eval|loadstring)/.test(m[0])
    )
      kit.nested(value, 'bash', code.span, inv.program);
    else if (m[0].startsWith('`') && !/[$@]/.test(arg)) continue;
    else unknown = true;
  }
  if (!unknown) return;
  const folded = literals.map((l) => l.text).join('\n');
  const sources: DataSource[] = [];
  if (DECODES.test(text)) sources.push({ kind: 'decoded' });
  if (FETCHES.test(text) || FETCHES.test(folded)) {
    const host = /(?:[a-z]+:\/\/)?((?:[a-z0-9-]+\.)+[a-z]{2,}|\d{1,3}(?:\.\d{1,3}){3})/i.exec(folded);
    sources.push({ kind: 'net', host: host?.[1]?.toLowerCase() ?? 'unknown' });
  }
  // The data the program reads (`curl ... | awk '{system($0)}'`, `perl -ne 'system $_'`) may be what runs.
  if (sources.length > 0 || input.length > 0)
    kit.flow(mergeSources(sources, input), { kind: 'exec', program: inv.program }, code.span);
}
