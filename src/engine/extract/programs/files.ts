/**
 * Programs whose command line names files: deletes, copies, writes, permission changes, disk
 * tools, crontab, and the many programs that read their file arguments.
 */
import type { DataSource } from '../../facts.js';
import {
  EMPTY_PIPE,
  NO_SOURCES,
  mergeSources,
  type Invocation,
  type Stream,
  type Word,
} from '../bash/model.js';
import type { ProgramHandler, Toolkit } from './types.js';
import { hasOption, optionValues, parseArgs, type OptionSpec } from './util.js';
import { TEXT_FILTERS, withText } from './line-filters.js';
import { settingGrep } from './setting-grep.js';
import { runCode } from './wrappers.js';

function readAll(kit: Toolkit, words: readonly Word[], actor: string): readonly DataSource[] {
  let sources: readonly DataSource[] = NO_SOURCES;
  for (const w of words) sources = mergeSources(sources, kit.read(w, actor));
  return sources;
}

const rm: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, {});
  const recursive = hasOption(args, '-r', '-R', '--recursive');
  for (const p of args.positionals) kit.fileOp(p, inv.program, 'delete', recursive);
  return undefined;
};

const rmdir: ProgramHandler = (inv, kit) => {
  for (const p of parseArgs(inv.argv, {}).positionals) kit.fileOp(p, inv.program, 'delete', false);
  return undefined;
};

const shred: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, { short: 'nsx', long: ['--iterations', '--size', '--random-source'] });
  for (const p of args.positionals) {
    kit.write(p, inv.program, 'write', NO_SOURCES);
    kit.fileOp(p, inv.program, 'delete', false);
  }
  return undefined;
};

/** cp/mv/install: sources are read (mv: moved away), the destination is written. */
function copyLike(op: 'copy' | 'move'): ProgramHandler {
  return (inv, kit) => {
    const args = parseArgs(inv.argv, {
      short: inv.program === 'install' ? 'mogtSb' : 'tS',
      long: [
        '--target-directory',
        '--suffix',
        '--mode',
        '--owner',
        '--group',
        '--reflink',
        '--backup',
        '--sparse',
      ],
    });
    const recursive = op === 'move' || hasOption(args, '-r', '-R', '-a', '--recursive', '--archive');
    const target = optionValues(args, '-t', '--target-directory')[0];
    const files = args.positionals.slice();
    const dest = target ?? (files.length > 1 ? files.pop() : undefined);
    if (inv.program === 'install' && hasOption(args, '-d', '--directory')) {
      for (const d of files) kit.write(d, inv.program, 'create', NO_SOURCES);
      return undefined;
    }
    let sources: readonly DataSource[] = NO_SOURCES;
    // One file copied: the destination holds its text when known (`cp /dev/stdin x.sh <<< code`);
    // taken before a move forgets the source.
    const content =
      dest !== undefined && files.length === 1 && target === undefined
        ? kit.contentOf(files[0]!, inv.stdin)
        : null;
    // Moved onto a device (mv ~ /dev/null): the source is gone and nothing keeps it (#21).
    const intoDevice = op === 'move' && dest !== undefined && /^\/dev\/(?!shm\/)/.test(dest.text);
    for (const f of files) {
      sources = mergeSources(sources, kit.read(f, inv.program));
      if (op === 'move') kit.write(f, inv.program, 'move', NO_SOURCES, recursive);
      if (intoDevice) kit.fileOp(f, inv.program, 'delete', true);
    }
    if (dest !== undefined) {
      if (content !== null) sources = mergeSources(sources, content.sources);
      kit.write(dest, inv.program, op, sources, recursive, content);
      const mode = optionValues(args, '-m', '--mode')[0];
      if (mode !== undefined) kit.fileOp(dest, inv.program, 'chmod', false, { mode: mode.text });
      const owner = optionValues(args, '-o', '--owner')[0];
      if (owner !== undefined) kit.fileOp(dest, inv.program, 'chown', false, { owner: owner.text });
    }
    return undefined;
  };
}

const ln: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, { short: 'tS', long: ['--target-directory', '--suffix'] });
  const target = optionValues(args, '-t', '--target-directory')[0];
  const files = args.positionals;
  // Each (link name, target) pair: later paths through the name reach the target (#21).
  const link = (name: Word, to: Word): void => {
    kit.fileOp(name, inv.program, 'link', false);
    kit.symlink(name, to);
  };
  if (target !== undefined) {
    for (const f of files) link({ ...f, text: target.text + '/' + basename(f.text) }, f);
  } else if (files.length === 1) {
    link({ ...files[0]!, text: basename(files[0]!.text) }, files[0]!);
  } else if (files.length === 2) link(files[1]!, files[0]!);
  else if (files.length > 2) {
    const dir = files[files.length - 1]!;
    for (const f of files.slice(0, -1)) {
      kit.symlink({ ...dir, text: dir.text + '/' + basename(f.text) }, f);
    }
    kit.fileOp(dir, inv.program, 'link', false);
  }
  return undefined;
};

function basename(path: string): string {
  const trimmed = path.endsWith('/') ? path.slice(0, -1) : path;
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

const tee: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, {});
  const append = hasOption(args, '-a', '--append');
  for (const p of args.positionals)
    kit.write(p, inv.program, append ? 'append' : 'write', inv.stdin.sources, false, inv.stdin);
  return { ...inv.stdin, interactive: false };
};

/** sponge [-a] FILE (moreutils): soaks up standard input, then writes (or appends) it to FILE. */
const sponge: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, {});
  const file = args.positionals[0];
  if (file !== undefined)
    kit.write(
      file,
      inv.program,
      hasOption(args, '-a') ? 'append' : 'write',
      inv.stdin.sources,
      false,
      inv.stdin.interactive ? null : inv.stdin,
    );
  return EMPTY_PIPE;
};

/**
 * patch [FILE [PATCHFILE]]: FILE is rewritten (with -o, the output file is written instead); the
 * patch comes from PATCHFILE, -i, or standard input. With no FILE the patch names its files.
 */
const patch: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, {
    short: 'iodpBDFrVYzg',
    long: ['--input', '--output', '--directory', '--strip', '--prefix', '--reject-file', '--suffix'],
  });
  const [file, patchFile] = args.positionals;
  let sources: readonly DataSource[] = inv.stdin.sources;
  for (const p of [...optionValues(args, '-i', '--input'), ...(patchFile === undefined ? [] : [patchFile])])
    sources = mergeSources(sources, kit.read(p, inv.program));
  const out = optionValues(args, '-o', '--output')[0];
  if (out !== undefined) kit.write(out, inv.program, 'write', sources);
  else if (file !== undefined) kit.write(file, inv.program, 'write', sources);
  const dir = optionValues(args, '-d', '--directory')[0];
  if (dir !== undefined && file === undefined) kit.write(dir, inv.program, 'write', sources, true);
  return undefined;
};

const touch: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, { short: 'dtr', long: ['--date', '--reference'] });
  for (const p of args.positionals) kit.write(p, inv.program, 'create', NO_SOURCES);
  return undefined;
};

const mkdir: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, { short: 'mZ', long: ['--mode', '--context'] });
  const mode = optionValues(args, '-m', '--mode')[0];
  for (const p of args.positionals) {
    kit.write(p, inv.program, 'create', NO_SOURCES);
    if (mode !== undefined) kit.fileOp(p, inv.program, 'chmod', false, { mode: mode.text });
  }
  return undefined;
};

const truncate: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, { short: 'sr', long: ['--size', '--reference'] });
  for (const p of args.positionals) kit.write(p, inv.program, 'truncate', NO_SOURCES);
  return undefined;
};

/** What a sed script does besides editing text: commands it runs, files it reads and writes. */
export interface SedEffects {
  /** `e COMMAND` and `1e COMMAND`. */
  readonly commands: string[];
  /** `e` alone or the `s///e` flag: the pattern space (the input's lines) is run as a command. */
  executesInput: boolean;
  readonly reads: string[];
  readonly writes: string[];
}

/** Reads a sed script (GNU syntax) far enough to find `e`, `r`/`R`, `w`/`W` and `s///[ew]`. */
export function sedEffects(script: string): SedEffects {
  const fx: SedEffects = { commands: [], executesInput: false, reads: [], writes: [] };
  const n = script.length;
  let i = 0;
  const restOfLine = (): string => {
    const end = script.indexOf('\n', i);
    const text = script.slice(i, end === -1 ? n : end);
    i = end === -1 ? n : end + 1;
    return text.trim();
  };
  /** Skips a delimited part (`/re/`, `s|a|b|`): returns false when it does not close. */
  const delimited = (delim: string): boolean => {
    for (; i < n; i++) {
      const c = script[i];
      if (c === '\\') i++;
      else if (c === delim) {
        i++;
        return true;
      }
    }
    return false;
  };
  for (let guard = 0; i < n && guard < 4096; guard++) {
    // Address: numbers, $, /re/, \cREc, first~step, `,` ranges, `!` negation.
    while (i < n && /[\s;{}]/.test(script[i]!)) i++;
    for (;;) {
      const c = script[i];
      if (c !== undefined && /[0-9$~,!+ ]/.test(c)) i++;
      else if (c === '/') {
        i++;
        if (!delimited('/')) return fx;
      } else if (c === '\\' && i + 1 < n) {
        i += 2;
        if (!delimited(script[i - 1]!)) return fx;
      } else break;
    }
    const cmd = script[i++];
    if (cmd === undefined) break;
    // Not a sed command: the script is not what it seems (an expansion, another dialect); stop.
    if (!/[=aAbcdDeFgGhHiIlnNpPqQrRstTvwWxyz:#]/.test(cmd)) return fx;
    if (cmd === 's' || cmd === 'y') {
      const delim = script[i++];
      if (delim === undefined || !delimited(delim) || !delimited(delim)) return fx;
      if (cmd === 'y') continue;
      let flags = '';
      while (i < n && /[0-9gpiImMe]/.test(script[i]!)) flags += script[i++];
      if (flags.includes('e')) fx.executesInput = true;
      if (script[i] === 'w') {
        i++;
        const file = restOfLine();
        if (file !== '') fx.writes.push(file);
      }
    } else if (cmd === 'e') {
      const command = restOfLine().replace(/;$/, '');
      if (command === '') fx.executesInput = true;
      else fx.commands.push(command);
    } else if (cmd === 'r' || cmd === 'R') {
      const file = restOfLine();
      if (file !== '') fx.reads.push(file);
    } else if (cmd === 'w' || cmd === 'W') {
      const file = restOfLine();
      if (file !== '') fx.writes.push(file);
    } else if (cmd === 'a' || cmd === 'i' || cmd === 'c' || cmd === ':' || cmd === '#') restOfLine();
    else if (cmd === 'b' || cmd === 't' || cmd === 'T') {
      while (i < n && script[i] !== ';' && script[i] !== '\n' && script[i] !== '}') i++;
    } else if (cmd === 'q' || cmd === 'Q' || cmd === 'l' || cmd === 'L') {
      while (i < n && /[0-9 ]/.test(script[i]!)) i++;
    }
  }
  return fx;
}

const sed: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, { short: 'efl', long: ['--expression', '--file', '--line-length'] });
  const inPlace = args.options.some((o) => o.name === '-i' || o.name.startsWith('--in-place'));
  // `-i` may carry a suffix in the same word (-i.bak): parseArgs splits -i.bak into -i -. -b ...; fine.
  const scripts = optionValues(args, '-e', '--expression');
  const scriptFiles = optionValues(args, '-f', '--file');
  readAll(kit, scriptFiles, inv.program);
  const inline = scripts.length > 0 || scriptFiles.length > 0;
  const programs = inline ? scripts : args.positionals.slice(0, 1);
  const files = inline ? args.positionals : args.positionals.slice(1);
  let input: readonly DataSource[] =
    files.length === 0 && !inv.stdin.interactive ? inv.stdin.sources : NO_SOURCES;
  for (const f of files) {
    const sources = kit.read(f, inv.program);
    input = mergeSources(input, sources);
    if (inPlace) kit.write(f, inv.program, 'write', sources);
  }
  for (const program of programs) {
    if (program.dynamic || !/[erwRW]/.test(program.text)) continue;
    const fx = sedEffects(program.text);
    for (const c of fx.commands) runCode(kit, inv, { ...program, text: c }, 'bash');
    for (const r of fx.reads) kit.read({ ...program, text: r }, inv.program);
    for (const w of fx.writes) kit.write({ ...program, text: w }, inv.program, 'write', input);
    if (fx.executesInput) {
      // GNU sed `e`: each input line is run by the shell.
      kit.flow(input, { kind: 'exec', program: 'sed' }, program.span);
      if (files.length === 0 && inv.stdin.text !== null && !inv.stdin.interactive)
        kit.nested(inv.stdin.text, 'bash', inv.stdin.textSpan ?? inv.span, 'sed');
    }
  }
  return undefined;
};

const dd: ProgramHandler = (inv, kit) => {
  let sources: readonly DataSource[] = inv.stdin.interactive ? NO_SOURCES : inv.stdin.sources;
  // What is copied, when known: standard input, or the input file's text (`dd of=x.sh <<< code`).
  let content: Stream | null = inv.stdin.interactive ? null : inv.stdin;
  let wrote = false;
  for (const w of inv.argv.slice(1)) {
    if (!w.text.startsWith('if=')) continue;
    const file = { ...w, text: w.text.slice(3) };
    sources = kit.read(file, inv.program);
    content = kit.contentOf(file, inv.stdin);
    if (content !== null) sources = mergeSources(sources, content.sources);
  }
  // Options that change the bytes (skip, count, conv) leave the text unknown.
  if (inv.argv.some((w) => /^(skip|iseek|count|conv|cbs|ibs|bs)=/.test(w.text))) content = null;
  for (const w of inv.argv.slice(1)) {
    if (w.text.startsWith('of=')) {
      kit.write({ ...w, text: w.text.slice(3) }, inv.program, 'write', sources, false, content);
      wrote = true;
    }
  }
  return wrote
    ? { sources: NO_SOURCES, text: null, interactive: false, literals: [] }
    : { sources, text: null, interactive: false, literals: [] };
};

/** System programs installed setuid or setgid on common distributions. */
const SETUID_PROGRAMS =
  /^\/(?:usr\/)?(?:s?bin|lib(?:exec)?(?:\/[\w.-]+)*)\/(?:passwd|sudo|sudoedit|su|mount|umount|ping6?|chsh|chfn|newgrp|gpasswd|pkexec|fusermount3?|at|crontab|ssh-keysign|unix_chkpwd|chage|expiry|wall|write|bsd-write|dotlockfile|mount\.nfs|ntfs-3g|Xorg\.wrap|dbus-daemon-launch-helper|polkit-agent-helper-1)$/;

function permission(op: 'chmod' | 'chown'): ProgramHandler {
  return (inv, kit) => {
    const args = parseArgs(inv.argv, { long: ['--reference', '--from'] });
    const recursive = hasOption(args, '-R', '--recursive');
    // chmod's mode may look like an option (-x, -w): take it back from the options when no positional mode.
    let positionals = args.positionals;
    let value: string | undefined;
    if (op === 'chmod' && !hasOption(args, '--reference')) {
      const modeOpt = args.options.find((o) => /^-[rwxXst]+$/.test(o.word.text));
      if (modeOpt !== undefined) value = modeOpt.word.text;
    }
    if (value === undefined && !hasOption(args, '--reference')) {
      // `chmod -R /` (no mode): a lone path-looking operand is the target, not the mode.
      const only = positionals.length === 1 ? positionals[0]!.text : '';
      if (!/^[/~.]/.test(only)) {
        value = positionals[0]?.text;
        positionals = positionals.slice(1);
      }
    }
    // `chmod --reference=/usr/bin/passwd f` copies the mode of a setuid program (GTFOBins-style SUID copy).
    const reference = optionValues(args, '--reference')[0]?.text;
    if (op === 'chmod' && reference !== undefined && SETUID_PROGRAMS.test(reference)) value = 'u+s';
    if (inv.program === 'chgrp' && value !== undefined) value = ':' + value;
    for (const p of positionals) {
      kit.fileOp(
        p,
        inv.program,
        op,
        recursive,
        op === 'chmod'
          ? value === undefined
            ? {}
            : { mode: value }
          : value === undefined
            ? {}
            : { owner: value },
      );
    }
    return undefined;
  };
}

const umask: ProgramHandler = (inv, kit) => {
  const value = inv.argv.slice(1).find((w) => !w.text.startsWith('-'));
  // The mask applies to every file created later: no path of its own.
  if (value !== undefined)
    kit.sink.file({ op: 'chmod', path: '', actor: 'umask', span: value.span, mode: value.text });
  return undefined;
};

/** Disk tools: every device or image argument is written (fdisk -l / parted print only read). */
const disk: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, { short: 'tLbcCHSuoOnImgN', long: ['--type', '--label', '--script'] });
  const readOnly =
    hasOption(args, '-l', '--list', '-s') ||
    args.positionals.some((p) => p.text === 'print' || p.text === 'list' || p.text === 'p') ||
    (inv.program === 'wipefs' && !hasOption(args, '-a', '--all', '-o', '--offset'));
  // Devices may follow options whose arity varies by tool (fdisk -u /dev/sda): any /dev/ word is a target.
  const targets = [...args.positionals];
  for (const o of args.options)
    if (o.value?.text.startsWith('/dev/') && !targets.includes(o.value)) targets.push(o.value);
  for (const p of targets) {
    if (!p.text.startsWith('/') && !p.text.includes('.')) continue; // parted subcommands, sizes
    if (readOnly) kit.read(p, inv.program);
    else kit.write(p, inv.program, 'write', NO_SOURCES);
  }
  return undefined;
};

const crontab: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, { short: 'u' });
  const spool: Word = { ...inv.argv[0]!, text: '/var/spool/cron/crontabs', span: inv.span };
  if (hasOption(args, '-l')) kit.read(spool, inv.program);
  else if (hasOption(args, '-r')) kit.fileOp(spool, inv.program, 'delete', false);
  // -e alone on a terminal: a person edits in $EDITOR; nothing is written by the command itself.
  else if (hasOption(args, '-e')) {
    if (!(inv.stdin.interactive && inv.argv.length === 2)) kit.write(spool, inv.program, 'write', NO_SOURCES);
  } else {
    const file = args.positionals[0];
    const sources = file === undefined || file.text === '-' ? inv.stdin.sources : kit.read(file, inv.program);
    kit.write(spool, inv.program, 'write', sources);
  }
  return undefined;
};

/** Programs whose positionals (after `skip` leading non-file ones) are files they read. */
function reader(spec: OptionSpec = {}, skip = 0, patternOptions: readonly string[] = []): ProgramHandler {
  // grep -f / rg -f name a pattern file; for cut, sort ... -f is a field list.
  const fileOptions = patternOptions.includes('-f')
    ? ['-f', '--file', '--from-file']
    : ['--file', '--from-file'];
  return (inv, kit) => {
    const args = parseArgs(inv.argv, spec);
    for (const o of args.options) {
      if (o.value !== undefined && fileOptions.includes(o.name)) kit.read(o.value, inv.program);
    }
    const hasPattern = patternOptions.length > 0 && hasOption(args, ...patternOptions);
    const files = args.positionals.slice(hasPattern ? 0 : skip);
    readAll(kit, files, inv.program);
    // Option values that name files (--config=~/.x, -i ~/.ssh/id_rsa) are reads too.
    for (const o of args.options)
      if (o.value !== undefined && o.value.text.length > 1) kit.genericArgs(inv, [o.value]);
    return undefined;
  };
}

/**
 * sort -o FILE, uniq IN OUT: the output goes to a file instead of standard output (with its text
 * when known, so `sort -o x.sh <<< 'code'; sh x.sh` runs that code).
 */
function writesOutput(handler: ProgramHandler): ProgramHandler {
  return (inv, kit) => {
    const out = handler(inv, kit) ?? { ...inv.stdin, text: null, interactive: false };
    let file: Word | undefined;
    if (inv.program === 'uniq') {
      const positionals = inv.argv.slice(1).filter((w) => !w.text.startsWith('-') || w.text === '-');
      file = positionals[1];
    } else {
      for (let i = 1; i < inv.argv.length; i++) {
        const t = inv.argv[i]!.text;
        if (t === '-o' || t === '--output') file = inv.argv[i + 1];
        else if (t.startsWith('--output=')) file = { ...inv.argv[i]!, text: t.slice(9) };
        else if (/^-[a-zA-Z]*o$/.test(t)) file = inv.argv[i + 1];
        else if (/^-[a-zA-Z]*o./.test(t)) file = { ...inv.argv[i]!, text: t.slice(t.indexOf('o') + 1) };
      }
    }
    if (file === undefined || file.text === '-') return out;
    kit.write(file, inv.program, 'write', out.sources, false, out);
    return EMPTY_PIPE;
  };
}

/** Programs that take paths but never print their content (metadata only). */
const metadataOnly: ProgramHandler = () => undefined;

const find: ProgramHandler = (inv, kit) => {
  const argv = inv.argv;
  let i = 1;
  while (i < argv.length && ['-H', '-L', '-P'].includes(argv[i]!.text)) i++;
  const roots: Word[] = [];
  for (; i < argv.length; i++) {
    const t = argv[i]!.text;
    if (t.startsWith('-') || t === '(' || t === '!' || t === ')') break;
    roots.push(argv[i]!);
  }
  if (roots.length === 0) roots.push({ ...argv[0]!, text: '.', dynamic: false, span: inv.span });
  const names: string[] = [];
  for (; i < argv.length; i++) {
    const t = argv[i]!.text;
    if (t === '-delete') for (const r of roots) kit.fileOp(r, 'find', 'delete', true);
    else if ((t === '-name' || t === '-iname') && argv[i + 1] !== undefined) names.push(argv[++i]!.text);
    else if (t === '-exec' || t === '-execdir' || t === '-ok' || t === '-okdir') {
      const start = i;
      // `{}` is each file found under the roots: `ROOT/*` stands for them. With -name P the files
      // are named P at any depth, hidden directories included (find ~ -name 'id_*' finds
      // ~/.ssh/id_rsa), so the command is also read with ROOT/P, ROOT/.*/P and ROOT/*/P (#21).
      const root = roots[0]!.text.replace(/\/+$/, '');
      const found = [`${root}/*`];
      for (const n of names) found.push(`${root}/${n}`, `${root}/.*/${n}`, `${root}/*/${n}`);
      for (const each of found) {
        const inner: Word[] = [];
        for (i = start + 1; i < argv.length; i++) {
          const a = argv[i]!;
          if (a.text === ';' || a.text === '+') break;
          const asProgram = inner.length === 0 || (inner.length === 1 && inner[0]!.text === 'command');
          inner.push(
            a.text === '{}' && asProgram
              ? { ...a, text: root + '/{}', dynamic: true }
              : a.text.includes('{}')
                ? {
                    ...roots[0]!,
                    text: a.text.replaceAll('{}', each),
                    span: a.span,
                    // ROOT/NAME with a literal -name is that file (`-name x.sh -exec sh {}` runs ./x.sh).
                    dynamic:
                      roots[0]!.dynamic || a.text !== '{}' || /[*?[\]\\]/.test(each) || each.includes('/.*/'),
                  }
                : a,
          );
        }
        kit.run(inner, inv.span, inv.stdin, 'find');
        if (!inner.some((w) => w.text.includes(each))) break; // no {} argument: one run says it all
      }
    } else if (t === '-fprint' || t === '-fprint0' || t === '-fprintf' || t === '-fls') {
      const file = argv[i + 1];
      if (file !== undefined) kit.write(file, 'find', 'write', NO_SOURCES);
    }
  }
  return undefined;
};

const tar: ProgramHandler = (inv, kit) => {
  // Old style: `tar czf file dir` (first word is a cluster without a dash).
  let argv = inv.argv;
  const first = argv[1];
  if (first !== undefined && !first.text.startsWith('-') && /^[A-Za-z]+$/.test(first.text)) {
    argv = [argv[0]!, { ...first, text: '-' + first.text }, ...argv.slice(2)];
  }
  const args = parseArgs(argv, {
    short: 'fCIXTKNgLbHV',
    long: [
      '--file',
      '--directory',
      '--use-compress-program',
      '--exclude',
      '--files-from',
      '--to-command',
      '--rsh-command',
      '--info-script',
      '--new-volume-script',
    ],
  });
  const create = hasOption(args, '-c', '--create', '-r', '--append', '-u', '--update');
  const extract = hasOption(args, '-x', '--extract', '--get');
  const archive = optionValues(args, '-f', '--file')[0];
  for (const o of args.options) {
    if (o.value === undefined) continue;
    if (
      o.name === '--use-compress-program' ||
      o.name === '-I' ||
      o.name === '--to-command' ||
      o.name === '--rsh-command' ||
      o.name === '--info-script' ||
      o.name === '-F' ||
      o.name === '--new-volume-script'
    ) {
      kit.nested(o.value.text, 'bash', o.value.span, 'tar');
    } else if (o.name === '--checkpoint-action' && /^(exec|sh)=/.test(o.value.text)) {
      kit.nested(o.value.text.slice(o.value.text.indexOf('=') + 1), 'bash', o.value.span, 'tar');
    } else if (o.name === '-T' || o.name === '--files-from') kit.read(o.value, 'tar');
  }
  if (create) {
    const sources = readAll(kit, args.positionals, 'tar');
    // --remove-files: the archived files are deleted afterwards (into /dev/null, that is rm -r, #21).
    if (hasOption(args, '--remove-files'))
      for (const p of args.positionals) kit.fileOp(p, 'tar', 'delete', true);
    if (archive !== undefined && archive.text !== '-') kit.write(archive, 'tar', 'write', sources);
    else return { sources, text: null, interactive: false, literals: [] };
  } else if (extract) {
    // The unpacked files carry what the archive did (a download piped in: curl URL | tar x -C ~).
    const sources =
      archive !== undefined && archive.text !== '-' ? kit.read(archive, 'tar') : inv.stdin.sources;
    const dir = optionValues(args, '-C', '--directory')[0];
    const target: Word = dir ?? { ...inv.argv[0]!, text: '.', span: inv.span };
    kit.write(target, 'tar', 'write', sources, true);
  } else if (archive !== undefined) kit.read(archive, 'tar');
  return undefined;
};

const zip: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, {
    short: 'bnPtxi',
    long: ['--unzip-command', '--password', '--exclude', '--include'],
  });
  for (const o of args.options) {
    if (o.name === '--unzip-command' && o.value !== undefined)
      kit.nested(o.value.text, 'bash', o.value.span, 'zip');
  }
  // -TT is `-T -T`: its command is the next positional word after the option.
  const tt = inv.argv.findIndex((w) => w.text === '-TT');
  if (tt !== -1 && inv.argv[tt + 1] !== undefined)
    kit.nested(inv.argv[tt + 1]!.text, 'bash', inv.argv[tt + 1]!.span, 'zip');
  const [archive, ...members] = args.positionals.filter(
    (_, i) => !(tt !== -1 && args.positionals[i] === inv.argv[tt + 1]),
  );
  const sources = readAll(kit, members, 'zip');
  const recursive = hasOption(args, '-r', '--recurse-paths');
  if (archive !== undefined && archive.text !== '-') kit.write(archive, 'zip', 'write', sources, recursive);
  // -m/--move: the members are deleted once archived (#21).
  if (hasOption(args, '-m', '--move')) for (const m of members) kit.fileOp(m, 'zip', 'delete', recursive);
  return undefined;
};

const unzip: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, { short: 'dxP' });
  const archive = args.positionals[0];
  if (archive !== undefined) kit.read(archive, 'unzip');
  const dir = optionValues(args, '-d')[0];
  if (!hasOption(args, '-l', '-p', '-t', '-v', '-Z'))
    kit.write(dir ?? { ...inv.argv[0]!, text: '.', span: inv.span }, 'unzip', 'write', NO_SOURCES, true);
  return undefined;
};

export const FILE_HANDLERS: Readonly<Record<string, ProgramHandler>> = {
  rm,
  rmdir,
  unlink: rmdir,
  shred,
  sponge,
  patch,
  cp: copyLike('copy'),
  install: copyLike('copy'),
  rsync_local: copyLike('copy'),
  mv: copyLike('move'),
  ln,
  tee,
  touch,
  mkdir,
  truncate,
  sed: withText(sed, TEXT_FILTERS.sed!),
  dd,
  chmod: permission('chmod'),
  chown: permission('chown'),
  chgrp: permission('chown'),
  umask,
  mkfs: disk,
  mke2fs: disk,
  mkswap: disk,
  wipefs: disk,
  fdisk: disk,
  sfdisk: disk,
  cfdisk: disk,
  gdisk: disk,
  sgdisk: disk,
  parted: disk,
  blkdiscard: disk,
  crontab,
  find,
  tar,
  zip,
  unzip,
  tac: withText(reader(), TEXT_FILTERS.tac!),
  nl: reader(),
  head: withText(reader({ short: 'nc', long: ['--lines', '--bytes'] }), TEXT_FILTERS.head!),
  tail: withText(
    reader({ short: 'ncs', long: ['--lines', '--bytes', '--sleep-interval', '--pid'] }),
    TEXT_FILTERS.tail!,
  ),
  most: reader(),
  bat: reader({ short: 'lrmH', long: ['--language', '--line-range', '--theme', '--style'] }),
  strings: reader({ short: 'nte' }),
  od: reader({ short: 'AjNtw' }),
  hexdump: reader({ short: 'enNs' }),
  md5sum: reader(),
  sha1sum: reader(),
  sha256sum: reader(),
  sha512sum: reader(),
  cksum: reader(),
  b2sum: reader(),
  diff: reader(),
  cmp: reader(),
  sort: writesOutput(
    withText(
      reader({ short: 'kotST', long: ['--key', '--output', '--field-separator'] }),
      TEXT_FILTERS.sort!,
    ),
  ),
  uniq: writesOutput(withText(reader({ short: 'fsw' }), TEXT_FILTERS.uniq!)),
  cut: withText(
    reader({ short: 'bcdf', long: ['--delimiter', '--fields', '--bytes', '--characters'] }),
    TEXT_FILTERS.cut!,
  ),
  paste: withText(reader({ short: 'd' }), TEXT_FILTERS.paste!),
  column: reader({ short: 'sco' }),
  fold: reader({ short: 'w' }),
  iconv: reader({ short: 'fto' }),
  zcat: reader(),
  bzcat: reader(),
  xzcat: reader(),
  grep: settingGrep(
    withText(
      reader(
        {
          short: 'efmABCD',
          long: ['--regexp', '--file', '--max-count', '--context', '--include', '--exclude'],
        },
        1,
        ['-e', '--regexp', '-f', '--file'],
      ),
      TEXT_FILTERS.grep!,
    ),
  ),
  egrep: settingGrep(reader({ short: 'efmABC' }, 1, ['-e', '-f'])),
  fgrep: reader({ short: 'efmABC' }, 1, ['-e', '-f']),
  rg: reader({ short: 'egtTmABCM', long: ['--regexp', '--glob', '--type', '--max-count'] }, 1, [
    '-e',
    '--regexp',
    '-f',
    '--file',
  ]),
  ag: reader({ short: 'gGmABC' }, 1),
  jq: reader({ short: 'L', long: ['--arg', '--argjson', '--slurpfile', '--rawfile', '--indent'] }, 1),
  yq: reader({}, 1),
  code: reader(),
  // `file -f LIST` reads names from LIST and echoes each line that is not a file (GTFOBins file read).
  file: (inv, kit) => {
    const args = parseArgs(inv.argv, {
      short: 'fmFP',
      long: ['--files-from', '--magic-file', '--separator'],
    });
    for (const f of optionValues(args, '-f', '--files-from', '-m', '--magic-file')) kit.read(f, 'file -f');
    return undefined;
  },
  ls: metadataOnly,
  stat: metadataOnly,
  du: metadataOnly,
  df: metadataOnly,
  test: metadataOnly,
  '[': metadataOnly,
  realpath: metadataOnly,
  readlink: metadataOnly,
  basename: metadataOnly,
  dirname: metadataOnly,
  which: metadataOnly,
  type: metadataOnly,
  cd: (inv, kit) => {
    const dir = inv.argv.slice(1).find((w) => !w.text.startsWith('-') || w.text === '-');
    kit.chdir(dir);
    return undefined;
  },
  pushd: metadataOnly,
  popd: metadataOnly,
  true: metadataOnly,
  false: metadataOnly,
  ':': metadataOnly,
  export: metadataOnly,
  wc: reader({ short: '' }),
};

export function isReadOnlyInvocation(inv: Invocation): boolean {
  return FILE_HANDLERS[inv.program] === metadataOnly;
}
