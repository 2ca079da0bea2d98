// Signing-key loading (PEM, hex, file, environment, ephemeral), key ids and the JWK set / key ring.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  buildJwks,
  createSigner,
  decisionReceiptBody,
  generateSeed,
  keyIdOf,
  KeyRing,
  loadSigningKey,
  loadVerificationKeys,
  parsePrivateKey,
  privateKeyPem,
  signReceipt,
  verifyReceipt,
  verificationKeyRing,
} from '../../src/receipts/index.js';
import { fromHex, toHex } from '../../src/receipts/canonical.js';
import { publicKeyOf, signerFor, verifierFor } from '../../src/receipts/ed25519.js';
import { isAgentGuardError } from '../../src/errors.js';
import { CASES, TEST_PUBLIC_KEY_HEX, TEST_SEED_HEX } from '../fixtures/receipts/cases.js';

const fixtures = join(import.meta.dirname, '../fixtures/receipts');
const pem = readFileSync(join(fixtures, 'test-key.pem'), 'utf8');
const tmp = mkdtempSync(join(tmpdir(), 'ag-keys-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');

function errorOf(fn: () => unknown): { code: string; message: string } {
  try {
    fn();
  } catch (err) {
    if (isAgentGuardError(err)) return { code: err.code, message: err.message };
    throw err;
  }
  throw new Error('expected an error');
}

describe('parsePrivateKey', () => {
  it.each([
    ['PKCS#8 PEM', pem],
    ['64 hex digits', TEST_SEED_HEX],
    ['64 hex digits with 0x and whitespace', `  0x${TEST_SEED_HEX.toUpperCase()}\n`],
    ['128 hex digits (seed then public key)', TEST_SEED_HEX + TEST_PUBLIC_KEY_HEX],
  ])('accepts %s', (_name, text) => {
    expect(hex(parsePrivateKey(text))).toBe(TEST_SEED_HEX);
  });

  it.each([
    ['128 hex digits whose public half does not match', TEST_SEED_HEX + '00'.repeat(32)],
    ['the wrong length', TEST_SEED_HEX.slice(2)],
    [
      'a non-Ed25519 PEM',
      '-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg\n-----END PRIVATE KEY-----',
    ],
    ['garbage', 'not a key at all'],
  ])('rejects %s without echoing key material', (_name, text) => {
    const err = errorOf(() => parsePrivateKey(text, 'test'));
    expect(err.code).toBe('AG_ERR_RECEIPTS_KEY_INVALID');
    expect(err.message).not.toContain(TEST_SEED_HEX.slice(0, 16));
  });

  it('round-trips a generated key through PEM', () => {
    const seed = generateSeed();
    expect(hex(parsePrivateKey(privateKeyPem(seed)))).toBe(hex(seed));
  });
});

describe('loadSigningKey', () => {
  it('prefers the file, then the environment value, else an ephemeral key', () => {
    const file = join(tmp, 'k.pem');
    writeFileSync(file, pem, { mode: 0o600 });
    const fromFile = loadSigningKey({ signingKeyFile: file, signingKey: hex(generateSeed()) });
    expect(fromFile).toMatchObject({ ephemeral: false, source: 'file' });
    expect(hex(fromFile.signer.publicKey)).toBe(TEST_PUBLIC_KEY_HEX);

    const fromEnv = loadSigningKey({ signingKey: TEST_SEED_HEX });
    expect(fromEnv).toMatchObject({ ephemeral: false, source: 'env' });
    expect(fromEnv.signer.keyId).toBe(fromFile.signer.keyId);

    const a = loadSigningKey({});
    const b = loadSigningKey({});
    expect(a).toMatchObject({ ephemeral: true, source: 'ephemeral' });
    expect(a.signer.keyId).not.toBe(b.signer.keyId);
  });

  it('reports an unreadable file by path and errno only', () => {
    const err = errorOf(() => loadSigningKey({ signingKeyFile: join(tmp, 'missing.pem') }));
    expect(err.code).toBe('AG_ERR_RECEIPTS_KEY_UNREADABLE');
    expect(err.message).toContain('ENOENT');
  });
});

describe('key ids, JWK sets and rotation', () => {
  it('key id is the RFC 7638 thumbprint', async () => {
    const { calculateJwkThumbprint } = await import('jose');
    const pk = createSigner(generateSeed()).publicKey;
    const x = Buffer.from(pk).toString('base64url');
    expect(keyIdOf(pk)).toBe(await calculateJwkThumbprint({ kty: 'OKP', crv: 'Ed25519', x }));
  });

  it('verifies receipts of both the old and the new key after a rotation', () => {
    const oldSigner = createSigner(new Uint8Array(Buffer.from(TEST_SEED_HEX, 'hex')));
    const newSigner = createSigner(generateSeed());
    const jwksFile = join(tmp, 'jwks.json');
    writeFileSync(jwksFile, JSON.stringify(buildJwks([oldSigner.publicKey, newSigner.publicKey])));
    const ring = loadVerificationKeys(jwksFile);
    expect(ring.keyIds).toEqual([oldSigner.keyId, newSigner.keyId]);
    const c = CASES[0]!;
    if (c.kind !== 'decision') throw new Error('fixture order');
    for (const s of [oldSigner, newSigner]) {
      expect(verifyReceipt(signReceipt(decisionReceiptBody(c.input), s), ring).ok).toBe(true);
    }
    const dropped = KeyRing.fromJwks({ keys: ring.toJwks().keys.slice(1) });
    const result = verifyReceipt(signReceipt(decisionReceiptBody(c.input), oldSigner), dropped);
    expect(!result.ok && result.check).toBe('unknown-key');
  });

  const good = buildJwks([createSigner(generateSeed()).publicKey]).keys[0]!;
  it.each([
    ['not an object with keys', { nope: [] }],
    ['another curve', { keys: [{ ...good, crv: 'X25519' }] }],
    ['a private key', { keys: [{ ...good, d: 'AAAA' }] }],
    ['a kid that is not the thumbprint', { keys: [{ ...good, kid: 'my-key' }] }],
    ['use enc', { keys: [{ ...good, use: 'enc' }] }],
    ['a short x', { keys: [{ ...good, x: 'AAAA' }] }],
  ])('rejects a JWK set with %s', (_name, jwks) => {
    expect(errorOf(() => KeyRing.fromJwks(jwks)).code).toBe('AG_ERR_RECEIPTS_JWKS_INVALID');
  });

  it('the noble backend signs and verifies exactly as node:crypto does', () => {
    const seed = generateSeed();
    const msg = new TextEncoder().encode('agent-guard');
    const node = createSigner(seed, { backend: 'node' });
    const noble = createSigner(seed, { backend: 'noble' });
    expect(hex(noble.sign(msg))).toBe(hex(node.sign(msg)));
    const ring = new KeyRing([node.publicKey], { backend: 'noble' });
    expect(ring.verify(node.keyId, node.sign(msg), msg)).toBe(true);
    expect(ring.verify(node.keyId, node.sign(msg), new TextEncoder().encode('agent-guarD'))).toBe(false);
  });

  it('the published ring holds the signing key and the rotation file', () => {
    const current = createSigner(generateSeed());
    const old = createSigner(generateSeed());
    const file = join(tmp, 'old-keys.json');
    writeFileSync(file, JSON.stringify(buildJwks([old.publicKey])));
    const ring = verificationKeyRing({ signer: current, verificationKeysFile: file });
    expect(ring.keyIds).toEqual([current.keyId, old.keyId]);
    expect(ring.toJwks().keys.map((k) => k.kid)).toEqual([current.keyId, old.keyId]);
  });
});

describe('publicKeyOf', () => {
  it('derives the key the noble reference verifies signatures with', () => {
    for (let i = 0; i < 16; i++) {
      const seed = randomBytes(32);
      const message = randomBytes(40);
      const signature = signerFor(seed, 'node')(message);
      expect(verifierFor(publicKeyOf(seed), 'noble')(signature, message)).toBe(true);
    }
    expect(toHex(publicKeyOf(fromHex(TEST_SEED_HEX)!))).toBe(TEST_PUBLIC_KEY_HEX);
  });
});
