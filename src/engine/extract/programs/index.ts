/**
 * Program name → handler. Names are normalised to a family first (python3.12 → python, gawk →
 * awk, mkfs.ext4 → mkfs, zsh → sh), so a new program or alias is one table entry.
 */
import { CLOUD_HANDLERS } from './cloud.js';
import { CONSOLE_HANDLERS } from './consoles.js';
import { DATASTORE_HANDLERS } from './datastores.js';
import { FILE_HANDLERS } from './files.js';
import { GIT_HANDLERS } from './git.js';
import { HOOK_HANDLERS } from './hooks.js';
import { INTERPRETER_HANDLERS } from './interpreters.js';
import { LAUNCHER_HANDLERS } from './launchers.js';
import { NET_HANDLERS } from './net.js';
import { REGISTRY_HANDLERS } from './registry.js';
import { RUNNER_HANDLERS } from './runners.js';
import { SECURITY_HANDLERS } from './security.js';
import { TEXT_HANDLERS } from './text.js';
import type { ProgramHandler } from './types.js';
import { WRAPPER_HANDLERS } from './wrappers.js';

export type { ProgramHandler, Toolkit } from './types.js';

/**
 * One table per program family; a program belongs to exactly one of them (issue 29: a second
 * definition used to shadow the first silently), so building the registry throws on a duplicate.
 */
export function buildRegistry(
  tables: Readonly<Record<string, Readonly<Record<string, ProgramHandler>>>>,
): Readonly<Record<string, ProgramHandler>> {
  const out: Record<string, ProgramHandler> = {};
  const owner = new Map<string, string>();
  for (const [family, table] of Object.entries(tables)) {
    for (const [name, handler] of Object.entries(table)) {
      const previous = owner.get(name);
      if (previous !== undefined)
        throw new Error(`program ${name} is defined by both ${previous} and ${family}`);
      owner.set(name, family);
      out[name] = handler;
    }
  }
  return Object.freeze(out);
}

export const HANDLERS: Readonly<Record<string, ProgramHandler>> = buildRegistry({
  files: FILE_HANDLERS,
  net: NET_HANDLERS,
  wrappers: WRAPPER_HANDLERS,
  interpreters: INTERPRETER_HANDLERS,
  consoles: CONSOLE_HANDLERS,
  datastores: DATASTORE_HANDLERS,
  launchers: LAUNCHER_HANDLERS,
  runners: RUNNER_HANDLERS,
  security: SECURITY_HANDLERS,
  hooks: HOOK_HANDLERS,
  text: TEXT_HANDLERS,
  git: GIT_HANDLERS,
  cloud: CLOUD_HANDLERS,
  registry: REGISTRY_HANDLERS,
});

const ALIASES: Readonly<Record<string, string>> = {
  bash: 'sh',
  zsh: 'sh',
  dash: 'sh',
  ksh: 'sh',
  mksh: 'sh',
  ash: 'sh',
  fish: 'sh',
  csh: 'sh',
  tcsh: 'sh',
  rbash: 'sh',
  yash: 'sh',
  posh: 'sh',
  nodejs: 'node',
  pypy: 'python',
  pypy3: 'python',
  luajit: 'lua',
  gawk: 'awk',
  mawk: 'awk',
  nawk: 'awk',
  vi: 'vim',
  nvim: 'vim',
  view: 'vim',
  ex: 'vim',
  rvim: 'vim',
  vimdiff: 'vim',
  gvim: 'vim',
  powershell: 'pwsh',
  'powershell.exe': 'pwsh',
  mariadb: 'mysql',
  podman: 'docker',
  nerdctl: 'docker',
  'nc.openbsd': 'nc',
  'nc.traditional': 'nc',
  sudoedit: 'sudo',
  'docker-compose': 'docker',
  source: 'source',
};

/** The family a program name belongs to (python3.11 → python). */
export function programFamily(program: string): string {
  const alias = ALIASES[program];
  if (alias !== undefined) return alias;
  if (program.startsWith('mkfs')) return 'mkfs';
  // A Windows executable by path (`%WINDIR%\\System32\\curl.exe`, `reg.exe`): the program it names.
  const exe = /(?:^|[\\/])([\w.-]+)\.exe$/i.exec(program);
  if (exe !== null) return programFamily(exe[1]!.toLowerCase());
  // Version suffixes: python3, python3.11, perl5.36, php8.2, lua5.4, ruby3.2
  const m = /^(python|perl|php|ruby|lua|node)[0-9.]*$/.exec(program);
  if (m !== null) return m[1]!;
  return program;
}

export function handlerFor(program: string): ProgramHandler | undefined {
  // `!curl ...` / `:!curl ...`: a command typed as an escape into the program of the line before.
  if (program.charCodeAt(0) === 33 /* ! */ || program.startsWith(':!')) {
    const rest = program.slice(program.indexOf('!') + 1);
    return rest === '' ? undefined : handlerFor(rest);
  }
  const direct = HANDLERS[program];
  if (direct !== undefined && Object.hasOwn(HANDLERS, program)) return direct;
  const family = programFamily(program);
  return family === program || !Object.hasOwn(HANDLERS, family) ? undefined : HANDLERS[family];
}
