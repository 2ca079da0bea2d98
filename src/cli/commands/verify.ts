/**
 * `agent-guard verify`: checks a receipt, or a whole validate / envelope / sanitize response body,
 * offline against pinned public keys (docs/receipts.md sections 5 and 6).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { KeyRing, loadVerificationKeys, verifyResponseBody, type Receipt } from '../../receipts/index.js';
import { EXIT, UsageError, type CliCommand, type CliIo } from '../command.js';
import { parseOptions } from '../input.js';

const USAGE = `Usage: agent-guard verify [--key HEX]... [--keys JWKS_FILE] [FILE|-]

Verify a receipt, or a response body that carries one (validate response, remediation envelope,
sanitize response), read from FILE or stdin (-, the default).

  --key HEX         A trusted Ed25519 public key, 64 hex digits (repeatable).
  --keys FILE       A JWK set of trusted keys (e.g. a saved /.well-known/agent-guard-keys.json).
                    Default: AGENT_GUARD_VERIFICATION_KEYS_FILE when neither option is given.

A trusted key is required: a receipt checked against no pinned key proves nothing.
Exit codes: 0 valid; 1 invalid (the failing check is printed: format, seal, unknown-key,
signature, body); 2 usage error.`;

const MAX_INPUT_BYTES = 16 * 1024 * 1024;

async function readStream(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > MAX_INPUT_BYTES) throw new UsageError(`input is larger than ${MAX_INPUT_BYTES} bytes`);
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function describe(receipt: Receipt): string {
  if (receipt.kind === 'decision') {
    const d = receipt.decision;
    const rules = d.rule_ids.length > 0 ? `, rules ${d.rule_ids.join(',')}` : '';
    return `decision receipt: ${d.verdict}${rules}, runtime ${receipt.request.runtime}, agent ${receipt.request.agent_id ?? '-'}`;
  }
  const kinds = receipt.redactions.kinds.length > 0 ? ` (${receipt.redactions.kinds.join(',')})` : '';
  return `scrub receipt: ${receipt.redactions.count} redaction(s)${kinds}, agent ${receipt.agent_id ?? '-'}`;
}

async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseOptions({
    args: [...argv],
    options: { key: { type: 'string', multiple: true }, keys: { type: 'string' } },
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length > 1) throw new UsageError('give one FILE (or - for stdin)');

  const ring = new KeyRing();
  for (const hex of values.key ?? []) {
    try {
      ring.add(KeyRing.publicKeyFromHex(hex));
    } catch {
      throw new UsageError(`--key ${JSON.stringify(hex)} is not 64 hex digits of an Ed25519 public key`);
    }
  }
  const jwksFile = values.keys ?? (values.key ? undefined : io.env.AGENT_GUARD_VERIFICATION_KEYS_FILE);
  if (jwksFile) {
    for (const jwk of loadVerificationKeys(resolve(io.cwd, jwksFile)).toJwks().keys) {
      ring.add(new Uint8Array(Buffer.from(jwk.x, 'base64url')));
    }
  }
  if (ring.size === 0) throw new UsageError('no trusted key: pass --key HEX or --keys JWKS_FILE');

  const source = positionals[0] ?? '-';
  let text: string;
  if (source === '-') {
    text = await readStream(io.stdin);
  } else {
    try {
      text = readFileSync(resolve(io.cwd, source), 'utf8');
    } catch (err) {
      throw new UsageError(`cannot read ${source}: ${(err as NodeJS.ErrnoException).code ?? 'read error'}`);
    }
  }
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    io.stderr.write(`INVALID (format): ${source === '-' ? 'stdin' : source} is not JSON\n`);
    return EXIT.denied;
  }
  const result = verifyResponseBody(value, ring);
  if (!result.ok) {
    io.stderr.write(`INVALID (${result.check}): ${result.message}\n`);
    return EXIT.denied;
  }
  io.stdout.write(
    `OK: ${describe(result.receipt)}\n  key id:      ${result.receipt.key_id}\n  merkle_seal: ${result.receipt.merkle_seal}\n`,
  );
  return EXIT.ok;
}

export const verifyCommand: CliCommand = {
  name: 'verify',
  usage: USAGE,
  run,
};
