#!/usr/bin/env node
/**
 * `agent-guard-sh`: a drop-in for `sh -c` / `bash -lc` (point an agent's SHELL at it). It reads the
 * command the way bash would find it (-c string, script file, or script on stdin), checks it, and
 * runs the real bash with the very same arguments; blocked → message on stderr, exit 126 (SPEC 7).
 */
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { loadConfig } from '../config/load.js';
import { EXIT, type CliIo } from './command.js';
import { runIfMain } from './entry.js';
import { blockMessage, checkCommand, exitStatus, reraise, runChild } from './guarded-run.js';
import { readBounded } from './input.js';

const PROG = 'agent-guard-sh';

export const SHIM_USAGE = `Usage: agent-guard-sh [bash options] -c COMMAND [NAME [ARGS...]]
       agent-guard-sh [bash options] SCRIPT [ARGS...]
       agent-guard-sh [bash options] [-s] [ARGS...] < SCRIPT

A checked stand-in for sh/bash: the command (the -c string, the script file, or the script read
from stdin) is evaluated against the 15 invariants; if allowed, the real bash is run with exactly
the same arguments, and its exit code or signal is passed through. Blocked: the rule, reason and
suggested alternative go to stderr and the exit code is 126; nothing runs.

Accepted like bash: -c, -l/--login, -e, -x, -u, -o OPTION, +o OPTION, -O SHOPT, combined flags
(-lc, -ec, -euxo pipefail), long options (--noprofile, --norc, --posix, --rcfile FILE), and
positional arguments after the command string ($0, $1, ...). Startup files a login shell reads
(-l) are not evaluated.

Environment:
  AGENT_GUARD_REAL_SHELL      The shell to run (default /bin/bash).
  AGENT_GUARD_REMOTE_URL      Check with a remote agent-guard instead of the local engine
                              (AGENT_GUARD_API_KEY, AGENT_GUARD_FAILOVER_URL apply).
  AGENT_GUARD_SH_INTERACTIVE  An interactive shell (no -c, no script, stdin a terminal) cannot be
                              checked command by command: refused with 126 unless this is "allow"
                              (then it starts with a warning, unchecked).
  AGENT_GUARD_CONFIG          Configuration file of the local engine.

Exit codes: the command's own; 128+N when it died of signal N; 126 blocked, not checkable, or
interactive refused; 127 the real shell was not found; 2 usage error.`;

/** Long options that take the next argument as their value. */
const LONG_WITH_VALUE = new Set(['--rcfile', '--init-file']);

export interface ShellInvocation {
  /** `-c` given: the command string. */
  readonly command?: string;
  /** No -c: the script file named by the first operand (absent when the script comes from stdin). */
  readonly scriptFile?: string;
  /** `-s` given, or neither -c nor a file operand: the script is read from stdin. */
  readonly fromStdin: boolean;
  /** `-i` given. */
  readonly interactive: boolean;
  readonly login: boolean;
}

/** Read argv the way bash does: options first, then the -c string or the script operand. */
export function parseShellArgs(argv: readonly string[]): ShellInvocation | { readonly error: string } {
  let c = false;
  let s = false;
  let i = false;
  let login = false;
  let k = 0;
  while (k < argv.length) {
    const a = argv[k]!;
    if (a === '--' || a === '-') {
      k++;
      break;
    }
    if (a.startsWith('--')) {
      if (a === '--login') login = true;
      if (LONG_WITH_VALUE.has(a)) {
        if (k + 1 >= argv.length) return { error: `${a}: option requires an argument` };
        k += 2;
      } else k++;
      continue;
    }
    if ((a.startsWith('-') || a.startsWith('+')) && a.length > 1) {
      let takes = 0;
      for (const ch of a.slice(1)) {
        if (ch === 'c') c = true;
        else if (ch === 's') s = true;
        else if (ch === 'i') i = true;
        else if (ch === 'l') login = true;
        else if (ch === 'o' || ch === 'O') takes++;
      }
      if (k + takes >= argv.length && takes > 0) return { error: `${a}: option requires an argument` };
      k += 1 + takes;
      continue;
    }
    break;
  }
  const operands = argv.slice(k);
  if (c) {
    if (operands.length === 0) return { error: '-c: option requires an argument' };
    return { command: operands[0]!, fromStdin: false, interactive: i, login };
  }
  if (!s && operands.length > 0) return { scriptFile: operands[0]!, fromStdin: false, interactive: i, login };
  return { fromStdin: true, interactive: i, login };
}

function realShell(env: CliIo['env']): string {
  return env.AGENT_GUARD_REAL_SHELL || '/bin/bash';
}

export async function runShellShim(argv: readonly string[], io: CliIo): Promise<number> {
  if (argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h')) {
    io.stdout.write(`${SHIM_USAGE}\n`);
    return EXIT.ok;
  }
  const parsed = parseShellArgs(argv);
  if ('error' in parsed) {
    io.stderr.write(`${PROG}: ${parsed.error}\n${PROG}: run \`${PROG} --help\` for usage\n`);
    return EXIT.usage;
  }
  const shell = realShell(io.env);
  const self = process.argv[1];
  try {
    if (self !== undefined && realpathSync(shell) === realpathSync(self)) {
      io.stderr.write(
        `${PROG}: AGENT_GUARD_REAL_SHELL points at agent-guard-sh itself; set it to a real shell\n`,
      );
      return EXIT.usage;
    }
  } catch {
    // a missing shell is reported when it is started (127)
  }
  let maxBytes = 1024 * 1024;
  try {
    maxBytes = loadConfig({ env: io.env, cwd: io.cwd }).engine.maxInputBytes;
  } catch {
    // the check below reports the configuration error and blocks
  }

  let text: string;
  let stdinData: Buffer | undefined;
  if (parsed.command !== undefined) {
    text = parsed.command;
  } else if (parsed.scriptFile !== undefined) {
    const path = isAbsolute(parsed.scriptFile) ? parsed.scriptFile : resolve(io.cwd, parsed.scriptFile);
    let script: Buffer;
    try {
      if (statSync(path).size > maxBytes) throw new Error(`larger than ${maxBytes} bytes`);
      script = readFileSync(path);
    } catch (err) {
      // bash could not read it either; checking nothing and running nothing is the safe answer.
      io.stderr.write(
        `${PROG}: BLOCKED: cannot read script ${parsed.scriptFile} to check it (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); it was not run\n`,
      );
      return EXIT.blocked;
    }
    text = script.toString('utf8');
  } else if ((io.stdin as Readable & { isTTY?: boolean }).isTTY === true || parsed.interactive) {
    if (io.env.AGENT_GUARD_SH_INTERACTIVE !== 'allow') {
      io.stderr.write(
        `${PROG}: BLOCKED: an interactive shell cannot be checked command by command; use -c COMMAND, or set AGENT_GUARD_SH_INTERACTIVE=allow to start it unchecked (exit 126)\n`,
      );
      return EXIT.blocked;
    }
    io.stderr.write(`${PROG}: warning: starting an interactive shell; its commands are NOT checked\n`);
    const result = await runChild(shell, argv, io);
    reraise(result, io);
    return exitStatus(result);
  } else {
    const data = await readBounded(io.stdin, maxBytes);
    if (data === null) {
      io.stderr.write(
        `${PROG}: BLOCKED: the script on stdin is larger than ${maxBytes} bytes and cannot be checked\n`,
      );
      return EXIT.blocked;
    }
    stdinData = data;
    text = data.toString('utf8');
  }

  const remote = io.env.AGENT_GUARD_REMOTE_URL || undefined;
  const outcome = await checkCommand(text, io, { runtime: 'bash', remote });
  if (!outcome.allowed) {
    io.stderr.write(blockMessage(PROG, outcome));
    return EXIT.blocked;
  }
  const result = await runChild(shell, argv, io, stdinData !== undefined ? { stdinData } : {});
  if (result.spawnError !== undefined)
    io.stderr.write(`${PROG}: cannot run ${shell}: ${result.spawnError}\n`);
  reraise(result, io);
  return exitStatus(result);
}

runIfMain(import.meta.url, runShellShim, PROG, EXIT.blocked);
