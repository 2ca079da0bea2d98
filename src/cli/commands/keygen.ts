/**
 * `agent-guard keygen`: makes an Ed25519 receipt-signing key (PKCS#8 PEM) and prints its public key,
 * key id and public JWK (docs/receipts.md section 4).
 */
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createSigner, generateSeed, privateKeyPem, publicJwk, publicKeyHex } from '../../receipts/index.js';
import { EXIT, UsageError, type CliCommand, type CliIo } from '../command.js';
import { parseOptions } from '../input.js';

const USAGE = `Usage: agent-guard keygen [--out FILE] [--force]

Generate an Ed25519 key for signing receipts.

  --out FILE   Write the private key (PKCS#8 PEM) to FILE with mode 0600, and print the public key,
               key id and public JWK. Without --out the PEM goes to stdout and the rest to stderr.
  --force      Overwrite FILE if it exists (refused otherwise).

Use the key with AGENT_GUARD_SIGNING_KEY_FILE=FILE; publish the JWK (the server serves it at
/.well-known/agent-guard-keys.json) so others can verify receipts with \`agent-guard verify\`.`;

function run(argv: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseOptions({
    args: [...argv],
    options: { out: { type: 'string' }, force: { type: 'boolean', default: false } },
    strict: true,
    allowPositionals: false,
  });
  const seed = generateSeed();
  const signer = createSigner(seed);
  const pem = privateKeyPem(seed);
  const info = [
    `public key: ${publicKeyHex(signer.publicKey)}`,
    `key id:     ${signer.keyId}`,
    `jwk:        ${JSON.stringify(publicJwk(signer.publicKey))}`,
  ].join('\n');

  if (values.out === undefined) {
    io.stdout.write(pem);
    io.stderr.write(`${info}\n`);
    return Promise.resolve(EXIT.ok);
  }
  if (values.out === '') throw new UsageError('--out needs a file name');
  const path = resolve(io.cwd, values.out);
  if (existsSync(path) && !values.force) {
    throw new UsageError(`${path} exists; refusing to overwrite a key (pass --force to replace it)`);
  }
  // 'wx' fails if the file appeared meanwhile; with --force the file is replaced and its mode reset.
  writeFileSync(path, pem, { mode: 0o600, flag: values.force ? 'w' : 'wx' });
  chmodSync(path, 0o600);
  io.stdout.write(`wrote private key: ${path} (mode 0600)\n${info}\n`);
  return Promise.resolve(EXIT.ok);
}

export const keygenCommand: CliCommand = {
  name: 'keygen',
  usage: USAGE,
  run,
};
