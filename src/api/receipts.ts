/**
 * Receipts for API responses (docs/receipts.md): seals every decision and scrub, signs per the
 * `receipts.sign` policy, and keeps a small cache of signed receipts by seal. Ed25519 is
 * deterministic and the seal covers every signed member, so a cached receipt is byte-identical to
 * a fresh one: the cache only saves the signing time for repeated inputs.
 */
import {
  decisionReceiptBody,
  receiptResponseFields,
  scrubReceiptBody,
  sealReceipt,
  statementBytes,
  unsignedResponseFields,
  type DecisionReceiptInput,
  type Receipt,
  type ReceiptBody,
  type ReceiptSigner,
  type ResponseShape,
  type ScrubReceiptInput,
} from '../receipts/index.js';

export type SignPolicy = 'always' | 'deny-only' | 'never';

export interface ReceiptFields {
  readonly fields: Record<string, unknown>;
  readonly receipt: Receipt | null;
}

export class ReceiptService {
  readonly #signer: ReceiptSigner;
  readonly #policy: SignPolicy;
  readonly #cache = new Map<string, Receipt>();
  readonly #cacheSize: number;
  readonly ephemeral: boolean;

  constructor(signer: ReceiptSigner, options: { sign: SignPolicy; ephemeral: boolean; cacheSize?: number }) {
    this.#signer = signer;
    this.#policy = options.sign;
    this.ephemeral = options.ephemeral;
    this.#cacheSize = options.cacheSize ?? 4096;
  }

  get keyId(): string {
    return this.#signer.keyId;
  }

  get signPolicy(): SignPolicy {
    return this.#policy;
  }

  /** `important`: a deny, or a scrub that redacted something (signed under `deny-only`). */
  decision(
    input: DecisionReceiptInput,
    shape: ResponseShape,
    important: boolean,
    force = false,
  ): ReceiptFields {
    return this.#fields(decisionReceiptBody(input), shape, important, force);
  }

  scrub(input: ScrubReceiptInput, shape: ResponseShape, important: boolean, force = false): ReceiptFields {
    return this.#fields(scrubReceiptBody(input), shape, important, force);
  }

  #fields(body: ReceiptBody, shape: ResponseShape, important: boolean, force: boolean): ReceiptFields {
    const sign = this.#policy === 'always' || (this.#policy === 'deny-only' && (important || force));
    const sealed = sealReceipt(body, this.#signer.keyId);
    if (!sign) return { fields: unsignedResponseFields(sealed), receipt: null };
    let receipt = this.#cache.get(sealed.merkle_seal);
    if (receipt === undefined) {
      // Same bytes signReceipt would produce, without sealing a second time.
      const signature = `ed25519:${Buffer.from(this.#signer.sign(statementBytes(sealed))).toString('hex')}`;
      receipt = { ...sealed, signature };
      if (this.#cache.size >= this.#cacheSize) {
        const oldest = this.#cache.keys().next().value;
        if (oldest !== undefined) this.#cache.delete(oldest);
      }
      this.#cache.set(sealed.merkle_seal, receipt);
    }
    return { fields: receiptResponseFields(receipt, shape), receipt };
  }
}
