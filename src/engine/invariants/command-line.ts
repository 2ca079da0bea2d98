/**
 * Reading a program run as a command line, for the destructive-operation packs and for policy
 * globs: the normalised argv (program name for argv[0], `git-reset` read as `git reset`, git's
 * global options dropped) and small option readers. Wrappers (`env`, `command`, `sudo`, `bash -c`,
 * here-docs) are already separate ExecFacts, so each run is read on its own.
 */
import type { ExecFact } from '../facts.js';
import type { FactIndex, RuleHit } from './define-rule.js';

/** git options that come before the subcommand and take a value as the next word. */
const GIT_GLOBAL_WITH_VALUE = new Set([
  '-C',
  '-c',
  '--git-dir',
  '--work-tree',
  '--namespace',
  '--config-env',
  '--exec-path',
  '--super-prefix',
  '--list-cmds',
]);

/** Programs that are git (a Windows spelling included). */
const GIT_NAMES = new Set(['git', 'git.exe']);

/** The program name as policies and rules compare it: lower case, without a Windows `.exe`. */
export function programName(exec: ExecFact): string {
  const p = exec.program.toLowerCase();
  return p.endsWith('.exe') ? p.slice(0, -4) : p;
}

/**
 * The run as words: [program, ...arguments], with `git-<sub>` split into `git <sub>` and git's
 * global options (`-C dir`, `-c k=v`, `--no-pager`, ...) removed, so `git -C x reset --hard` and
 * `/usr/bin/git-reset --hard` both read `git reset --hard`.
 */
export function normalisedArgv(exec: ExecFact): readonly string[] {
  // Every exec-matching rule asks for the same run's words: work them out once per fact.
  let words = normalised.get(exec);
  if (words === undefined) {
    words = normalise(programName(exec), exec.argv.slice(1));
    normalised.set(exec, words);
  }
  return words;
}

/** Facts are immutable, so a fact's normalised words never change. */
const normalised = new WeakMap<ExecFact, readonly string[]>();

/** Package runners run the program they name: `npx cdk destroy` is `cdk destroy`. */
const RUNNERS = new Set(['npx', 'bunx', 'pnpx']);
const RUNNER_SUBCOMMANDS = new Set(['pnpm', 'yarn', 'npm', 'bun']);
/** Runner options that take a value as the next word. */
const RUNNER_WITH_VALUE = new Set([
  '-p',
  '--package',
  '-c',
  '--call',
  '--cache',
  '--registry',
  '--userconfig',
  '-w',
  '--workspace',
]);

function afterRunnerOptions(args: readonly string[]): readonly string[] {
  let i = 0;
  while (i < args.length && args[i]!.startsWith('-')) i += RUNNER_WITH_VALUE.has(args[i]!) ? 2 : 1;
  return args.slice(args[i] === '--' ? i + 1 : i);
}

function normalise(program: string, args: readonly string[]): readonly string[] {
  if (RUNNERS.has(program)) {
    const rest = afterRunnerOptions(args);
    if (rest.length > 0) return normalise(rest[0]!.split('/').pop()!.toLowerCase(), rest.slice(1));
  }
  if (RUNNER_SUBCOMMANDS.has(program) && (args[0] === 'dlx' || args[0] === 'exec' || args[0] === 'x')) {
    const rest = afterRunnerOptions(args.slice(1));
    if (rest.length > 0) return normalise(rest[0]!.split('/').pop()!.toLowerCase(), rest.slice(1));
  }
  if (program.startsWith('git-') && program.length > 4) return ['git', program.slice(4), ...args];
  if (!GIT_NAMES.has(program)) return [program, ...args];
  let i = 0;
  while (i < args.length) {
    const a = args[i]!;
    if (GIT_GLOBAL_WITH_VALUE.has(a)) i += 2;
    else if (a.startsWith('--') && a.includes('=') && GIT_GLOBAL_WITH_VALUE.has(a.slice(0, a.indexOf('='))))
      i += 1;
    else if (a.startsWith('-') && a !== '-' && a !== '--') i += 1;
    else break;
  }
  return ['git', ...args.slice(i)];
}

/** A git run: its subcommand (lower case) and the words after it; null for other programs. */
export function gitCommand(
  exec: ExecFact,
): { readonly sub: string; readonly args: readonly string[] } | null {
  const words = normalisedArgv(exec);
  if (words[0] !== 'git' || words.length < 2) return null;
  return { sub: words[1]!.toLowerCase(), args: words.slice(2) };
}

/** Arguments before a `--` (options are only read there). */
export function beforeDashDash(args: readonly string[]): readonly string[] {
  const i = args.indexOf('--');
  return i < 0 ? args : args.slice(0, i);
}

/** Arguments after the first `--`. */
export function afterDashDash(args: readonly string[]): readonly string[] {
  const i = args.indexOf('--');
  return i < 0 ? [] : args.slice(i + 1);
}

/**
 * Whether an option is given: a long name (`--force`, also `--force=...`) or a short letter, alone
 * or combined (`-f`, `-fdx`). Only words before `--` count.
 */
export function hasOption(args: readonly string[], short: string, ...long: readonly string[]): boolean {
  for (const a of beforeDashDash(args)) {
    if (!a.startsWith('-') || a.length < 2) continue;
    const name = a.includes('=') ? a.slice(0, a.indexOf('=')) : a;
    // Long names, also single-dash ones (terraform's -destroy, -auto-approve).
    if (long.includes(name)) return true;
    if (short !== '' && !a.startsWith('--') && /^-[A-Za-z0-9]+$/.test(a) && a.slice(1).includes(short))
      return true;
  }
  return false;
}

/** Words that are not options (before `--`), for subcommand and resource reading. */
export function positionals(args: readonly string[]): readonly string[] {
  return beforeDashDash(args).filter((a) => !a.startsWith('-'));
}

/** Asking for help never changes anything (`--help`, a first word `help`, or `-h` alone). */
export function asksHelp(args: readonly string[]): boolean {
  const words = beforeDashDash(args);
  return words.includes('--help') || words[0] === 'help' || (words.length === 1 && words[0] === '-h');
}

/** What a matcher says about a run: a reason, or a reason with a rewrite / alternative. */
export type ExecVerdict = string | Pick<RuleHit, 'reason' | 'rewrite' | 'suggestedAlternative'>;

/** One hit per run the matcher names a reason for; the hit carries its run (for policy allow entries). */
export function* execHits(
  facts: FactIndex,
  match: (words: readonly string[], exec: ExecFact) => ExecVerdict | null,
): Generator<RuleHit> {
  for (const exec of facts.of('exec')) {
    const verdict = match(normalisedArgv(exec), exec);
    if (verdict === null) continue;
    yield typeof verdict === 'string'
      ? { span: exec.span, reason: verdict, exec }
      : { ...verdict, span: exec.span, exec };
  }
}
