/**
 * The OpenAPI 3.1 document of /api/v1, generated from the zod schemas the handlers validate with
 * (src/api/schemas.ts), so the document cannot drift from the code. Built once per server.
 */
import { z } from 'zod';
import { PROBLEM_CONTENT_TYPE, PROBLEM_TYPE_URIS } from '../http/problem.js';
import { requestSchemas, responseSchemas } from './schemas.js';

export interface ApiInfo {
  readonly name: string;
  readonly version: string;
  readonly engineVersion: string;
}

type Json = Record<string, unknown>;

function components(): Record<string, Json> {
  const uri = (id: string): string => `#/components/schemas/${id}`;
  const input = z.toJSONSchema(requestSchemas, { uri, io: 'input', target: 'draft-2020-12' }).schemas;
  const output = z.toJSONSchema(responseSchemas, { uri, io: 'output', target: 'draft-2020-12' }).schemas;
  const out: Record<string, Json> = {};
  for (const [id, schema] of Object.entries({ ...output, ...input })) {
    const { $schema: _s, $id: _i, ...rest } = schema as Json;
    out[id] = rest;
  }
  return out;
}

const ref = (id: string): Json => ({ $ref: `#/components/schemas/${id}` });
const json = (schema: Json): Json => ({ 'application/json': { schema } });

function problems(...statuses: number[]): Record<string, Json> {
  const text: Record<number, string> = {
    400: 'Malformed JSON, a body that is not UTF-8, or a missing required field.',
    401: 'Missing or invalid credentials (WWW-Authenticate names the schemes).',
    403: 'Vetoed.',
    404: 'No such resource.',
    405: 'Method not allowed (Allow lists the methods).',
    413: 'Body larger than server.bodyLimitBytes, or a command larger than engine.maxInputBytes.',
    415: 'Body is not application/json in UTF-8, or is compressed.',
    422: 'Invalid values: wrong types, an unknown runtime or action (the problem lists the allowed values), nesting too deep.',
    429: 'Rate limited (Retry-After, RateLimit and RateLimit-Policy headers).',
    500: 'Internal error; the detail names the request id.',
  };
  return Object.fromEntries(
    statuses.map((s) => [
      String(s),
      { description: text[s] ?? 'Error', content: { [PROBLEM_CONTENT_TYPE]: { schema: ref('Problem') } } },
    ]),
  );
}

const PASSPORT_HEADERS: Json[] = [
  ['X-Agent-Timestamp', 'Unix seconds when the request was signed (passport requests).'],
  ['X-Agent-Nonce', '16-128 characters [A-Za-z0-9_-], never reused within the validity window.'],
  [
    'X-Agent-Signature',
    'ed25519:<128 hex> over "agent-guard-passport-v1\\n<timestamp>\\n<nonce>\\n<RFC 8785 body>".',
  ],
].map(([name, description]) => ({
  name,
  in: 'header',
  required: false,
  description,
  schema: { type: 'string' },
}));

export function buildOpenApi(info: ApiInfo): Json {
  const secured = [{ MarketplaceKey: [] }, { Bearer: [] }];
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: `${info.name} API`,
      version: info.version,
      summary:
        'Checks actions proposed by autonomous agents and scrubs secrets from prompts, with signed receipts.',
      description: `Engine version ${info.engineVersion}. Errors are RFC 9457 problem details; problem types: ${PROBLEM_TYPE_URIS.join(', ')}.`,
      license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
    },
    servers: [{ url: '/' }],
    security: secured,
    paths: {
      '/api/v1/sanitize': {
        post: {
          operationId: 'sanitize',
          summary: 'Scrub secrets from a payload (SPEC 2.1-2.3).',
          requestBody: { required: true, content: json(ref('SanitizeRequest')) },
          responses: {
            '200': {
              description: 'The scrubbed payload; the shape follows the request (see SanitizeRequest).',
              content: json({ oneOf: [ref('SanitizeResponse'), ref('SanitizeVariantResponse')] }),
            },
            ...problems(400, 401, 413, 415, 422, 429, 500),
          },
        },
      },
      '/api/v1/validate': {
        post: {
          operationId: 'validate',
          summary: 'Evaluate a command against the 15 invariants, or check an agent passport (SPEC 2.4-2.6).',
          parameters: PASSPORT_HEADERS,
          requestBody: {
            required: true,
            content: json({ oneOf: [ref('ValidateRequest'), ref('PassportRequest')] }),
          },
          responses: {
            '200': {
              description: 'The decision (ValidateResponse), or the passport verdict (PassportResponse).',
              content: json({ oneOf: [ref('ValidateResponse'), ref('PassportResponse')] }),
            },
            ...problems(400, 401, 413, 415, 422, 429, 500),
          },
        },
      },
      '/api/v1/gate': {
        post: {
          operationId: 'gate',
          summary: 'Gate a proposed action: 200 ALLOW or 403 with the remediation envelope (SPEC 2.7, 2.8).',
          requestBody: { required: true, content: json(ref('GateRequest')) },
          responses: {
            '200': { description: 'Allowed.', content: json(ref('GateAllowResponse')) },
            '403': {
              description: 'Vetoed; analysis failures are vetoed too (fail closed).',
              content: json(ref('RemediationEnvelope')),
            },
            ...problems(400, 401, 413, 415, 422, 429, 500),
          },
        },
      },
      '/api/v1/health': {
        get: {
          operationId: 'health',
          summary: 'Formal health (SPEC 2.9).',
          security: [],
          responses: { '200': { description: 'Healthy.', content: json(ref('HealthResponse')) } },
        },
      },
      '/api/v1/openapi.json': {
        get: {
          operationId: 'openapi',
          summary: 'This document.',
          security: [],
          responses: { '200': { description: 'OpenAPI 3.1.' } },
        },
      },
      '/.well-known/agent-manifest.json': {
        get: {
          operationId: 'agentManifest',
          summary: 'Capability manifest.',
          security: [],
          responses: { '200': { description: 'Manifest.' } },
        },
      },
      '/.well-known/mcp.json': {
        get: {
          operationId: 'mcpManifest',
          summary: 'MCP tool descriptions of validate, sanitize and gate.',
          security: [],
          responses: { '200': { description: 'Manifest.' } },
        },
      },
      '/.well-known/agent-guard-keys.json': {
        get: {
          operationId: 'receiptKeys',
          summary: 'JWK set of the receipt verification keys (Ed25519).',
          security: [],
          responses: { '200': { description: 'JWK set.' } },
        },
      },
      '/metrics': {
        get: {
          operationId: 'metrics',
          summary: 'Prometheus metrics.',
          security: [],
          responses: { '200': { description: 'Text exposition format.' } },
        },
      },
    },
    components: {
      schemas: components(),
      securitySchemes: {
        MarketplaceKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Marketplace-Key',
          description: 'API key (SPEC 5).',
        },
        Bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'A JWT, or an API key sent as a bearer token.',
        },
      },
    },
  };
}
