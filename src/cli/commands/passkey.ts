/**
 * `agent-guard passkey issue|list`: issues agent passports (SPEC 2.6, `nhi:<prefix>:ed25519:<hex>`).
 * `issue` makes an Ed25519 key pair, writes the private key (PKCS#8 PEM, mode 0600, never
 * overwritten) and adds the public entry to the passkey file the server reads (auth.passkeyFile).
 */
import { chmodSync, existsSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  PREFIX_PATTERN,
  passportOf,
  readPasskeyFile,
  type PasskeyEntry,
} from '../../passkeys/passkey-file.js';
import { AgentGuardError } from '../../errors.js';
import { createSigner, generateSeed, privateKeyPem, publicKeyHex } from '../../receipts/index.js';
import { EXIT, UsageError, type CliCommand, type CliIo } from '../command.js';

const USAGE = `Usage:
  agent-guard passkey issue --prefix P --tools T1,T2 [--file F] [--key-out K]
  agent-guard passkey list [--file F]

issue   Create an Ed25519 key pair for a new agent passport. The private key is written to
        --key-out (default: <prefix>.ed25519.pem next to the passkey file, mode 0600); the
        passport (nhi:<prefix>:ed25519:<public key hex>), its tools and creation time are added
        to the passkey file. --tools '*' allows every tool.
list    Print the passports in the passkey file.

--file  Passkey file. Default: AGENT_GUARD_PASSKEY_FILE, else ./agent-guard-passkeys.json.`;

function passkeyPath(io: CliIo, file: string | undefined): string {
  const chosen = file ?? io.env.AGENT_GUARD_PASSKEY_FILE ?? 'agent-guard-passkeys.json';
  return isAbsolute(chosen) ? chosen : resolve(io.cwd, chosen);
}

function writeAtomically(path: string, text: string, mode: number): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, text, { mode });
  renameSync(tmp, path);
}

function issue(args: readonly string[], io: CliIo): number {
  const { values } = parseArgs({
    args: [...args],
    options: {
      prefix: { type: 'string' },
      tools: { type: 'string' },
      file: { type: 'string' },
      'key-out': { type: 'string' },
    },
    strict: true,
  });
  const prefix = values.prefix;
  if (!prefix || !PREFIX_PATTERN.test(prefix)) {
    throw new UsageError('--prefix is required: 1-64 characters of letters, digits, ".", "_" or "-"');
  }
  const tools = (values.tools ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  if (tools.length === 0) throw new UsageError('--tools is required (comma-separated tool names, or *)');
  const path = passkeyPath(io, values.file);
  const file = readPasskeyFile(path);
  if (file.passports.some((p) => p.prefix === prefix)) {
    throw new AgentGuardError('AG_ERR_PASSKEY_EXISTS', { path, prefix });
  }
  const keyOut = values['key-out']
    ? resolve(io.cwd, values['key-out'])
    : join(dirname(path), `${prefix}.ed25519.pem`);
  if (existsSync(keyOut)) throw new UsageError(`${keyOut} exists; refusing to overwrite a private key`);

  const seed = generateSeed();
  const publicKey = publicKeyHex(createSigner(seed).publicKey);
  writeFileSync(keyOut, privateKeyPem(seed), { mode: 0o600, flag: 'wx' });
  chmodSync(keyOut, 0o600); // the umask may have removed bits, never added: make it exact
  const entry: PasskeyEntry = {
    prefix,
    public_key: publicKey,
    passport: passportOf(prefix, publicKey),
    tools,
    created: new Date().toISOString(),
  };
  writeAtomically(
    path,
    `${JSON.stringify({ version: 1, passports: [...file.passports, entry] }, null, 2)}\n`,
    0o644,
  );
  io.stdout.write(`${entry.passport}\n`);
  io.stderr.write(`private key: ${keyOut} (mode 0600)\npasskey file: ${path}\ntools: ${tools.join(', ')}\n`);
  return EXIT.ok;
}

function list(args: readonly string[], io: CliIo): number {
  const { values } = parseArgs({ args: [...args], options: { file: { type: 'string' } }, strict: true });
  const file = readPasskeyFile(passkeyPath(io, values.file));
  for (const p of file.passports) io.stdout.write(`${p.passport}\t${p.tools.join(',')}\t${p.created}\n`);
  return EXIT.ok;
}

export const passkeyCommand: CliCommand = {
  name: 'passkey',
  usage: USAGE,
  run(argv, io) {
    const [sub, ...rest] = argv;
    try {
      if (sub === 'issue') return Promise.resolve(issue(rest, io));
      if (sub === 'list') return Promise.resolve(list(rest, io));
    } catch (err) {
      if (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS')) {
        throw new UsageError(err.message);
      }
      throw err;
    }
    throw new UsageError(sub ? `unknown subcommand "${sub}"` : 'missing subcommand (issue or list)');
  },
};
