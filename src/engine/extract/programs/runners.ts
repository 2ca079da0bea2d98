/**
 * Project and environment command runners: package managers that run a command or a package
 * script (npm/yarn/pnpm exec, npx, bunx, uv run, poetry run, pipx run, ...), tools that run a
 * command inside an environment (nix-shell --run, direnv exec, dotenv --, op run --), and build
 * runners that run code the project holds (make, pytest, npm test). The command they start is
 * analysed like any other; code they will run later (`npm pkg set scripts.x=...`) where it is set.
 * Issue 21: a runner in front of a command must not hide it.
 */
import type { Runtime } from '../../types.js';
import type { Invocation, Stream, Word } from '../bash/model.js';
import { script } from './interpreters.js';
import { denoToNode } from './powershell.js';
import { hostFromUrl } from '../../net/address.js';
import type { ProgramHandler, Toolkit } from './types.js';
import { hasOption, optionValues, parseArgs, type OptionSpec } from './util.js';
import { runCode } from './wrappers.js';

function sub(w: Word, text: string): Word {
  return { ...w, text };
}

function word(inv: Invocation, text: string): Word {
  return { ...inv.argv[0]!, text, dynamic: false, span: inv.span, sources: [] };
}

/** Runs `argv[from..]` as a command after the runner's options (`--` ends them). */
function runAfter(inv: Invocation, kit: Toolkit, from: number, spec: OptionSpec): Stream | undefined {
  const args = parseArgs(inv.argv, { ...spec, stopAtPositional: true }, from);
  const inner = inv.argv.slice(args.rest);
  return inner.length === 0 ? undefined : kit.run(inner, inv.span, inv.stdin, inv.program);
}

/** A runner whose command follows a literal `--` only (`op run -- cmd`, `aws-vault exec p -- cmd`). */
function afterDashes(inv: Invocation, kit: Toolkit): Stream | undefined {
  const dash = inv.argv.findIndex((w) => w.text === '--');
  if (dash === -1 || dash + 1 >= inv.argv.length) return undefined;
  return kit.run(inv.argv.slice(dash + 1), inv.span, inv.stdin, inv.program);
}

/** Code a runner takes as one shell string (`npx -c 'cmd'`, `nix-shell --run 'cmd'`). */
function shellCode(inv: Invocation, kit: Toolkit, code: readonly Word[]): boolean {
  for (const c of code) runCode(kit, inv, c, 'bash');
  return code.length > 0;
}

/** A script file a runner executes (`uv run x.py`, `bun x.ts`): by its extension. */
function runtimeOfScript(path: string): Runtime | null {
  if (/\.py[w]?$/.test(path)) return 'python';
  if (/\.[cm]?[jt]sx?$/.test(path)) return 'node';
  if (/\.(ba)?sh$/.test(path)) return 'bash';
  return null;
}

// ---------------------------------------------------------------- JavaScript package managers

const NPM_EXEC = { short: 'pcw', long: ['--package', '--call', '--workspace', '--prefix', '--registry'] };

/** `package.json` written earlier in this input: every script in it may run (install, test, run). */
function writtenScripts(inv: Invocation, kit: Toolkit): void {
  const pkg = kit.writtenText(word(inv, 'package.json'));
  if (pkg === null) return;
  let scripts: unknown;
  try {
    scripts = (JSON.parse(pkg.text) as { scripts?: unknown }).scripts;
  } catch {
    // Not JSON to npm either: it refuses to run anything from it.
    return;
  }
  if (typeof scripts !== 'object' || scripts === null) return;
  for (const code of Object.values(scripts))
    if (typeof code === 'string' && code !== '') kit.nested(code, 'bash', pkg.span, inv.program);
}

/** `npm pkg set scripts.test='rm -rf ~'`: a script the next `npm test` (or install hook) runs. */
function pkgSet(inv: Invocation, kit: Toolkit, args: readonly Word[]): void {
  for (const a of args) {
    const m = /^scripts\.([^=]+)=(.*)$/s.exec(a.text);
    if (m !== null && m[2]! !== '') runCode(kit, inv, sub(a, m[2]!), 'bash');
  }
}

/** npm / pnpm / yarn / bun: `exec`, `x`, `dlx`, `pkg set`, `set-script`, scripts of a written package.json. */
function packageManager(inv: Invocation, kit: Toolkit, start: number): Stream | undefined {
  const args = parseArgs(
    inv.argv,
    { short: 'wC', long: ['--workspace', '--prefix', '--filter', '--dir', '--cwd'], stopAtPositional: true },
    start,
  );
  // pnpm -c exec 'cmd': the command is shell code.
  const shellMode = hasOption(args, '-c', '--shell-mode');
  const subcommand = inv.argv[args.rest]?.text;
  const rest = args.rest + 1;
  switch (subcommand) {
    case undefined:
      return undefined;
    case 'exec':
    case 'x':
    case 'dlx': {
      if (shellMode) {
        const code = inv.argv.slice(rest).filter((w) => w.text !== '--');
        shellCode(
          inv,
          kit,
          code.length === 0 ? [] : [{ ...code[0]!, text: code.map((w) => w.text).join(' ') }],
        );
        return undefined;
      }
      return npxLike(inv, kit, rest);
    }
    case 'pkg':
      if (inv.argv[rest]?.text === 'set') pkgSet(inv, kit, inv.argv.slice(rest + 1));
      return undefined;
    // `npm config get //registry/:_authToken`, `npm token list`: print the registry credentials
    // kept in ~/.npmrc (S2, #21).
    case 'config':
    case 'c':
      return inv.argv[rest]?.text === 'get' &&
        inv.argv.slice(rest + 1).some((w) => /_auth|token|password/i.test(w.text))
        ? { sources: [{ kind: 'file', path: '~/.npmrc' }], text: null, interactive: false, literals: [] }
        : undefined;
    case 'token':
      return inv.argv[rest]?.text === 'list' || inv.argv[rest]?.text === 'ls'
        ? { sources: [{ kind: 'file', path: '~/.npmrc' }], text: null, interactive: false, literals: [] }
        : undefined;
    case 'set-script': {
      const code = inv.argv[rest + 1];
      if (code !== undefined) runCode(kit, inv, code, 'bash');
      return undefined;
    }
    case 'node':
      // `yarn node -e CODE`: node with the project's resolution.
      return kit.run([word(inv, 'node'), ...inv.argv.slice(rest)], inv.span, inv.stdin, inv.program);
    default:
      writtenScripts(inv, kit);
      return undefined;
  }
}

/** `npx [opts] CMD ARGS`, `npm exec [opts] -- CMD ARGS`, `npx -c 'CODE'`: CMD runs (a package bin or a program). */
function npxLike(inv: Invocation, kit: Toolkit, from: number): Stream | undefined {
  const args = parseArgs(inv.argv, { ...NPM_EXEC, stopAtPositional: true }, from);
  if (shellCode(inv, kit, optionValues(args, '-c', '--call'))) return undefined;
  const inner = inv.argv.slice(args.rest);
  // `npx -y https://host/pkg.tgz`, `--package=git+https://host/r.git`: a package fetched from a URL runs.
  const packages = [...optionValues(args, '-p', '--package'), ...inner.slice(0, 1)];
  if (packages.some((w) => remoteScript(kit, inv, gitSpecUrl(w.text) ?? w.text.replace(/^git\+/i, ''))))
    return undefined;
  return inner.length === 0 ? undefined : kit.run(inner, inv.span, inv.stdin, inv.program);
}

const npm: ProgramHandler = (inv, kit) => packageManager(inv, kit, 1);
const npx: ProgramHandler = (inv, kit) => npxLike(inv, kit, 1);

/** bun: `bun -e CODE` (JavaScript), `bun x`/`bunx`, `bun run FILE|SCRIPT`, `bun FILE`. */
const bun: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, {
    short: 'erp',
    long: ['--eval', '--print', '--cwd', '--preload', '--config'],
    stopAtPositional: true,
  });
  const code = optionValues(args, '-e', '--eval', '-p', '--print');
  for (const c of code) runCode(kit, inv, c, 'node');
  if (code.length > 0) return undefined;
  const first = inv.argv[args.rest];
  if (first === undefined) return undefined;
  if (first.text === 'x') return npxLike(inv, kit, args.rest + 1);
  const target = first.text === 'run' ? inv.argv[args.rest + 1] : first;
  if (target === undefined || remoteScript(kit, inv, target.text)) return undefined;
  const runtime = runtimeOfScript(target.text);
  if (runtime !== null) script(kit, inv, target, runtime);
  else if (first.text !== 'run') return packageManager(inv, kit, args.rest);
  else writtenScripts(inv, kit);
  return undefined;
};

/** deno: `deno eval CODE` and `deno run FILE` run JavaScript/TypeScript. */
const deno: ProgramHandler = (inv, kit) => {
  const subcommand = inv.argv[1]?.text;
  const args = parseArgs(
    inv.argv,
    {
      long: [
        '--allow-read',
        '--allow-write',
        '--allow-net',
        '--allow-run',
        '--allow-env',
        '--config',
        '--import-map',
      ],
    },
    2,
  );
  if (subcommand === 'eval') {
    const code = args.positionals[0];
    if (code !== undefined) runCode(kit, inv, { ...code, text: denoToNode(code.text) }, 'node');
  } else if (subcommand === 'run') {
    const file = args.positionals[0];
    if (file !== undefined && !remoteScript(kit, inv, file.text)) script(kit, inv, file, 'node');
  }
  return undefined;
};

/** Deno's own registries: a module there is a published package, like one from npm. */
const DENO_REGISTRY = /^(?:deno\.land|jsr\.io)$/;

/** `deno run https://host/x.ts`, `bun run URL`: code fetched from that host runs (SH-AST-010). */
/** Git hosts npm's hosted-git shorthands name (`github:u/r`, `gitlab:u/r`, bare `u/r` is GitHub). */
const GIT_SHORTHAND: Readonly<Record<string, string>> = {
  github: 'github.com',
  gitlab: 'gitlab.com',
  bitbucket: 'bitbucket.org',
  gist: 'gist.github.com',
};

/**
 * The URL an npm package spec fetches from a git host (red team r10: `npx --yes github:u/helper`
 * runs a stranger's repository): `github:u/r`, `gitlab:u/r`, bare `u/r`, `git+ssh://`/`git://`.
 * A registry name (`prettier`, `@scope/pkg`) or a local path is no fetch of this kind.
 */
function gitSpecUrl(spec: string): string | undefined {
  const short = /^(github|gitlab|bitbucket|gist):([\w.-]+(?:\/[\w.-]+)?)(?:#.*)?$/i.exec(spec);
  if (short) return `https://${GIT_SHORTHAND[short[1]!.toLowerCase()]!}/${short[2]!}`;
  if (/^[\w][\w.-]*\/[\w.-]+(?:#.*)?$/.test(spec) && !/\.(?:tgz|js|cjs|mjs)$/.test(spec))
    return `https://github.com/${spec.replace(/#.*$/, '')}`;
  const git = /^git(?:\+ssh|\+https?)?:\/\/(?:[^@/]+@)?([^/:]+)[/:](.*)$/i.exec(spec);
  return git ? `https://${git[1]!}/${git[2]!}` : undefined;
}

function remoteScript(
  kit: Parameters<ProgramHandler>[1],
  inv: Parameters<ProgramHandler>[0],
  target: string,
): boolean {
  const m = /^https?:\/\//i.test(target) ? hostFromUrl(target) : null;
  if (!m) return false;
  const host = m.host.toLowerCase();
  if (!DENO_REGISTRY.test(host))
    kit.flow([{ kind: 'net', host, url: target }], { kind: 'exec', program: inv.program }, inv.span);
  return true;
}

// ---------------------------------------------------------------- Python environments

/** `uv run [opts] [--] CMD|FILE ARGS`, `uv tool run`, `uvx`: CMD runs in the project environment. */
const UV_VALUES = {
  short: 'p',
  long: [
    '--with',
    '--with-requirements',
    '--with-editable',
    '--python',
    '--directory',
    '--project',
    '--env-file',
    '--extra',
    '--group',
    '--package',
    '--from',
    '--index',
    '--index-url',
    '--only-group',
    '--no-group',
  ],
};

function pythonRunner(inv: Invocation, kit: Toolkit, from: number): Stream | undefined {
  const args = parseArgs(inv.argv, { ...UV_VALUES, stopAtPositional: true }, from);
  const inner = inv.argv.slice(args.rest);
  const first = inner[0];
  if (first === undefined) return undefined;
  // `uv run script.py`: the script runs in the environment's python.
  if (/\.py[w]?$/.test(first.text))
    return kit.run([word(inv, 'python'), ...inner], inv.span, inv.stdin, inv.program);
  return kit.run(inner, inv.span, inv.stdin, inv.program);
}

const uv: ProgramHandler = (inv, kit) => {
  const subcommand = inv.argv[1]?.text;
  if (subcommand === 'run') return pythonRunner(inv, kit, 2);
  if (subcommand === 'tool' && inv.argv[2]?.text === 'run') return pythonRunner(inv, kit, 3);
  return undefined;
};

const uvx: ProgramHandler = (inv, kit) => pythonRunner(inv, kit, 1);

/** `poetry run`, `pipenv run`, `pdm run`, `hatch run`, `rye run`, `pixi run`: `run CMD ARGS`. */
const runSubcommand: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, {
    short: 'CeE',
    long: ['--directory', '--project', '--environment', '--manifest-path', '--env'],
    stopAtPositional: true,
  });
  if (inv.argv[args.rest]?.text !== 'run') return undefined;
  return pythonRunner(inv, kit, args.rest + 1);
};

/** `pipx run [--spec S] APP ARGS`. */
const pipx: ProgramHandler = (inv, kit) => {
  if (inv.argv[1]?.text !== 'run') return undefined;
  return runAfter(inv, kit, 2, { long: ['--spec', '--python', '--pip-args', '--index-url'] });
};

/** `conda run -n ENV CMD`, mamba, micromamba. */
const conda: ProgramHandler = (inv, kit) => {
  if (inv.argv[1]?.text !== 'run') return undefined;
  return runAfter(inv, kit, 2, { short: 'np', long: ['--name', '--prefix', '--cwd'] });
};

/** pytest loads conftest.py (and the test files it is given): code this input wrote there runs. */
const pytest: ProgramHandler = (inv, kit) => {
  const files = [word(inv, 'conftest.py'), ...inv.argv.slice(1).filter((w) => /\.py$/.test(w.text))];
  for (const f of files) {
    const written = kit.writtenText(f);
    if (written !== null) kit.nested(written.text, 'python', written.span, inv.program);
  }
  return undefined;
};

// ---------------------------------------------------------------- environments and secrets injectors

/** `nix-shell [-p pkgs] --run CODE | --command CODE`; `nix develop -c CMD`, `nix shell P -c CMD`, `nix run P -- ARGS`. */
const nixShell: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, {
    short: 'pIA',
    long: ['--run', '--command', '--packages', '--attr', '--arg', '--argstr', '--expr'],
  });
  shellCode(inv, kit, optionValues(args, '--run', '--command'));
  return undefined;
};

const nix: ProgramHandler = (inv, kit) => {
  const subcommand = inv.argv[1]?.text;
  if (subcommand !== 'develop' && subcommand !== 'shell' && subcommand !== 'run') return undefined;
  if (subcommand === 'run') return afterDashes(inv, kit);
  const at = inv.argv.findIndex((w, i) => i > 1 && (w.text === '-c' || w.text === '--command'));
  if (at === -1 || at + 1 >= inv.argv.length) return undefined;
  return kit.run(inv.argv.slice(at + 1), inv.span, inv.stdin, inv.program);
};

/** `direnv exec DIR CMD ARGS`; `direnv allow [DIR]` lets DIR/.envrc run on every `cd` into DIR. */
const direnv: ProgramHandler = (inv, kit) => {
  const subcommand = inv.argv[1]?.text;
  if (subcommand === 'allow' || subcommand === 'permit' || subcommand === 'grant') {
    const dir = inv.argv[2]?.text.replace(/\/+$/, '') ?? '.';
    const envrc = dir.endsWith('.envrc') ? dir : `${dir}/.envrc`;
    const written = kit.writtenText(word(inv, envrc));
    if (written !== null) kit.nested(written.text, 'bash', written.span, inv.program);
    return undefined;
  }
  if (subcommand !== 'exec' || inv.argv.length < 4) return undefined;
  return kit.run(inv.argv.slice(3), inv.span, inv.stdin, inv.program);
};

/** `dotenv [-e FILE] [-v K=V] [--] CMD ARGS` (dotenv-cli), `env-cmd [-f FILE] CMD`, `cross-env K=V CMD`. */
const dotenv: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, {
    short: 'efvc',
    long: ['--file', '--environments', '--rc-file'],
    stopAtPositional: true,
  });
  let i = args.rest;
  while (i < inv.argv.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(inv.argv[i]!.text)) i++;
  const inner = inv.argv.slice(i);
  return inner.length === 0 ? undefined : kit.run(inner, inv.span, inv.stdin, inv.program);
};

/** `dotenvx run [-f FILE] -- CMD`, `op run -- CMD`, `doppler run -- CMD`, `aws-vault exec P -- CMD`, `chamber exec S -- CMD`. */
const dashRunner: ProgramHandler = (inv, kit) => afterDashes(inv, kit);

/** `mise exec [TOOLS] -- CMD`, `mise x`, `asdf exec CMD`, `devbox run CMD`, `bundle exec CMD`. */
const toolExec: ProgramHandler = (inv, kit) => {
  const subcommand = inv.argv[1]?.text;
  if (subcommand !== 'exec' && subcommand !== 'x' && subcommand !== 'run') return undefined;
  if (inv.argv.some((w) => w.text === '--')) return afterDashes(inv, kit);
  return runAfter(inv, kit, 2, { short: 'C', long: ['--cd', '--config'] });
};

// ---------------------------------------------------------------- make

/** Makefile names GNU make tries, in order, when no -f is given. */
const MAKEFILES = ['GNUmakefile', 'makefile', 'Makefile'];

/**
 * Recipe lines of a makefile text as shell code: tab-indented lines, their `@-+` prefixes dropped,
 * `$$` → `$` and `$(VAR)`/`${VAR}` → `$VAR` so the shell analysis sees the variables.
 */
export function makeRecipes(text: string): string {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const m = /^\t[@+\-\s]*(.*)$/.exec(line);
    if (m !== null && m[1]! !== '')
      out.push(
        m[1]!
          .replace(/\$\$/g, '\0')
          .replace(/\$[({]([A-Za-z_][\w]*)[)}]/g, '$$$1')
          .replace(/\0/g, '$'),
      );
  }
  // `target: ; cmd` recipes on the rule line.
  for (const m of text.matchAll(/^[^\t#\n][^\n:=]*:[^=\n;]*;(.*)$/gm))
    if (m[1]!.trim() !== '') out.push(m[1]!.trim());
  return out.join('\n');
}

/** make: `SHELL=` / `.SHELLFLAGS=` run each recipe, `--eval` and `-f` makefiles (stdin, written ones). */
const make: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, {
    short: 'fCIjloW',
    long: [
      '--file',
      '--makefile',
      '--directory',
      '--include-dir',
      '--jobs',
      '--load-average',
      '--old-file',
      '--what-if',
      '--eval',
    ],
  });
  const texts: Word[] = [];
  for (const e of optionValues(args, '--eval')) texts.push(e);
  const files = optionValues(args, '-f', '--file', '--makefile');
  for (const f of files) {
    if (f.text === '-' || f.text === '/dev/stdin') {
      if (!inv.stdin.interactive) {
        kit.flow(inv.stdin.sources, { kind: 'exec', program: inv.program }, inv.span);
        if (inv.stdin.text !== null)
          texts.push({ ...f, text: inv.stdin.text, span: inv.stdin.textSpan ?? inv.span });
      }
      continue;
    }
    if (kit.written(f.text).length > 0) kit.fileOp(f, inv.program, 'execute', false);
    const written = kit.writtenText(f);
    if (written !== null) texts.push({ ...f, text: written.text, span: written.span });
  }
  if (files.length === 0) {
    for (const name of MAKEFILES) {
      const f = word(inv, name);
      if (kit.written(name).length > 0) kit.fileOp(f, inv.program, 'execute', false);
      const written = kit.writtenText(f);
      if (written === null) continue;
      texts.push({ ...f, text: written.text, span: written.span });
      break;
    }
  }
  for (const t of texts) {
    const code = makeRecipes(t.text);
    if (code !== '') kit.nested(code, 'bash', t.span, inv.program);
  }
  // SHELL='sh -c "..."' (a command line or assignment argument): make runs it with -c RECIPE.
  for (const p of args.positionals) {
    const m = /^(SHELL|\.SHELLFLAGS|MAKESHELL)[:?]?=(.*)$/s.exec(p.text);
    if (m === null || m[2]!.trim() === '') continue;
    const code = m[1] === '.SHELLFLAGS' ? `sh ${m[2]!} :` : `${m[2]!} -c :`;
    runCode(kit, inv, { ...p, text: code }, 'bash');
  }
  return undefined;
};

/** rimraf / del-cli: package bins that remove their arguments recursively, like `rm -rf`. */
const rimraf: ProgramHandler = (inv, kit) => {
  const args = inv.argv.slice(1).filter((w) => !w.text.startsWith('-'));
  return args.length === 0
    ? undefined
    : kit.run([word(inv, 'rm'), word(inv, '-rf'), ...args], inv.span, inv.stdin, inv.program);
};

export const RUNNER_HANDLERS: Readonly<Record<string, ProgramHandler>> = {
  rimraf,
  'del-cli': rimraf,
  del: rimraf,
  npm,
  pnpm: npm,
  yarn: npm,
  npx,
  pnpx: npx,
  bunx: npx,
  bun,
  deno,
  uv,
  uvx,
  poetry: runSubcommand,
  pipenv: runSubcommand,
  pdm: runSubcommand,
  hatch: runSubcommand,
  rye: runSubcommand,
  pixi: runSubcommand,
  pipx,
  conda,
  mamba: conda,
  micromamba: conda,
  pytest,
  'py.test': pytest,
  'nix-shell': nixShell,
  nix,
  direnv,
  dotenv,
  'env-cmd': dotenv,
  'cross-env': dotenv,
  dotenvx: dashRunner,
  op: dashRunner,
  doppler: dashRunner,
  'aws-vault': dashRunner,
  chamber: dashRunner,
  mise: toolExec,
  asdf: toolExec,
  devbox: toolExec,
  bundle: toolExec,
  make,
  gmake: make,
};
