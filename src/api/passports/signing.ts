/**
 * What a passport request signs (docs/api.md "Passports"): the UTF-8 bytes of
 *   "agent-guard-passport-v1\n" + X-Agent-Timestamp + "\n" + X-Agent-Nonce + "\n" + JCS(body)
 * where JCS is RFC 8785 canonical JSON of the parsed request body. The fixed first line keeps a
 * passport signature from ever passing for a receipt or any other message the key signs.
 */
import { randomBytes } from 'node:crypto';
import { canonicalize, createSigner } from '../../receipts/index.js';

export const PASSPORT_SIGNING_CONTEXT = 'agent-guard-passport-v1';

export function passportMessage(timestamp: string, nonce: string, body: unknown): Uint8Array {
  return new TextEncoder().encode(
    `${PASSPORT_SIGNING_CONTEXT}\n${timestamp}\n${nonce}\n${canonicalize(body)}`,
  );
}

export type SignedPassportHeaders = {
  readonly 'x-agent-timestamp': string;
  readonly 'x-agent-nonce': string;
  readonly 'x-agent-signature': string;
};

/** Client side: the three headers for `body`, signed with the passport's 32-byte private seed. */
export function signPassportRequest(
  seed: Uint8Array,
  body: unknown,
  options: { timestamp?: number; nonce?: string } = {},
): SignedPassportHeaders {
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = options.nonce ?? randomBytes(16).toString('base64url');
  const signature = createSigner(seed).sign(passportMessage(timestamp, nonce, body));
  return {
    'x-agent-timestamp': timestamp,
    'x-agent-nonce': nonce,
    'x-agent-signature': `ed25519:${Buffer.from(signature).toString('hex')}`,
  };
}
