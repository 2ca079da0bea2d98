/**
 * The receipt seal: RFC 6962 section 2.1 Merkle Tree Hash over SHA-256, with its domain separation
 * (0x00 before leaf data, 0x01 before two child hashes) and its odd-leaf rule (split at the largest
 * power of two below n; no leaf is duplicated, which avoids the CVE-2012-2459 ambiguity).
 */
import { sha256Bytes as sha256 } from './canonical.js';

const LEAF_PREFIX = 0x00;
const NODE_PREFIX = 0x01;

export function leafHash(data: Uint8Array): Uint8Array {
  const buf = new Uint8Array(data.length + 1);
  buf[0] = LEAF_PREFIX;
  buf.set(data, 1);
  return sha256(buf);
}

export function nodeHash(left: Uint8Array, right: Uint8Array): Uint8Array {
  const buf = new Uint8Array(65);
  buf[0] = NODE_PREFIX;
  buf.set(left, 1);
  buf.set(right, 33);
  return sha256(buf);
}

/** Largest power of two strictly below n (n > 1). */
function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

function mth(hashes: readonly Uint8Array[], start: number, end: number): Uint8Array {
  const n = end - start;
  if (n === 1) return hashes[start]!;
  const k = splitPoint(n);
  return nodeHash(mth(hashes, start, start + k), mth(hashes, start + k, end));
}

/** Merkle Tree Hash of the given leaf data (each entry is one leaf's bytes, before the 0x00 prefix). */
export function merkleRoot(leaves: readonly Uint8Array[]): Uint8Array {
  return merkleRootOfLeafHashes(leaves.map(leafHash));
}

/** Merkle Tree Hash from already computed leaf hashes (`leafHash` of each leaf's data). */
export function merkleRootOfLeafHashes(hashes: readonly Uint8Array[]): Uint8Array {
  if (hashes.length === 0) throw new RangeError('a Merkle seal needs at least one leaf');
  return mth(hashes, 0, hashes.length);
}
