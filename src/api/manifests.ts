/**
 * The capability manifests at /.well-known/agent-manifest.json and /.well-known/mcp.json (SPEC
 * 2.11), built from the same sources the handlers use: the route table, the zod schemas, the
 * invariant catalog, the scrubber's families and the receipt keys. Built once per server.
 */
import { z } from 'zod';
import { INVARIANTS } from '../engine/invariants/catalog.js';
import { RUNTIMES } from '../engine/types.js';
import type { ApiInfo } from './openapi.js';
import {
  GATE_ACTIONS,
  gateAllowResponse,
  gateRequest,
  passportRequest,
  sanitizeRequest,
  sanitizeResponse,
  validateRequest,
  validateResponse,
} from './schemas.js';

export const KEYS_PATH = '/.well-known/agent-guard-keys.json';

export interface ManifestInput extends ApiInfo {
  readonly authRequired: boolean;
  readonly credentialFamilies: readonly string[];
  readonly keyIds: readonly string[];
  readonly limits: Readonly<Record<string, number>>;
  readonly endpoints: readonly {
    readonly method: string;
    readonly path: string;
    readonly auth: boolean;
    readonly summary: string;
  }[];
}

const AUTH_SCHEMES = [
  { type: 'apiKey', in: 'header', name: 'X-Marketplace-Key' },
  {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    note: 'an API key is also accepted as the bearer token',
  },
  {
    type: 'agentPassport',
    format: 'nhi:<prefix>:ed25519:<hex public key>',
    headers: ['X-Agent-Timestamp', 'X-Agent-Nonce', 'X-Agent-Signature'],
    endpoint: '/api/v1/validate',
  },
];

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _s, ...rest } = z.toJSONSchema(schema, { io, target: 'draft-2020-12' }) as Record<
    string,
    unknown
  >;
  return rest;
}

export function buildAgentManifest(input: ManifestInput): Record<string, unknown> {
  return {
    manifest_version: 1,
    name: input.name,
    version: input.version,
    engine_version: input.engineVersion,
    description:
      'Decides whether commands, code, SQL and tool calls proposed by autonomous agents may run, scrubs secrets from prompts, and signs its decisions.',
    api: {
      base_path: '/api/v1',
      openapi: '/api/v1/openapi.json',
      errors: 'application/problem+json (RFC 9457)',
    },
    endpoints: input.endpoints,
    auth: { required: input.authRequired, schemes: AUTH_SCHEMES },
    runtimes: RUNTIMES,
    gate_actions: GATE_ACTIONS,
    invariants: Object.values(INVARIANTS).map((i) => ({
      name: i.name,
      threat_type: i.threatType,
      severity: i.severity,
      description: i.description,
    })),
    credential_families: input.credentialFamilies,
    receipts: {
      format_version: 1,
      signature: 'Ed25519 (RFC 8032) over RFC 8785 canonical JSON',
      seal: 'RFC 6962 Merkle tree hash, SHA-256',
      public_keys: KEYS_PATH,
      key_ids: input.keyIds,
    },
    limits: input.limits,
    mcp: '/.well-known/mcp.json',
  };
}

export function buildMcpManifest(input: ManifestInput): Record<string, unknown> {
  const tool = (
    name: string,
    path: string,
    description: string,
    inputSchema: Record<string, unknown>,
    outputSchema: Record<string, unknown>,
  ): Record<string, unknown> => ({
    name,
    description,
    inputSchema: { type: 'object', ...inputSchema },
    outputSchema: { type: 'object', ...outputSchema },
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    http: { method: 'POST', path },
  });
  return {
    name: input.name,
    title: 'agent-guard',
    version: input.version,
    description:
      'Security checks for agent actions: validate a command, gate an action (403 envelope on a veto), sanitize a prompt. Deterministic, with signed receipts.',
    transport: { type: 'http', note: 'each tool is a JSON POST to its path; see /api/v1/openapi.json' },
    capabilities: { tools: { listChanged: false } },
    authentication: { required: input.authRequired, schemes: AUTH_SCHEMES },
    tools: [
      tool(
        'validate',
        '/api/v1/validate',
        'Evaluate a shell command (or python, node, docker, sql) against the 15 security invariants. Returns allowed, threat_type, findings and a receipt seal.',
        schemaOf(validateRequest, 'input'),
        schemaOf(validateResponse, 'output'),
      ),
      tool(
        'gate',
        '/api/v1/gate',
        'Gate a proposed action (SHELL_EXEC, CODE_EXEC, SQL_QUERY, HTTP_REQUEST, FILE_WRITE, TOOL_CALL). A veto answers 403 with a remediation envelope: rule_id, reason, suggested_alternative, remediation_hint.',
        schemaOf(gateRequest, 'input'),
        schemaOf(gateAllowResponse, 'output'),
      ),
      tool(
        'sanitize',
        '/api/v1/sanitize',
        'Remove credentials (12 families) from a prompt or payload before it reaches a model; secrets become [REDACTED_<KIND>_KEY_<TAG>] markers.',
        schemaOf(sanitizeRequest, 'input'),
        schemaOf(sanitizeResponse, 'output'),
      ),
      tool(
        'check_passport',
        '/api/v1/validate',
        'Check that a signed agent passport may call a tool (SPEC 2.6).',
        schemaOf(passportRequest, 'input'),
        {},
      ),
    ],
    invariants: Object.keys(INVARIANTS),
    credential_families: input.credentialFamilies,
    receipts: { public_keys: KEYS_PATH, key_ids: input.keyIds },
  };
}
