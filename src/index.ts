/** The library's public exports (`import { createGuard } from 'agent-guard'`). Add exports per area. */
export { AgentGuardError, ERRORS, type ErrorCode } from './errors.js';
export * from './engine/types.js';
export type * from './engine/facts.js';
export {
  signReceipt,
  sealReceipt,
  verifyReceipt,
  verifyResponseBody,
  extractReceipt,
  receiptResponseFields,
  decisionReceiptBody,
  scrubReceiptBody,
  createSigner,
  generateSeed,
  loadSigningKey,
  loadVerificationKeys,
  parsePrivateKey,
  privateKeyPem,
  keyIdOf,
  publicJwk,
  buildJwks,
  KeyRing,
  type Receipt,
  type ReceiptBody,
  type ReceiptSigner,
  type VerifyResult,
  type VerifyCheck,
  type JwkSet,
} from './receipts/index.js';
