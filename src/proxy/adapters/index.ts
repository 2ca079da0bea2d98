/** The request adapters by name (the `adapter` of a route); passthrough routes have none. */
import type { ProxyAdapterName } from '../../config/sections/proxy.js';
import { anthropicAdapter } from './anthropic.js';
import { mcpAdapter } from './mcp.js';
import { openaiAdapter } from './openai.js';
import { toolAdapter } from './tool.js';
import type { RequestAdapter } from './types.js';

export const ADAPTERS: Readonly<Record<Exclude<ProxyAdapterName, 'passthrough'>, RequestAdapter>> = {
  openai: openaiAdapter,
  anthropic: anthropicAdapter,
  mcp: mcpAdapter,
  tool: toolAdapter,
};

export function adapterFor(name: ProxyAdapterName): RequestAdapter | null {
  return name === 'passthrough' ? null : ADAPTERS[name];
}

export type { EvaluatedCall, InspectContext, Inspection, RequestAdapter } from './types.js';
