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
// engine and guard (issue 2)
export {
  createGuard,
  type Guard,
  type GuardOptions,
  type ValidateInput,
  type ValidateResult,
} from './library/create-guard.js';
export { createEngine, type Engine, type EngineOptions, type Evaluation } from './engine/engine.js';
export { toWireDecision, type WireDecision, type WireFinding } from './engine/wire.js';
export { classifyHost, type HostInfo, type HostClass } from './engine/net/address.js';
export type { Policy } from './engine/policy.js';
// secret scrubber (issue 4)
export {
  createScrubber,
  scrub,
  toWire as toWireSanitize,
  FAMILIES as CREDENTIAL_FAMILIES,
  SCRUB_ENGINE_VERSION,
  type Scrubber,
  type ScrubOptions,
  type ScrubResult,
  type ScrubStream,
  type ScrubJsonResult,
  type Redaction,
  type SanitizeWire,
} from './scrub/index.js';
export {
  buildAlertEvent,
  createAlertDispatcher,
  AlertDispatcher,
  type AlertEvent,
  type AlertFrame,
  type AlertInput,
} from './alerts/index.js';
