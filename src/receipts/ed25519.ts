/**
 * Ed25519 (RFC 8032, pure) sign/verify. node:crypto (OpenSSL) is the fast path; @noble/curves is the
 * fallback where the runtime's OpenSSL offers no Ed25519 (some FIPS builds) and the reference the
 * tests cross-check against. Ed25519 is deterministic, so both give identical signatures.
 */
import {
  createPrivateKey,
  createPublicKey,
  sign as nodeSign,
  verify as nodeVerify,
  type KeyObject,
} from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';

export type Ed25519Backend = 'node' | 'noble';

// DER prefixes of an Ed25519 PKCS#8 private key and SPKI public key (RFC 8410), followed by 32 bytes.
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

let nodeAvailable: boolean | undefined;

/** Whether node:crypto can do Ed25519 here (checked once). */
export function nodeEd25519Available(): boolean {
  if (nodeAvailable === undefined) {
    try {
      const key = privateKeyObject(new Uint8Array(32).fill(1));
      nodeVerify(null, Buffer.alloc(0), createPublicKey(key), nodeSign(null, Buffer.alloc(0), key));
      nodeAvailable = true;
    } catch {
      nodeAvailable = false;
    }
  }
  return nodeAvailable;
}

export function defaultBackend(): Ed25519Backend {
  return nodeEd25519Available() ? 'node' : 'noble';
}

export function privateKeyObject(seed: Uint8Array): KeyObject {
  return createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
}

export function publicKeyObject(publicKey: Uint8Array): KeyObject {
  return createPublicKey({ key: Buffer.concat([SPKI_PREFIX, publicKey]), format: 'der', type: 'spki' });
}

/**
 * The 32-byte public key of a 32-byte seed. OpenSSL derives it in microseconds; noble's first
 * base-point multiplication builds its tables (tens of ms), which would land on the start-up path.
 */
export function publicKeyOf(seed: Uint8Array): Uint8Array {
  if (!nodeEd25519Available()) return ed25519.getPublicKey(seed);
  const spki = createPublicKey(privateKeyObject(seed)).export({ format: 'der', type: 'spki' });
  return new Uint8Array(spki.subarray(SPKI_PREFIX.length));
}

/** True when the bytes decode to a valid curve point (a usable public key). */
export function isValidPublicKey(publicKey: Uint8Array): boolean {
  if (publicKey.length !== 32) return false;
  try {
    ed25519.Point.fromBytes(publicKey);
    return true;
  } catch {
    return false;
  }
}

export interface Ed25519SignFn {
  (message: Uint8Array): Uint8Array;
}

export interface Ed25519VerifyFn {
  (signature: Uint8Array, message: Uint8Array): boolean;
}

/** A signing function bound to one seed; the key object is built once. */
export function signerFor(seed: Uint8Array, backend: Ed25519Backend = defaultBackend()): Ed25519SignFn {
  if (backend === 'node') {
    const key = privateKeyObject(seed);
    return (message) => new Uint8Array(nodeSign(null, message, key));
  }
  const secret = Uint8Array.from(seed);
  return (message) => ed25519.sign(message, secret);
}

/** A verifying function bound to one public key; never throws (a malformed signature is false). */
export function verifierFor(
  publicKey: Uint8Array,
  backend: Ed25519Backend = defaultBackend(),
): Ed25519VerifyFn {
  if (backend === 'node') {
    const key = publicKeyObject(publicKey);
    return (signature, message) => {
      if (signature.length !== 64) return false;
      try {
        return nodeVerify(null, message, key, signature);
      } catch {
        return false;
      }
    };
  }
  const pk = Uint8Array.from(publicKey);
  return (signature, message) => {
    if (signature.length !== 64) return false;
    try {
      // zip215 false: RFC 8032 strict decoding, the same acceptance rule as OpenSSL.
      return ed25519.verify(signature, message, pk, { zip215: false });
    } catch {
      return false;
    }
  };
}
