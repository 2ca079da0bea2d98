/** Renders docs/openapi.json: the OpenAPI 3.1 document the server publishes at /api/v1/openapi.json. */
import { buildOpenApi } from '../src/api/openapi.js';
import { VERSION } from '../src/version.js';

export function renderOpenApiDoc(): string {
  return `${JSON.stringify(buildOpenApi({ name: 'agent-guard', version: VERSION, engineVersion: VERSION }), null, 2)}\n`;
}
