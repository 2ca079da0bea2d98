/**
 * Request and response schemas of /api/v1 (SPEC 2): the handlers validate requests with these, the
 * tests check responses against them, and the OpenAPI document and the manifests are generated from
 * them with z.toJSONSchema, so the contract is written once.
 */
import { z } from 'zod';
import { INVARIANT_NAMES, RUNTIMES, THREAT_TYPES } from '../engine/types.js';

/** Schemas by component name, generated into the OpenAPI document (requests as input, responses as output). */
export const requestSchemas = z.registry<{ id: string }>();
export const responseSchemas = z.registry<{ id: string }>();

const agentId = z.string().min(1).max(256).describe('Free-form agent identifier (at most 256 characters).');
const threatType = z
  .enum(THREAT_TYPES)
  .nullable()
  .describe('Threat class of the first enforced finding; null when none.');
const invariantName = z.enum(INVARIANT_NAMES);
const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const soc2 = z
  .boolean()
  .describe(
    'True when the control operated as designed: the input was fully analysed under the configured policy. False for the fail-closed deny of a failed analysis (docs/api.md).',
  );
const evaluated = z
  .object({ runtime: z.enum([...RUNTIMES, 'tool_call']), command: z.string() })
  .describe(
    'What the engine evaluated when it is not the request text itself: the equivalent shell command (HTTP_REQUEST, FILE_WRITE) or the canonical tool call (TOOL_CALL, runtime tool_call).',
  );

// ---------------------------------------------------------------------------------------------------
// Sanitize (SPEC 2.1, 2.2, 2.3)

export const sanitizeRequest = z
  .object({
    payload: z.string().describe('Raw text, prompt, code or JSON text to scan and scrub.'),
    strict: z
      .boolean()
      .optional()
      .describe('Strict masking across all 12 credential families (formal contract, 2.1). Default true.'),
    strict_mode: z
      .boolean()
      .optional()
      .describe('Same as `strict`, from the usage-example request; its presence selects the 2.3 response.'),
    agent_id: agentId.optional(),
  })
  .describe(
    'SPEC 2.1. The response shape follows the request: a body with `strict_mode`, or with `agent_id` and no `strict`, gets the usage-example shape (2.3); any other body gets the formal shape (2.2). Sending both `strict` and `strict_mode` is a 422.',
  )
  .register(requestSchemas, { id: 'SanitizeRequest' });
export type SanitizeRequest = z.infer<typeof sanitizeRequest>;

export const scrubReceipt = z
  .object({
    v: z.literal(1),
    kind: z.literal('scrub'),
    agent_id: z.string().nullable(),
    input_sha256: hex64,
    output_sha256: hex64,
    redactions: z.object({ count: z.number().int().min(0), kinds: z.array(z.string()) }),
    strict: z.boolean(),
    engine_version: z.string(),
    key_id: z.string(),
    merkle_seal: z.string().regex(/^0x[0-9a-f]{64}$/),
    signature: z.string().regex(/^ed25519:[0-9a-f]{128}$/),
    issued_at: z.string().optional(),
  })
  .describe('Signed scrub receipt (docs/receipts.md); commits to digests, never to the text.')
  .register(responseSchemas, { id: 'ScrubReceipt' });

const merkleSeal = z
  .string()
  .regex(/^0x[0-9a-f]{64}$/)
  .describe('Merkle seal of the receipt: 0x + 64 hex digits.');
const signature = z
  .string()
  .regex(/^ed25519:[0-9a-f]{128}$/)
  .describe('Ed25519 signature of the receipt statement: ed25519: + 128 hex digits.');

export const sanitizeResponse = z
  .object({
    status: z.enum(['clean', 'redacted']).describe('`clean` when nothing was redacted, else `redacted`.'),
    sanitized: z.string().describe('The payload with each secret replaced by `[REDACTED_<KIND>_KEY_<TAG>]`.'),
    redactions_count: z.number().int().min(0),
    redacted_keys: z.array(z.string()).describe('Credential kinds redacted, environment-variable style.'),
    latency_us: z.number().min(0),
    engine_version: z.string(),
    signature: signature.optional(),
    merkle_seal: merkleSeal.optional(),
    receipt: scrubReceipt.optional(),
  })
  .describe('SPEC 2.2, the formal sanitize response.')
  .register(responseSchemas, { id: 'SanitizeResponse' });

export const sanitizeVariantResponse = z
  .object({
    status: z
      .enum(['CLEAN', 'SANITIZED', 'BLOCKED'])
      .describe(
        '`CLEAN`: nothing found; `SANITIZED`: secrets redacted; `BLOCKED`: an operation that violates an invariant was replaced.',
      ),
    safe: z
      .boolean()
      .describe(
        'True when no operation in the payload violates an invariant (redacted secrets alone leave it safe).',
      ),
    redacted_tokens: z.number().int().min(0),
    blocked_invariants: z.array(invariantName),
    clean_payload: z
      .string()
      .describe(
        'Secrets become `[REDACTED]`, operations that violate an invariant become `[BLOCKED_OPERATION]`.',
      ),
    signature,
    merkle_seal: merkleSeal.optional(),
    receipt: scrubReceipt.optional(),
  })
  .describe('SPEC 2.3, the usage-example sanitize response.')
  .register(responseSchemas, { id: 'SanitizeVariantResponse' });

// ---------------------------------------------------------------------------------------------------
// Validate (SPEC 2.4, 2.5, 2.6)

export const validateRequest = z
  .object({
    command: z.string().describe('Shell command or tool-call payload to evaluate.'),
    runtime: z
      .enum(RUNTIMES)
      .optional()
      .describe('bash (default), python, node, docker; sql is accepted as an extension.'),
    agent_id: agentId.optional(),
  })
  .describe('SPEC 2.4.')
  .register(requestSchemas, { id: 'ValidateRequest' });
export type ValidateRequest = z.infer<typeof validateRequest>;

export const passportRequest = z
  .object({
    agent_passport: z
      .string()
      .max(512)
      .regex(/^nhi:[A-Za-z0-9._-]{1,64}:ed25519:[0-9a-fA-F]{64}$/)
      .describe('`nhi:<prefix>:ed25519:<hex public key>`; the request must be signed by that key.'),
    action: z.string().min(1).max(128).describe('The action the agent wants to take, e.g. EXECUTE_TOOL.'),
    tool_name: z.string().min(1).max(256).describe('The tool the passport must allow.'),
  })
  .describe(
    'SPEC 2.6. Signed with the passport key: headers X-Agent-Timestamp, X-Agent-Nonce and X-Agent-Signature (docs/api.md).',
  )
  .register(requestSchemas, { id: 'PassportRequest' });
export type PassportRequest = z.infer<typeof passportRequest>;

export const findingSchema = z
  .object({
    rule_id: z.string().regex(/^[A-Z]+-AST-\d{3,}$/),
    invariant: invariantName,
    threat_type: z.enum(THREAT_TYPES),
    severity: z.enum(['CRITICAL', 'HIGH', 'MEDIUM', 'LOW']),
    reason: z.string(),
    span: z.object({ start: z.number().int(), end: z.number().int() }),
    suggested_alternative: z.string().nullable(),
    remediation_hint: z.string(),
    mode: z.enum(['enforce', 'audit']),
  })
  .register(responseSchemas, { id: 'Finding' });

export const decisionReceipt = z
  .object({
    v: z.literal(1),
    kind: z.literal('decision'),
    request: z.object({ runtime: z.string(), command_sha256: hex64, agent_id: z.string().nullable() }),
    decision: z.object({
      allowed: z.boolean(),
      verdict: z.enum(['ALLOW', 'DENY']),
      threat_type: z.string().nullable(),
      rule_ids: z.array(z.string()),
      invariants: z.array(z.string()),
      invariants_checked: z.number().int(),
    }),
    engine_version: z.string(),
    policy_sha256: hex64,
    key_id: z.string(),
    merkle_seal: merkleSeal,
    signature,
    issued_at: z.string().optional(),
  })
  .describe(
    'Signed decision receipt (docs/receipts.md); commits to the SHA-256 of the command, never the text.',
  )
  .register(responseSchemas, { id: 'DecisionReceipt' });

export const validateResponse = z
  .object({
    allowed: z.boolean(),
    threat_detected: z.boolean(),
    invariants_checked: z.number().int().describe('Invariants evaluated: 15 unless some are switched off.'),
    threat_type: threatType,
    eval_latency_us: z.number().min(0),
    merkle_seal: merkleSeal,
    soc2_compliant: soc2,
    verdict: z.enum(['ALLOW', 'DENY']),
    runtime: z.enum(RUNTIMES),
    blocked_invariants: z
      .array(invariantName)
      .describe('Invariants of the enforced findings, without repeats.'),
    rule_id: z
      .string()
      .optional()
      .describe('Rule of the deciding (first) finding; absent when there is none.'),
    reason: z.string().optional(),
    suggested_alternative: z.string().nullable().optional(),
    remediation_hint: z.string().optional(),
    tokens_conserved: z.number().int().min(0),
    cached: z.boolean().describe('Answered from the decision cache (the same decision by construction).'),
    error_code: z.string().optional().describe('AG_ERR_ENGINE_ANALYSIS_FAILED on a fail-closed deny.'),
    engine_version: z.string(),
    agent_id: z.string().nullable(),
    findings: z.array(findingSchema),
    receipt: decisionReceipt.optional(),
  })
  .describe('SPEC 2.5 plus findings and the receipt.')
  .register(responseSchemas, { id: 'ValidateResponse' });

export const passportResponse = z
  .object({
    authorized: z.boolean(),
    identity: z.string().describe('The passport, echoed.'),
    rate_limit_remaining: z.number().int().min(0),
    attestation_timestamp: z.number().int().describe('Unix seconds of the attestation.'),
    reason: z
      .enum([
        'authorized',
        'unknown_passport',
        'unsigned',
        'bad_signature',
        'expired',
        'replayed',
        'tool_not_allowed',
        'rate_limited',
        'replay_cache_full',
        'replay_store_unavailable',
      ])
      .describe('Why the passport was or was not authorized.'),
  })
  .describe('SPEC 2.6 response.')
  .register(responseSchemas, { id: 'PassportResponse' });

// ---------------------------------------------------------------------------------------------------
// Gate (SPEC 2.7, 2.8)

export const GATE_ACTIONS = [
  'SHELL_EXEC',
  'CODE_EXEC',
  'SQL_QUERY',
  'HTTP_REQUEST',
  'FILE_WRITE',
  'TOOL_CALL',
] as const;
export type GateAction = (typeof GATE_ACTIONS)[number];

export const CODE_RUNTIMES = ['bash', 'python', 'node'] as const;

const gateBase = { agent_id: agentId.optional() };

export const gateShellExec = z
  .object({
    action: z.literal('SHELL_EXEC'),
    command: z.string().describe('Shell (bash) command.'),
    ...gateBase,
  })
  .register(requestSchemas, { id: 'GateShellExec' });
export const gateCodeExec = z
  .object({
    action: z.literal('CODE_EXEC'),
    runtime: z.enum(CODE_RUNTIMES).describe('Interpreter the code runs in.'),
    command: z.string().describe('Source code.'),
    ...gateBase,
  })
  .register(requestSchemas, { id: 'GateCodeExec' });
export const gateSqlQuery = z
  .object({ action: z.literal('SQL_QUERY'), command: z.string().describe('SQL text.'), ...gateBase })
  .register(requestSchemas, { id: 'GateSqlQuery' });
export const gateHttpRequest = z
  .object({
    action: z.literal('HTTP_REQUEST'),
    url: z.string().min(1).max(8192).describe('Target URL.'),
    method: z
      .string()
      .regex(/^[A-Za-z]{1,16}$/)
      .optional()
      .describe('HTTP method. Default GET.'),
    body: z.string().optional().describe('Request body the agent would send.'),
    ...gateBase,
  })
  .register(requestSchemas, { id: 'GateHttpRequest' });
export const gateFileWrite = z
  .object({
    action: z.literal('FILE_WRITE'),
    path: z.string().min(1).max(4096).describe('File the agent would write.'),
    content: z.string().optional().describe('Content it would write.'),
    ...gateBase,
  })
  .register(requestSchemas, { id: 'GateFileWrite' });
export const gateToolCall = z
  .object({
    action: z.literal('TOOL_CALL'),
    tool_name: z.string().min(1).max(256),
    arguments: z.record(z.string(), z.unknown()).describe('The tool-call arguments object.'),
    ...gateBase,
  })
  .register(requestSchemas, { id: 'GateToolCall' });

export const gateRequest = z
  .discriminatedUnion('action', [
    gateShellExec,
    gateCodeExec,
    gateSqlQuery,
    gateHttpRequest,
    gateFileWrite,
    gateToolCall,
  ])
  .describe('SPEC 2.7: `action` selects which other fields are required.')
  .register(requestSchemas, { id: 'GateRequest' });
export type GateRequest = z.infer<typeof gateRequest>;

export const GATE_SCHEMAS: Readonly<Record<GateAction, z.ZodType>> = {
  SHELL_EXEC: gateShellExec,
  CODE_EXEC: gateCodeExec,
  SQL_QUERY: gateSqlQuery,
  HTTP_REQUEST: gateHttpRequest,
  FILE_WRITE: gateFileWrite,
  TOOL_CALL: gateToolCall,
};

export const gateAllowResponse = z
  .object({
    allowed: z.literal(true),
    verdict: z.literal('ALLOW'),
    action: z.enum(GATE_ACTIONS),
    agent_id: z.string().nullable(),
    threat_type: threatType,
    in_process_latency_us: z.number().min(0),
    invariants_checked: z.number().int(),
    soc2_compliant: soc2,
    engine_version: z.string(),
    findings: z.array(findingSchema).describe('Audit-mode findings, if any.'),
    evaluated: evaluated.optional(),
    merkle_seal: merkleSeal,
    signed_merkle_receipt: signature.optional(),
    receipt: decisionReceipt.optional(),
  })
  .describe('200 answer of /gate: the action may proceed.')
  .register(responseSchemas, { id: 'GateAllowResponse' });

export const remediationEnvelope = z
  .object({
    allowed: z.literal(false),
    verdict: z.literal('DENY'),
    rule_id: z.string().describe('`<PREFIX>-AST-<nnn>` of the first enforced finding.'),
    invariant: invariantName,
    threat_type: z.enum(THREAT_TYPES),
    reason: z.string(),
    suggested_alternative: z.string().nullable(),
    remediation_hint: z.string(),
    tokens_conserved: z.number().int().min(0),
    signed_merkle_receipt: signature.optional().describe('Absent only when receipts.sign is never.'),
    in_process_latency_us: z.number().min(0),
    action: z.enum(GATE_ACTIONS),
    agent_id: z.string().nullable(),
    invariants_checked: z.number().int(),
    soc2_compliant: soc2,
    engine_version: z.string(),
    findings: z.array(findingSchema),
    evaluated: evaluated.optional(),
    error_code: z
      .string()
      .optional()
      .describe('AG_ERR_ENGINE_ANALYSIS_FAILED when analysis failed (fail closed).'),
    merkle_seal: merkleSeal,
    receipt: decisionReceipt.optional(),
  })
  .describe('SPEC 2.8: the 403 answer of /gate, with the invariant, the threat and every finding.')
  .register(responseSchemas, { id: 'RemediationEnvelope' });

// ---------------------------------------------------------------------------------------------------
// Health, problems

export const healthResponse = z
  .object({
    status: z.literal('healthy'),
    engine_version: z.string(),
    p50_latency_us: z
      .number()
      .min(0)
      .describe('Median of the engine evaluations in the rolling window (0 before any).'),
    invariants_active: z.number().int().min(0).max(15),
  })
  .describe('SPEC 2.9, formal health.')
  .register(responseSchemas, { id: 'HealthResponse' });

export const problemSchema = z
  .object({
    type: z.string().describe('Problem type URI, `urn:agent-guard:problem:<slug>` (docs/api.md).'),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    instance: z.string().optional(),
    code: z.string().describe('Stable error code, AG_ERR_...'),
    request_id: z.string().optional(),
  })
  .catchall(z.unknown())
  .describe('RFC 9457 problem details.')
  .register(responseSchemas, { id: 'Problem' });
