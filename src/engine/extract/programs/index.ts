/**
 * Program name → handler. Names are normalised to a family first (python3.12 → python, gawk →
 * awk, mkfs.ext4 → mkfs, zsh → sh), so a new program or alias is one table entry.
 */
import { FILE_HANDLERS } from './files.js';
import { INTERPRETER_HANDLERS } from './interpreters.js';
import { NET_HANDLERS } from './net.js';
import type { ProgramHandler } from './types.js';
import { WRAPPER_HANDLERS } from './wrappers.js';

export type { ProgramHandler, Toolkit } from './types.js';

/** Later tables win: interpreters' cat/less/xxd keep the text of a stream, files' only read. */
export const HANDLERS: Readonly<Record<string, ProgramHandler>> = Object.freeze({
  ...FILE_HANDLERS,
  ...NET_HANDLERS,
  ...WRAPPER_HANDLERS,
  ...INTERPRETER_HANDLERS,
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
  // Version suffixes: python3, python3.11, perl5.36, php8.2, lua5.4, ruby3.2
  const m = /^(python|perl|php|ruby|lua|node)[0-9.]*$/.exec(program);
  if (m !== null) return m[1]!;
  return program;
}

export function handlerFor(program: string): ProgramHandler | undefined {
  const direct = HANDLERS[program];
  if (direct !== undefined && Object.hasOwn(HANDLERS, program)) return direct;
  const family = programFamily(program);
  return family === program || !Object.hasOwn(HANDLERS, family) ? undefined : HANDLERS[family];
}
