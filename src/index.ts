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
  type ValidateToolCallInput,
  type SanitizeInput,
  type SanitizeResult,
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
// protectAgent, spend circuit breaker, framework adapters, GuardClient (issue 9, docs/library.md)
export {
  protectAgent,
  agentGuardOf,
  type AgentGuardControls,
  type Protected,
  type ProtectedTools,
  type ToolFunction,
} from './library/protect-agent.js';
export {
  ToolGate,
  defaultGuard,
  type Admission,
  type ProtectOptions,
  type ToolCallInfo,
  type ToolDecisionEvent,
} from './library/tool-gate.js';
export {
  GuardViolationError,
  SpendCapExceededError,
  BLOCK_MARKER,
  isBlockFeedback,
  violationFeedback,
  type RemediationEnvelope,
  type EvaluatedInput,
  type SpendRefusal,
} from './library/errors.js';
export {
  SpendBreaker,
  type BreakerState,
  type Reservation,
  type SessionSpend,
  type SpendBreakerOptions,
} from './library/spend/breaker.js';
export { evaluateToolCall, type ToolInput, type ToolCallEvaluation } from './library/tool-call.js';
export { protectVercelTools, protectVercelTool, type VercelToolLike } from './library/adapters/vercel-ai.js';
export {
  protectOpenAIAgentsTools,
  protectOpenAIAgentsTool,
  type FunctionToolLike,
} from './library/adapters/openai-agents.js';
export { protectMcpClient, blockedToolResult, type McpClientLike } from './library/adapters/mcp-client.js';
export {
  GuardClient,
  GuardClientRejectedError,
  type GuardClientOptions,
  type ValidateRequest,
  type ValidateResponse,
  type SanitizeRequest,
  type SanitizeResponse,
  type GateRequest,
  type GateResponse,
  type HealthResponse,
  type RemoteProblem,
} from './library/guard-client.js';
