/**
 * Programs that run a command or code given in an option value: download and VPN hooks
 * (aria2c --on-download-complete, openvpn --up, certbot --pre-hook), compiler wrappers
 * (gcc -wrapper), filters (split --filter), and languages evaluated from an option (octave --eval,
 * julia -e, emacs --eval, rpm --eval '%{lua:...}', latex \write18). GTFOBins lists each as a way
 * to reach a shell.
 */
import type { Invocation, Word } from '../bash/model.js';
import { scanCode } from './foreign-code.js';
import type { ProgramHandler, Toolkit } from './types.js';
import { parseArgs } from './util.js';
import { runCode } from './wrappers.js';

interface HookSpec {
  /** Options whose value is a shell command line. */
  readonly command?: readonly string[];
  /** Options whose value is a program path run with arguments of the program's choosing. */
  readonly program?: readonly string[];
  /** Options whose value is code in a language without an extractor (scanned for commands). */
  readonly code?: readonly string[];
  /** Options whose value is python code. */
  readonly python?: readonly string[];
  /** Single-dash long options (gcc -wrapper, octave -eval). */
  readonly singleDashLong?: boolean;
  /** Options that take a separate value but are not hooks (so their value is not a positional). */
  readonly values?: readonly string[];
  /** Other readings of the command line (latex \write18, dc !cmd, gcc -wrapper lists). */
  readonly extra?: (inv: Invocation, kit: Toolkit) => void;
}

function hooks(spec: HookSpec): ProgramHandler {
  const all = [
    ...(spec.command ?? []),
    ...(spec.program ?? []),
    ...(spec.code ?? []),
    ...(spec.python ?? []),
    ...(spec.values ?? []),
  ];
  const short = all
    .filter((n) => /^-[a-zA-Z]$/.test(n))
    .map((n) => n[1])
    .join('');
  return (inv, kit) => {
    const args = parseArgs(inv.argv, { long: all, short, singleDashLong: spec.singleDashLong });
    for (const o of args.options) {
      const v = o.value;
      if (v === undefined) continue;
      if (spec.command?.includes(o.name)) runCode(kit, inv, v, 'bash');
      else if (spec.program?.includes(o.name)) kit.run([v], inv.span, inv.stdin, inv.program);
      else if (spec.code?.includes(o.name)) scanCode(kit, inv, v);
      else if (spec.python?.includes(o.name)) runCode(kit, inv, v, 'python');
    }
    spec.extra?.(inv, kit);
    return undefined;
  };
}

/** `gcc -wrapper PROG,ARGS`: the compiler's subprocesses run under PROG. */
function gccWrapper(inv: Invocation, kit: Toolkit): void {
  const i = inv.argv.findIndex((w) => w.text === '-wrapper');
  const value = i === -1 ? undefined : inv.argv[i + 1];
  if (value === undefined) return;
  const words: Word[] = value.text.split(',').map((text) => ({ ...value, text }));
  if (words[0]!.text !== '') kit.run(words, inv.span, inv.stdin, inv.program);
}

/** TeX with shell escape: `\write18{CMD}` and `\immediate\write18{CMD}` run CMD. */
function texShellEscape(inv: Invocation, kit: Toolkit): void {
  for (const w of inv.argv.slice(1)) {
    for (const m of w.text.matchAll(/\\write18\s*\{([^}]*)\}/g))
      runCode(kit, inv, { ...w, text: m[1]! }, 'bash');
  }
}

/** dc `!CMD`: the rest of the line is a shell command. */
function dcBang(inv: Invocation, kit: Toolkit): void {
  for (let i = 1; i < inv.argv.length; i++) {
    const t = inv.argv[i]!.text;
    const code = t === '-e' || t === '--expression' ? inv.argv[++i] : undefined;
    if (code === undefined) continue;
    const bang = code.text.indexOf('!');
    if (bang !== -1 && !/^[<>=]/.test(code.text.slice(bang + 1)))
      runCode(kit, inv, { ...code, text: code.text.slice(bang + 1) }, 'bash');
  }
}

const nano: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, { short: 'sYoCQTXr', long: ['--speller', '--syntax', '--operatingdir'] });
  for (const o of args.options)
    if ((o.name === '-s' || o.name === '--speller') && o.value !== undefined)
      kit.run([o.value], inv.span, inv.stdin, 'nano');
  for (const f of args.positionals) if (!f.text.startsWith('+')) kit.read(f, inv.program);
  return undefined;
};

/** emacs: `--eval '(term "/bin/sh")'`, `(shell-command "...")`; its files are read. */
const emacs: ProgramHandler = (inv, kit) => {
  for (let i = 1; i < inv.argv.length; i++) {
    const w = inv.argv[i]!;
    const t = w.text;
    if (t === '--eval' || t === '-eval') {
      const code = inv.argv[++i];
      if (code !== undefined) scanCode(kit, inv, code);
    } else if (t.startsWith('--eval=')) scanCode(kit, inv, { ...w, text: t.slice(7) });
    else if (t === '-l' || t === '--load' || t === '-f' || t === '--funcall') i++;
    else if (!t.startsWith('-') && !t.startsWith('+')) kit.read(w, inv.program);
  }
  return undefined;
};

const tex = hooks({ values: ['-output-directory', '--output-directory', '-jobname'], extra: texShellEscape });

export const HOOK_HANDLERS: Readonly<Record<string, ProgramHandler>> = {
  aria2c: hooks({
    program: [
      '--on-download-complete',
      '--on-download-error',
      '--on-download-start',
      '--on-download-stop',
      '--on-download-pause',
      '--on-bt-download-complete',
    ],
    // The URLs it downloads (the walker then treats its -o/-d files as fetched content, #21).
    extra: (inv, kit) => {
      kit.genericArgs(
        inv,
        inv.argv.slice(1).filter((w) => w.text.includes('://')),
      );
    },
  }),
  openvpn: hooks({
    command: [
      '--up',
      '--down',
      '--route-up',
      '--route-pre-down',
      '--ipchange',
      '--client-connect',
      '--client-disconnect',
      '--tls-verify',
      '--auth-user-pass-verify',
      '--learn-address',
    ],
  }),
  certbot: hooks({
    command: ['--pre-hook', '--post-hook', '--deploy-hook', '--manual-auth-hook', '--manual-cleanup-hook'],
  }),
  scrot: hooks({ command: ['-e', '--exec'], singleDashLong: true }),
  split: hooks({ command: ['--filter'] }),
  gcc: hooks({ extra: gccWrapper }),
  'g++': hooks({ extra: gccWrapper }),
  cc: hooks({ extra: gccWrapper }),
  clang: hooks({ extra: gccWrapper }),
  octave: hooks({ code: ['--eval', '-eval'], singleDashLong: true }),
  'octave-cli': hooks({ code: ['--eval', '-eval'], singleDashLong: true }),
  julia: hooks({ code: ['-e', '--eval', '-E', '--print'], singleDashLong: true }),
  ghc: hooks({ code: ['-e'], singleDashLong: true }),
  ghci: hooks({ code: ['-e'], singleDashLong: true }),
  slsh: hooks({ code: ['-e'], singleDashLong: true }),
  jrunscript: hooks({ code: ['-e'], singleDashLong: true }),
  rpm: hooks({ code: ['--eval', '-E'] }),
  rpmquery: hooks({ code: ['--eval', '-E'] }),
  sqlmap: hooks({ python: ['--eval'] }),
  gem: hooks({ command: ['-e', '--editor'] }),
  puppet: hooks({ code: ['-e', '--execute'] }),
  knife: hooks({ code: ['-E', '--exec'] }),
  tshark: hooks({
    extra: (inv, kit) => {
      for (const w of inv.argv)
        if (w.text.startsWith('lua_script:') || w.text.startsWith('-Xlua_script:'))
          kit.fileOp({ ...w, text: w.text.slice(w.text.indexOf(':') + 1) }, 'tshark', 'execute', false);
    },
  }),
  dc: hooks({ extra: dcBang }),
  latex: tex,
  pdflatex: tex,
  xelatex: tex,
  lualatex: tex,
  tex,
  xetex: tex,
  luatex: tex,
  nano,
  pico: nano,
  emacs,
};
