/**
 * Programs that hand out account and key material: getent (the shadow databases are the password
 * hashes), gpg (secret-key export). Their output carries the credential store it came from, so
 * piping it to the network is exfiltration like `cat /etc/shadow | nc`.
 */
import type { DataSource } from '../../facts.js';
import { NO_SOURCES, mergeSources, type Word } from '../bash/model.js';
import { resolver } from './net.js';
import type { ProgramHandler } from './types.js';
import { optionValues, parseArgs } from './util.js';

/** getent databases that are files (the rest, hosts and friends, resolve names). */
const GETENT_FILES: Readonly<Record<string, string>> = {
  shadow: '/etc/shadow',
  gshadow: '/etc/gshadow',
  passwd: '/etc/passwd',
  group: '/etc/group',
};

const resolve = resolver('s');

const getent: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, { short: 's', long: ['--service'] });
  const db = args.positionals[0];
  if (db === undefined) return undefined;
  const file = GETENT_FILES[db.text];
  if (file === undefined) {
    // `getent hosts NAME`: the keys are names to resolve.
    const names = args.positionals.slice(1);
    return names.length === 0 ? undefined : resolve({ ...inv, argv: [inv.argv[0]!, ...names] }, kit);
  }
  const sources = kit.read({ ...db, text: file, dynamic: false }, inv.program);
  return { sources, text: null, interactive: false, literals: [] };
};

/** gpg: files it reads, and secret keys it exports from the keyring. */
const gpg: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, {
    short: 'oruR',
    long: ['--output', '--recipient', '--local-user', '--homedir', '--passphrase-file'],
  });
  let sources: readonly DataSource[] = NO_SOURCES;
  const exportsSecret = args.options.some((o) =>
    /^--export-secret-(?:sub)?keys$|^--export-ssh-key$/.test(o.name),
  );
  if (exportsSecret) {
    const home = optionValues(args, '--homedir')[0]?.text ?? '~/.gnupg';
    const keyring: Word = { ...inv.argv[0]!, text: home + '/private-keys-v1.d', span: inv.span };
    sources = kit.read(keyring, inv.program);
  }
  for (const f of optionValues(args, '--passphrase-file')) kit.read(f, inv.program);
  for (const f of args.positionals) sources = mergeSources(sources, kit.read(f, inv.program));
  const out = optionValues(args, '-o', '--output')[0];
  if (out !== undefined) {
    kit.write(out, inv.program, 'write', sources);
    return { sources: NO_SOURCES, text: null, interactive: false, literals: [] };
  }
  return { sources, text: null, interactive: false, literals: [] };
};

/**
 * ps with the BSD `e` flag (ps eww, ps auxe) prints each process's environment after its command:
 * the tokens and keys the processes were started with, like /proc/PID/environ.
 */
const ps: ProgramHandler = (inv) => {
  const bsd = inv.argv.slice(1).some((w) => /^[a-zA-Z]*e[a-zA-Z]*$/.test(w.text));
  return bsd ? { sources: [{ kind: 'env' }], text: null, interactive: false, literals: [] } : undefined;
};

/** `history` with no action prints the shell's history file (commands typed with their secrets). */
const history: ProgramHandler = (inv) =>
  inv.argv.length === 1 || /^\d+$/.test(inv.argv[1]!.text)
    ? {
        sources: [
          { kind: 'file', path: '~/.bash_history' },
          { kind: 'output', program: 'history' },
        ],
        text: null,
        interactive: false,
        literals: [],
      }
    : undefined;

export const SECURITY_HANDLERS: Readonly<Record<string, ProgramHandler>> = {
  ps,
  history,
  getent,
  gpg,
  gpg2: gpg,
};
