/**
 * Ed25519 keys for receipts: loading the signing key (file, environment, or an ephemeral one), key ids
 * (RFC 7638 thumbprints), and the verification key ring published as a JWK set (RFC 8037 OKP keys).
 */
import { createPrivateKey, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { AgentGuardError } from '../errors.js';
import { canonicalize, fromBase64Url, fromHex, sha256Bytes, toBase64Url, toHex, utf8 } from './canonical.js';
import {
  defaultBackend,
  isValidPublicKey,
  privateKeyObject,
  publicKeyOf,
  signerFor,
  verifierFor,
  type Ed25519Backend,
  type Ed25519VerifyFn,
} from './ed25519.js';

/** What signs receipts: a key id, the public key, and a sign function over raw message bytes. */
export interface ReceiptSigner {
  readonly keyId: string;
  readonly publicKey: Uint8Array;
  sign(message: Uint8Array): Uint8Array;
}

export interface Ed25519PublicJwk {
  readonly kty: 'OKP';
  readonly crv: 'Ed25519';
  readonly x: string;
  readonly kid: string;
  readonly use: 'sig';
  readonly alg: 'EdDSA';
}

export interface JwkSet {
  readonly keys: readonly Ed25519PublicJwk[];
}

/**
 * Key id: RFC 7638 JWK thumbprint of the OKP public key (RFC 8037 section 2: required members crv,
 * kty, x), base64url without padding. Any JOSE library computes the same value.
 */
export function keyIdOf(publicKey: Uint8Array): string {
  const members = { crv: 'Ed25519', kty: 'OKP', x: toBase64Url(publicKey) };
  return toBase64Url(sha256Bytes(utf8(canonicalize(members))));
}

export function publicKeyHex(publicKey: Uint8Array): string {
  return toHex(publicKey);
}

export function createSigner(seed: Uint8Array, options: { backend?: Ed25519Backend } = {}): ReceiptSigner {
  if (seed.length !== 32) throw keyError('argument', 'an Ed25519 seed is 32 bytes');
  const publicKey = publicKeyOf(seed);
  const sign = signerFor(seed, options.backend ?? defaultBackend());
  return Object.freeze({ keyId: keyIdOf(publicKey), publicKey, sign });
}

/** A fresh random 32-byte seed. */
export function generateSeed(): Uint8Array {
  return new Uint8Array(randomBytes(32));
}

/** PKCS#8 PEM (RFC 8410) of a seed: what `agent-guard keygen` writes. */
export function privateKeyPem(seed: Uint8Array): string {
  return privateKeyObject(seed).export({ format: 'pem', type: 'pkcs8' }).toString();
}

function keyError(source: string, reason: string): AgentGuardError {
  return new AgentGuardError('AG_ERR_RECEIPTS_KEY_INVALID', { source, reason });
}

/**
 * Parse a private key: PKCS#8 PEM, 64 hex digits (the 32-byte seed), or 128 hex digits (seed then
 * public key, the libsodium/Go layout; the public half must match). Returns the seed.
 */
export function parsePrivateKey(text: string, source = 'input'): Uint8Array {
  const trimmed = text.trim();
  if (trimmed.startsWith('-----BEGIN')) {
    let jwk: { kty?: string; crv?: string; d?: string };
    try {
      jwk = createPrivateKey({ key: trimmed, format: 'pem' }).export({ format: 'jwk' });
    } catch (err) {
      throw keyError(
        source,
        `not a PKCS#8 PEM private key (${err instanceof Error ? err.message : 'parse error'})`,
      );
    }
    if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.d !== 'string') {
      throw keyError(source, `PEM key is ${jwk.crv ?? jwk.kty ?? 'unknown'}, not Ed25519`);
    }
    const seed = fromBase64Url(jwk.d);
    if (!seed || seed.length !== 32) throw keyError(source, 'PEM key has no 32-byte seed');
    return seed;
  }
  const hex = trimmed.replace(/^0x/i, '');
  const bytes = /^[0-9a-fA-F]+$/.test(hex) ? fromHex(hex) : null;
  if (bytes && bytes.length === 32) return bytes;
  if (bytes && bytes.length === 64) {
    const seed = bytes.slice(0, 32);
    if (toHex(publicKeyOf(seed)) !== toHex(bytes.slice(32))) {
      throw keyError(source, '64-byte key: the public half does not belong to the seed');
    }
    return seed;
  }
  // Say what was wrong without echoing any of the key material.
  throw keyError(source, `expected PKCS#8 PEM or 64/128 hex digits, got ${trimmed.length} characters`);
}

export type SigningKeySource = 'file' | 'env' | 'ephemeral';

/** What the caller logs (warn) when `loadSigningKey` returns `ephemeral: true`. */
export const EPHEMERAL_KEY_WARNING =
  'no receipt signing key configured (AGENT_GUARD_SIGNING_KEY_FILE or AGENT_GUARD_SIGNING_KEY): using an ephemeral key; ' +
  'its receipts cannot be verified after this process exits unless its public key (/.well-known/agent-guard-keys.json) is saved. ' +
  'Create a key with `agent-guard keygen --out FILE`.';

export interface LoadedSigningKey {
  readonly signer: ReceiptSigner;
  /** True when no key was configured and a random one was generated: receipts will not verify after a restart. */
  readonly ephemeral: boolean;
  readonly source: SigningKeySource;
}

export interface SigningKeyOptions {
  /** Path of a PEM or hex key file (`AGENT_GUARD_SIGNING_KEY_FILE`). Wins over `signingKey`. */
  readonly signingKeyFile?: string | undefined;
  /** The key itself, PEM or hex (`AGENT_GUARD_SIGNING_KEY`). */
  readonly signingKey?: string | undefined;
  readonly backend?: Ed25519Backend;
}

/**
 * Load the signing key from the file, else the inline value, else generate an ephemeral one. The
 * caller logs a warning when `ephemeral` is true (this module does no logging).
 */
export function loadSigningKey(options: SigningKeyOptions): LoadedSigningKey {
  const backend = options.backend ?? defaultBackend();
  if (options.signingKeyFile) {
    let text: string;
    try {
      text = readFileSync(options.signingKeyFile, 'utf8');
    } catch (err) {
      const reason = (err as NodeJS.ErrnoException).code ?? 'read error';
      throw new AgentGuardError('AG_ERR_RECEIPTS_KEY_UNREADABLE', { path: options.signingKeyFile, reason });
    }
    const seed = parsePrivateKey(text, options.signingKeyFile);
    return { signer: createSigner(seed, { backend }), ephemeral: false, source: 'file' };
  }
  if (options.signingKey) {
    const seed = parsePrivateKey(options.signingKey, 'AGENT_GUARD_SIGNING_KEY');
    return { signer: createSigner(seed, { backend }), ephemeral: false, source: 'env' };
  }
  return { signer: createSigner(generateSeed(), { backend }), ephemeral: true, source: 'ephemeral' };
}

export function publicJwk(publicKey: Uint8Array): Ed25519PublicJwk {
  return {
    kty: 'OKP',
    crv: 'Ed25519',
    x: toBase64Url(publicKey),
    kid: keyIdOf(publicKey),
    use: 'sig',
    alg: 'EdDSA',
  };
}

/** The JWK set served at `/.well-known/agent-guard-keys.json`. */
export function buildJwks(publicKeys: Iterable<Uint8Array>): JwkSet {
  const seen = new Set<string>();
  const keys: Ed25519PublicJwk[] = [];
  for (const pk of publicKeys) {
    const jwk = publicJwk(pk);
    if (seen.has(jwk.kid)) continue;
    seen.add(jwk.kid);
    keys.push(jwk);
  }
  return { keys };
}

interface RingEntry {
  readonly publicKey: Uint8Array;
  readonly verify: Ed25519VerifyFn;
}

/** Trusted verification keys, indexed by the key id computed from each key (never by a claimed kid). */
export class KeyRing {
  readonly #entries = new Map<string, RingEntry>();
  readonly #backend: Ed25519Backend;

  constructor(publicKeys: Iterable<Uint8Array> = [], options: { backend?: Ed25519Backend } = {}) {
    this.#backend = options.backend ?? defaultBackend();
    for (const pk of publicKeys) this.add(pk);
  }

  /** Add a 32-byte public key; returns its key id. */
  add(publicKey: Uint8Array): string {
    if (!isValidPublicKey(publicKey)) {
      throw new AgentGuardError('AG_ERR_RECEIPTS_JWKS_INVALID', {
        source: 'key',
        reason: 'not a valid 32-byte Ed25519 public key',
      });
    }
    const keyId = keyIdOf(publicKey);
    if (!this.#entries.has(keyId)) {
      const copy = Uint8Array.from(publicKey);
      this.#entries.set(keyId, { publicKey: copy, verify: verifierFor(copy, this.#backend) });
    }
    return keyId;
  }

  has(keyId: string): boolean {
    return this.#entries.has(keyId);
  }

  publicKey(keyId: string): Uint8Array | undefined {
    return this.#entries.get(keyId)?.publicKey;
  }

  /** Verify `signature` over `message` with the key `keyId`; false when the key is unknown. */
  verify(keyId: string, signature: Uint8Array, message: Uint8Array): boolean {
    const entry = this.#entries.get(keyId);
    return entry ? entry.verify(signature, message) : false;
  }

  get keyIds(): readonly string[] {
    return [...this.#entries.keys()];
  }

  get size(): number {
    return this.#entries.size;
  }

  toJwks(): JwkSet {
    return buildJwks([...this.#entries.values()].map((e) => e.publicKey));
  }

  /** Parse a JWK set (object or JSON text). Non-Ed25519 keys are rejected, not skipped. */
  static fromJwks(jwks: unknown, source = 'JWK set', options: { backend?: Ed25519Backend } = {}): KeyRing {
    const fail = (reason: string): AgentGuardError =>
      new AgentGuardError('AG_ERR_RECEIPTS_JWKS_INVALID', { source, reason });
    let value = jwks;
    if (typeof value === 'string') {
      try {
        value = JSON.parse(value) as unknown;
      } catch {
        throw fail('not JSON');
      }
    }
    const keys = (value as { keys?: unknown } | null)?.keys;
    if (!Array.isArray(keys)) throw fail('expected an object with a "keys" array');
    const ring = new KeyRing([], options);
    keys.forEach((raw: unknown, i) => {
      const jwk = raw as Record<string, unknown> | null;
      if (!jwk || typeof jwk !== 'object') throw fail(`keys[${i}] is not an object`);
      if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519') throw fail(`keys[${i}] is not an OKP Ed25519 key`);
      if ('d' in jwk) throw fail(`keys[${i}] contains a private key ("d"); publish public keys only`);
      if (jwk.use !== undefined && jwk.use !== 'sig')
        throw fail(`keys[${i}] has use ${JSON.stringify(jwk.use)}, not "sig"`);
      if (jwk.alg !== undefined && jwk.alg !== 'EdDSA' && jwk.alg !== 'Ed25519') {
        throw fail(`keys[${i}] has alg ${JSON.stringify(jwk.alg)}`);
      }
      const x = typeof jwk.x === 'string' ? fromBase64Url(jwk.x) : null;
      if (!x || x.length !== 32 || !isValidPublicKey(x))
        throw fail(`keys[${i}].x is not a 32-byte Ed25519 public key`);
      const kid = keyIdOf(x);
      if (jwk.kid !== undefined && jwk.kid !== kid) {
        throw fail(`keys[${i}].kid ${JSON.stringify(jwk.kid)} is not the key's RFC 7638 thumbprint ${kid}`);
      }
      ring.add(x);
    });
    return ring;
  }

  /** Parse a 64-hex-digit public key. */
  static publicKeyFromHex(hex: string): Uint8Array {
    const bytes = fromHex(hex.trim().replace(/^0x/i, ''));
    if (!bytes || bytes.length !== 32 || !isValidPublicKey(bytes)) {
      throw new AgentGuardError('AG_ERR_RECEIPTS_JWKS_INVALID', {
        source: 'hex key',
        reason: 'expected 64 hex digits of an Ed25519 public key',
      });
    }
    return bytes;
  }
}

/** Read a JWK set file (`receipts.verificationKeysFile`, `agent-guard verify --keys`). */
export function loadVerificationKeys(path: string, options: { backend?: Ed25519Backend } = {}): KeyRing {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code ?? 'read error';
    throw new AgentGuardError('AG_ERR_RECEIPTS_KEY_UNREADABLE', { path, reason });
  }
  return KeyRing.fromJwks(text, path, options);
}

/**
 * The keys a server publishes at `/.well-known/agent-guard-keys.json` and trusts: its signing key
 * plus the JWK set in `receipts.verificationKeysFile` (older keys kept after a rotation).
 */
export function verificationKeyRing(options: {
  readonly signer?: Pick<ReceiptSigner, 'publicKey'>;
  readonly verificationKeysFile?: string | undefined;
  readonly backend?: Ed25519Backend;
}): KeyRing {
  const ring = new KeyRing(options.signer ? [options.signer.publicKey] : [], { backend: options.backend });
  if (options.verificationKeysFile) {
    for (const jwk of loadVerificationKeys(options.verificationKeysFile, {
      backend: options.backend,
    }).toJwks().keys) {
      ring.add(fromBase64Url(jwk.x)!);
    }
  }
  return ring;
}
