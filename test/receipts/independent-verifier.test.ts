// A second verifier written from docs/receipts.md alone (node:crypto, a small JCS for the value types
// receipts use, RFC 6962 hashing), run over the committed vectors: the page is enough to verify.
/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-call -- tampering edits arbitrary JSON */
import { createHash, createPublicKey, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_PUBLIC_KEY_HEX } from '../fixtures/receipts/cases.js';

const dir = join(import.meta.dirname, '../fixtures/receipts');
const read = (name: string): any => JSON.parse(readFileSync(join(dir, name), 'utf8'));

// Enough of RFC 8785 for strings, integers, booleans, null, arrays and objects with ASCII keys.
function jcs(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(jcs).join(',')}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${jcs(o[k])}`)
    .join(',')}}`;
}

const sha = (...parts: Buffer[]): Buffer => createHash('sha256').update(Buffer.concat(parts)).digest();
const ORDER: Record<string, string[]> = {
  decision: ['v', 'kind', 'request', 'decision', 'engine_version', 'policy_sha256', 'key_id'],
  scrub: [
    'v',
    'kind',
    'agent_id',
    'input_sha256',
    'output_sha256',
    'redactions',
    'strict',
    'engine_version',
    'key_id',
  ],
};

function mth(hashes: Buffer[]): Buffer {
  if (hashes.length === 1) return hashes[0]!;
  let k = 1;
  while (k * 2 < hashes.length) k *= 2;
  return sha(Buffer.from([1]), mth(hashes.slice(0, k)), mth(hashes.slice(k)));
}

function verifyFromDoc(r: any, publicKeyHex: string): string {
  const pk = Buffer.from(publicKeyHex, 'hex');
  const kid = sha(Buffer.from(jcs({ crv: 'Ed25519', kty: 'OKP', x: pk.toString('base64url') }))).toString(
    'base64url',
  );
  if (kid !== r.key_id) return 'unknown-key';
  const leaves = ORDER[r.kind]!.map((name) =>
    sha(Buffer.from([0]), Buffer.from(jcs([name, r[name]]), 'utf8')),
  );
  if (`0x${mth(leaves).toString('hex')}` !== r.merkle_seal) return 'seal';
  const statement = jcs({
    key_id: r.key_id,
    kind: r.kind,
    merkle_seal: r.merkle_seal,
    typ: 'agent-guard-receipt',
    v: 1,
  });
  const key = createPublicKey({
    key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), pk]),
    format: 'der',
    type: 'spki',
  });
  const sig = Buffer.from(r.signature.slice('ed25519:'.length), 'hex');
  return verify(null, Buffer.from(statement, 'utf8'), key, sig) ? 'ok' : 'signature';
}

describe('a verifier written from docs/receipts.md', () => {
  it.each(['decision-deny', 'decision-allow', 'scrub'])('accepts %s', (name) => {
    expect(verifyFromDoc(read(`${name}.receipt.json`), TEST_PUBLIC_KEY_HEX)).toBe('ok');
  });

  it('rejects an edited receipt', () => {
    const r = read('decision-deny.receipt.json');
    r.decision.allowed = true;
    expect(verifyFromDoc(r, TEST_PUBLIC_KEY_HEX)).toBe('seal');
  });

  it('agrees with the JWK set and a JOSE thumbprint', async () => {
    const { calculateJwkThumbprint } = await import('jose');
    const jwks = read('jwks.json');
    const jwk = jwks.keys[0];
    expect(jwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', use: 'sig', alg: 'EdDSA' });
    expect(await calculateJwkThumbprint({ kty: jwk.kty, crv: jwk.crv, x: jwk.x })).toBe(jwk.kid);
    expect(read('decision-deny.receipt.json').key_id).toBe(jwk.kid);
  });
});
