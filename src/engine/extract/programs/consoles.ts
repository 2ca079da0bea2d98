/**
 * Programs with a command language of their own that can reach the shell: SQL clients (psql `\!`,
 * `-o '|cmd'`; mysql `system`; sqlite3 `.shell`), ed, gdb (`!`, `shell`, `python`), nmap
 * (`--script`, `--interactive`) and cpan. Their commands come from options or from standard input.
 */
import type { Invocation, Word } from '../bash/model.js';
import { scanCode } from './foreign-code.js';
import { codeOnStdin } from './interpreters.js';
import type { ProgramHandler, Toolkit } from './types.js';
import { hasOption, optionValues, parseArgs, parseNetAddress } from './util.js';
import { runCode } from './wrappers.js';

function sub(w: Word, text: string): Word {
  return { ...w, text };
}

/** The command lines a console reads: its code word split on newlines (and `;` where it separates). */
function lines(text: string): string[] {
  return text.split(/\r?\n/);
}

/** `!cmd` / `|cmd`: the part after the bar of an output target (`\o |cmd`, `.once |cmd`). */
function pipeTarget(text: string): string | null {
  const t = text.trim();
  return t.startsWith('|') ? t.slice(1).trim() : null;
}

/** Standard input as a command script: its known text, else a flow of what it carries. */
export function stdinScript(kit: Toolkit, inv: Invocation, run: (line: string, at: Word) => void): void {
  if (inv.stdin.interactive) return;
  if (inv.stdin.text === null) {
    // A script from the network or a decoder may hold shell escapes; local text transforms do not count.
    const remote = inv.stdin.sources.filter((s) => s.kind === 'net' || s.kind === 'decoded');
    if (remote.length > 0) kit.flow(remote, { kind: 'exec', program: inv.program }, inv.span);
    return;
  }
  const at: Word = { ...inv.argv[0]!, text: inv.stdin.text, span: inv.stdin.textSpan ?? inv.span };
  for (const line of lines(inv.stdin.text)) run(line, at);
}

// ------------------------------------------------------------------ SQL clients

/**
 * psql meta-commands: `\! CMD` runs a shell command, `\o |CMD` / `\g |CMD` pipe query output to a
 * command, `\o FILE` writes, `\i FILE` reads. Returns the SQL left once they are taken out.
 */
function psqlMeta(kit: Toolkit, inv: Invocation, code: Word): string {
  const sql: string[] = [];
  for (const line of lines(code.text)) {
    const m = /^\s*\\(!|o|out|g|gx|w|write|i|include|ir|copy)(?=\s|$)\s*(.*)$/s.exec(line);
    if (m === null) {
      sql.push(line);
      continue;
    }
    const [, cmd, rest] = m as unknown as [string, string, string];
    const piped = pipeTarget(rest);
    if (cmd === '!') runCode(kit, inv, sub(code, rest), 'bash');
    else if (piped !== null) runCode(kit, inv, sub(code, piped), 'bash');
    else if (cmd === 'copy') {
      const program = /\bprogram\s+'([^']*)'/i.exec(rest);
      if (program !== null) runCode(kit, inv, sub(code, program[1]!), 'bash');
    } else if (rest.trim() !== '' && (cmd === 'i' || cmd === 'include' || cmd === 'ir'))
      kit.read(sub(code, rest.trim()), inv.program);
    else if (rest.trim() !== '') kit.write(sub(code, rest.trim()), inv.program, 'write', []);
  }
  return sql.join('\n');
}

/** mysql client commands: `\! CMD` / `system CMD`, `pager CMD`, `source FILE` / `\. FILE`, `tee FILE`. */
function mysqlMeta(kit: Toolkit, inv: Invocation, code: Word): string {
  const sql: string[] = [];
  for (const stmt of code.text.split(/[;\n]/)) {
    const m = /^\s*(\\!|system|\\P|pager|\\\.|source|\\T|tee)(?:\s+(.*))?$/is.exec(stmt);
    if (m === null) {
      sql.push(stmt);
      continue;
    }
    const cmd = m[1]!.toLowerCase();
    const rest = (m[2] ?? '').trim();
    if (rest === '') continue;
    if (cmd === '\\!' || cmd === 'system' || cmd === '\\p' || cmd === 'pager')
      runCode(kit, inv, sub(code, rest), 'bash');
    else if (cmd === '\\.' || cmd === 'source') kit.read(sub(code, rest), inv.program);
    else kit.write(sub(code, rest), inv.program, 'append', []);
  }
  return sql.join(';');
}

/** sqlite3 dot-commands: `.shell`/`.system`, `.read FILE|'|cmd'`, `.output`/`.once`, `.import`, `.load`. */
function sqliteMeta(kit: Toolkit, inv: Invocation, code: Word): string {
  const sql: string[] = [];
  for (const line of lines(code.text)) {
    const m = /^\s*\.(shell|system|read|output|once|import|load|open|log)\b\s*(.*)$/s.exec(line);
    if (m === null) {
      sql.push(line);
      continue;
    }
    const cmd = m[1]!;
    const rest = m[2]!.trim();
    const arg = rest.replace(/^(['"])(.*)\1.*$/s, '$2').split(/\s+(?=[^|]*$)/)[0] ?? '';
    const piped = pipeTarget(rest.replace(/^['"]|['"]$/g, ''));
    if (cmd === 'shell' || cmd === 'system') runCode(kit, inv, sub(code, rest), 'bash');
    else if (piped !== null) runCode(kit, inv, sub(code, piped), 'bash');
    else if (arg === '' || arg.startsWith('-')) continue;
    else if (cmd === 'read' || cmd === 'import' || cmd === 'open') kit.read(sub(code, arg), inv.program);
    else if (cmd === 'load') kit.fileOp(sub(code, arg), inv.program, 'execute', false);
    else kit.write(sub(code, arg), inv.program, 'write', []);
  }
  return sql.join('\n');
}

type Meta = (kit: Toolkit, inv: Invocation, code: Word) => string;

/** SQL in a word: client commands taken out and analysed, the rest analysed as SQL. */
function sqlCode(kit: Toolkit, inv: Invocation, code: Word, meta: Meta): void {
  const rest = meta(kit, inv, code);
  if (rest === code.text) runCode(kit, inv, code, 'sql');
  else if (rest.trim() !== '') runCode(kit, inv, sub(code, rest), 'sql');
  else if (code.sources.length > 0) kit.flow(code.sources, { kind: 'exec', program: inv.program }, code.span);
}

/** SQL clients: -c / -e / positional SQL, files with -f, output pipes, and SQL on stdin. */
function sqlClient(spec: {
  short: string;
  long: readonly string[];
  code: readonly string[];
  files: readonly string[];
  outputs?: readonly string[];
  /** Options whose value is a command the output is piped to (mysql --pager). */
  pagers?: readonly string[];
  positionalSql?: boolean;
  meta: Meta;
}): ProgramHandler {
  return (inv, kit) => {
    const args = parseArgs(inv.argv, {
      short: spec.short,
      long: spec.long,
      singleDashLong: inv.program === 'sqlite3',
    });
    const code = optionValues(args, ...spec.code);
    for (const c of code) sqlCode(kit, inv, c, spec.meta);
    for (const f of optionValues(args, ...spec.files)) kit.read(f, inv.program);
    for (const o of optionValues(args, ...(spec.outputs ?? []))) {
      const piped = pipeTarget(o.text);
      // psql -o '|cmd': every query result is written to cmd's standard input.
      if (piped !== null) runCode(kit, inv, sub(o, piped), 'bash');
      else kit.write(o, inv.program, 'write', []);
    }
    for (const p of optionValues(args, ...(spec.pagers ?? []))) runCode(kit, inv, p, 'bash');
    let ran = code.length > 0 || optionValues(args, ...spec.files).length > 0;
    if (spec.positionalSql) {
      const [db, ...sql] = args.positionals;
      if (db !== undefined && db.text !== ':memory:') kit.read(db, inv.program);
      for (const s of sql) {
        sqlCode(kit, inv, s, spec.meta);
        ran = true;
      }
    }
    const host = optionValues(args, '-h', '--host')[0];
    if (host !== undefined && inv.program !== 'sqlite3') {
      const addr = parseNetAddress(host.text);
      const portText = optionValues(args, inv.program === 'psql' ? '-p' : '-P', '--port')[0]?.text;
      if (addr !== null) {
        const port =
          portText !== undefined && /^[0-9]+$/.test(portText)
            ? Number(portText)
            : inv.program === 'psql'
              ? 5432
              : 3306;
        kit.sink.net({
          host: addr.host,
          port,
          scheme: inv.program,
          sends: true,
          actor: inv.program,
          span: host.span,
        });
      }
    }
    if (!ran) {
      if (inv.stdin.text !== null && !inv.stdin.interactive) {
        const at: Word = { ...inv.argv[0]!, text: inv.stdin.text, span: inv.stdin.textSpan ?? inv.span };
        const rest = spec.meta(kit, inv, at);
        if (rest !== inv.stdin.text) {
          if (rest.trim() !== '') kit.nested(rest, 'sql', at.span, inv.program);
          return undefined;
        }
      }
      codeOnStdin(kit, inv, 'sql');
    }
    return undefined;
  };
}

// ------------------------------------------------------------------ ed, gdb, nmap, cpan

/** ed: `!CMD`, `r !CMD`, `w !CMD`, `e !CMD` run shell commands; its file operands are read. */
const ed: ProgramHandler = (inv, kit) => {
  for (const f of inv.argv.slice(1)) if (!f.text.startsWith('-')) kit.read(f, inv.program);
  // A script on standard input that writes (`w`, `wq`, or one not known) saves the file (#21).
  const script = inv.stdin.text;
  if (!inv.stdin.interactive && (script === null || /^\s*[0-9,.$]*\s*(?:w|wq|W)\b/m.test(script)))
    for (const f of inv.argv.slice(1))
      if (!f.text.startsWith('-')) kit.write(f, inv.program, 'write', inv.stdin.sources);
  stdinScript(kit, inv, (line, at) => {
    const m = /^\s*[0-9,.$;'a-z+-]*\s*[erwW]?\s*!(.*)$/.exec(line);
    if (m !== null && m[1]!.trim() !== '') runCode(kit, inv, sub(at, m[1]!), 'bash');
  });
  return undefined;
};

/** One gdb command: `!CMD`/`shell CMD`/`pipe ... | CMD` run shells, `python CODE` runs python. */
function gdbCommand(kit: Toolkit, inv: Invocation, c: Word): void {
  const t = c.text.trim();
  let m = /^(?:!|shell\b|she\b)\s*(.*)$/s.exec(t);
  if (m !== null) {
    runCode(kit, inv, sub(c, m[1]!.trim() === '' ? 'sh' : m[1]!), 'bash');
    return;
  }
  m = /^(?:python|py|python-interactive|pi)\b\s*(.*)$/s.exec(t);
  if (m !== null) {
    if (m[1]!.trim() === '') kit.run([sub(c, 'python')], c.span, inv.stdin, inv.program);
    else runCode(kit, inv, sub(c, m[1]!), 'python');
    return;
  }
  m = /^(?:pipe|\|)\s.*?\|\s*(.*)$/s.exec(t);
  if (m !== null) {
    runCode(kit, inv, sub(c, m[1]!), 'bash');
    return;
  }
  // `call system("...")`, `print (int)system(...)`: C calls in the inferior.
  if (/\bsystem\s*\(|\bexec[lv]p?\s*\(|\bpopen\s*\(/.test(t)) scanCode(kit, inv, c);
}

const gdb: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, { singleDashLong: true });
  for (const o of args.options) {
    if (o.value === undefined) continue;
    if (['-ex', '-iex', '--eval-command', '--init-eval-command'].includes(o.name))
      gdbCommand(kit, inv, o.value);
    else if (['-x', '-ix', '--command', '--init-command'].includes(o.name)) kit.read(o.value, inv.program);
  }
  // gdb parses -ex VALUE as a single-dash long option: parseArgs keeps the value only with `=`.
  for (let i = 1; i + 1 < inv.argv.length; i++) {
    const t = inv.argv[i]!.text;
    if (t === '-ex' || t === '-iex' || t === '--eval-command' || t === '--init-eval-command')
      gdbCommand(kit, inv, inv.argv[++i]!);
    else if (t === '-x' || t === '-ix' || t === '--command' || t === '--init-command')
      kit.read(inv.argv[++i]!, inv.program);
  }
  stdinScript(kit, inv, (line, at) => gdbCommand(kit, inv, sub(at, line)));
  return undefined;
};

/** nmap: `--script=FILE` runs Lua (NSE); `--interactive` reads `!CMD` lines. */
const nmap: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, { short: 'poiDeS', long: ['--script', '--script-args', '--datadir'] });
  const scripts = optionValues(args, '--script');
  // `--script=<(...)`: the walker keeps the process substitution as the next word.
  for (let i = 1; i + 1 < inv.argv.length; i++)
    if (inv.argv[i]!.text === '--script=' && inv.argv[i + 1]!.proc !== undefined)
      scripts.push(inv.argv[i + 1]!);
  for (const s of scripts) {
    if (s.proc !== undefined) {
      if (s.proc.sources.length > 0) kit.flow(s.proc.sources, { kind: 'exec', program: 'nmap' }, s.span);
      if (s.proc.text !== null) scanCode(kit, inv, { ...s, text: s.proc.text });
      continue;
    }
    // Categories and script names are resolved by nmap; a path is a Lua file it runs.
    for (const name of s.text.split(','))
      if (name.includes('/') || /\.(nse|lua)$/.test(name) || name.startsWith('$'))
        kit.fileOp(sub(s, name), 'nmap', 'execute', false);
  }
  if (hasOption(args, '--interactive'))
    stdinScript(kit, inv, (line, at) => {
      const m = /^\s*!(.*)$/.exec(line);
      if (m !== null) runCode(kit, inv, sub(at, m[1]!), 'bash');
    });
  return undefined;
};

/** cpan shell: `! PERL` lines run perl; `o conf` lines are configuration. */
const cpan: ProgramHandler = (inv, kit) => {
  stdinScript(kit, inv, (line, at) => {
    const m = /^\s*!\s*(.*)$/.exec(line);
    if (m !== null) scanCode(kit, { ...inv, program: 'perl' }, sub(at, m[1]!));
  });
  return undefined;
};

export const CONSOLE_HANDLERS: Readonly<Record<string, ProgramHandler>> = {
  psql: sqlClient({
    short: 'cdfhLopPTUvW',
    long: [
      '--command',
      '--file',
      '--dbname',
      '--host',
      '--port',
      '--username',
      '--output',
      '--set',
      '--variable',
      '--log-file',
    ],
    code: ['-c', '--command'],
    files: ['-f', '--file'],
    outputs: ['-o', '--output', '-L', '--log-file'],
    meta: psqlMeta,
  }),
  mysql: sqlClient({
    short: 'eDhPuSO',
    long: ['--execute', '--database', '--host', '--port', '--user', '--socket', '--pager', '--tee'],
    code: ['-e', '--execute'],
    files: [],
    outputs: ['--tee'],
    pagers: ['--pager'],
    meta: mysqlMeta,
  }),
  sqlite3: sqlClient({
    short: '',
    long: ['-cmd', '-init', '-separator', '-newline', '-nullvalue'],
    code: ['-cmd'],
    files: ['-init'],
    positionalSql: true,
    meta: sqliteMeta,
  }),
  duckdb: sqlClient({
    short: 'cs',
    long: [],
    code: ['-c', '-s'],
    files: [],
    positionalSql: true,
    meta: sqliteMeta,
  }),
  ed,
  red: ed,
  gdb,
  nmap,
  cpan,
};
