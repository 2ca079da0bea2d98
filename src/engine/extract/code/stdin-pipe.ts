/**
 * A child process that runs its standard input as code (issue 22, r3): `Popen(['sh'],
 * stdin=PIPE).communicate(b'rm -rf ~')`, `spawn('sh').stdin.end('...')`. What the program writes to
 * that pipe is a script, analysed as the shell or interpreter would run it; text it cannot fold
 * that was decoded or generated is obfuscated execution, as for exec and os.system.
 */
import type { Span } from '../../types.js';
import { programName, SHELLS, type Collector } from './collector.js';
import { runCode, runShell } from './effects.js';
import { concat, constText, render, strVal, UNKNOWN, type Val } from './value.js';

const VIA = 'a script written to a standard input pipe';

/** Interpreters that run a script read from standard input when given none (or `-`). */
const INTERPRETERS: Readonly<Record<string, 'python' | 'node'>> = {
  python: 'python',
  python3: 'python',
  python2: 'python',
  node: 'node',
  nodejs: 'node',
};

/** Shell options that take no operand and name no command (`-s`, `-i`, `--norc`, `-eu`). */
const PLAIN_FLAG = /^(?:-[ilsprvxeEbBhkmnuCfaT]+|--(?:login|norc|noprofile|posix|noediting)|\+[a-zA-Z]+)$/;

/**
 * The program, when `argv` starts one that executes what is written to its standard input: a
 * shell with no command or script, python/node with no script or `-`.
 */
export function stdinRunner(argv: readonly Val[]): string | undefined {
  const words = argv.map((v) => constText(v));
  if (words.length === 0 || words.some((w) => w === null)) return undefined;
  const program = programName(words[0]!);
  const rest = words.slice(1) as string[];
  if (SHELLS.has(program))
    return rest.every((w) => PLAIN_FLAG.test(w) && !/^-\w*c/.test(w)) ? program : undefined;
  if (INTERPRETERS[program] !== undefined)
    return rest.every((w) => w === '-' || /^-[uEsIBqOv]+$/.test(w)) ? program : undefined;
  return undefined;
}

/** Field under which a process value and its stdin stream name the program that runs the stream. */
const RUNS = ' runs standard input';

/**
 * The fields of a child process value whose stdin is a pipe: its stdin stream, and the child itself
 * (for communicate()), both carry `value` under `key`: what handles the data written to it.
 */
export function pipedStdinFields(key: string, value: string, ref: string): Map<string, Val> {
  const stream: Val = { ...UNKNOWN, ref: `${ref}.stdin`, fields: new Map([[key, strVal(value)]]) };
  return new Map([
    ['stdin', stream],
    [key, strVal(value)],
  ]);
}

/** What `v` (a child's stdin stream, or the child) carries under `key`, if it is known text. */
export function pipedStdinField(v: Val | undefined, key: string): string | undefined {
  const r = v?.fields?.get(key);
  return r === undefined ? undefined : (constText(r) ?? undefined);
}

/** The fields a child process value carries: its stdin stream, which runs what is written to it. */
export function stdinFields(runner: string, ref: string): Map<string, Val> {
  return pipedStdinFields(RUNS, runner, ref);
}

/** The program that runs what is written to `v` (a child's stdin stream, or the child for communicate()). */
export function inputRunner(v: Val | undefined): string | undefined {
  return pipedStdinField(v, RUNS);
}

/** `data` written to the standard input of `runner`: the script it runs. */
export function pipeWrite(col: Collector, span: Span, runner: string, written: Val): void {
  if (written.fn !== undefined || written.ref !== undefined) return;
  // writelines([...]): the lines one after the other.
  const data = written.items !== undefined && written.items.length <= 256 ? concat(written.items) : written;
  const runtime = INTERPRETERS[programName(runner)];
  if (runtime === undefined) {
    runShell(col, span, data, VIA, { interactive: false });
    return;
  }
  if (render(data).trim() !== '' || data.dynamic) runCode(col, span, data, runner, runtime, span, VIA);
}
