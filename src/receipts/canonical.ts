/**
 * RFC 8785 (JCS) canonical JSON and SHA-256 helpers: the only place agent-guard turns values into the
 * bytes that receipts hash and sign (STYLE 5).
 */
import canonicalizeJson from 'canonicalize';
import { hash } from 'node:crypto';

const encoder = new TextEncoder();

/** RFC 8785 canonical JSON text. Throws on values JSON cannot carry (NaN, lone surrogates, undefined). */
export function canonicalize(value: unknown): string {
  const text = canonicalizeJson(value);
  if (text === undefined) throw new TypeError('value has no JSON form');
  return text;
}

/** UTF-8 bytes of the canonical form: what gets hashed and signed. */
export function canonicalBytes(value: unknown): Uint8Array {
  return encoder.encode(canonicalize(value));
}

export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/** SHA-256 through node:crypto's one-shot `hash` (OpenSSL; several times faster than a JS SHA-256 here). */
export function sha256Bytes(data: Uint8Array): Uint8Array {
  return hash('sha256', data, 'buffer');
}

/** Lowercase hex SHA-256 of the UTF-8 bytes of `text`, exactly as received (no normalisation). */
export function sha256Hex(text: string | Uint8Array): string {
  return hash('sha256', text, 'hex');
}

export function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}

/** Strict lowercase/uppercase hex decode; returns null on odd length or a non-hex digit. */
export function fromHex(hex: string): Uint8Array | null {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) return null;
  return new Uint8Array(Buffer.from(hex, 'hex'));
}

export function toBase64Url(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64url');
}

export function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  return new Uint8Array(Buffer.from(text, 'base64url'));
}
