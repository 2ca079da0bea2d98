/**
 * Sidecar proxy settings: the route table (named provider routes, MCP and tool routes, the default
 * upstream), body limits, upstream timeouts, forward-proxy mode and the health/hardware view.
 */
import { z } from 'zod';
import { setting } from '../setting.js';

/** An upstream is an http(s) origin, optionally with a base path; never credentials or a query. */
const upstreamUrl = z
  .string()
  .trim()
  .refine(
    (text) => {
      try {
        const url = new URL(text);
        return (
          (url.protocol === 'http:' || url.protocol === 'https:') &&
          url.username === '' &&
          url.password === '' &&
          url.search === '' &&
          url.hash === ''
        );
      } catch {
        return false;
      }
    },
    { message: 'must be an http:// or https:// URL without credentials, query or fragment' },
  );

export const PROXY_ADAPTERS = ['openai', 'anthropic', 'mcp', 'tool', 'passthrough'] as const;
export type ProxyAdapterName = (typeof PROXY_ADAPTERS)[number];

const modeSchema = z.enum(['enforce', 'audit']);

export const proxyRouteSchema = z
  .object({
    prefix: z
      .string()
      .regex(/^\/[A-Za-z0-9._~\-/]*$/, 'must start with / and contain only URL path characters')
      .refine((p) => !p.includes('//') && !p.split('/').includes('..'), 'must not contain // or ..'),
    upstream: upstreamUrl,
    adapter: z.enum(PROXY_ADAPTERS).default('passthrough'),
    /** Absent: the global proxy mode applies. */
    mode: modeSchema.optional(),
    /** Remove the prefix before forwarding (`/openai/v1/x` → `<upstream>/v1/x`). */
    stripPrefix: z.boolean().default(true),
  })
  .strict();
export type ProxyRouteConfig = z.output<typeof proxyRouteSchema>;

export const proxySection = z
  .object({
    enabled: setting(z.boolean().default(true), {
      env: 'AGENT_GUARD_PROXY_ENABLED',
      description: 'Serve the sidecar proxy routes on the listener. Default true.',
    }),
    mode: setting(modeSchema.default('enforce'), {
      env: 'AGENT_GUARD_PROXY_MODE',
      description:
        'enforce (default): vetoes answer 403 and prompts are scrubbed; audit: decide, log, count and alert, but forward unchanged.',
    }),
    openaiUpstream: setting(upstreamUrl.default('https://api.openai.com'), {
      env: 'AGENT_GUARD_OPENAI_UPSTREAM',
      description: 'Upstream of the /openai route. Default https://api.openai.com.',
    }),
    anthropicUpstream: setting(upstreamUrl.default('https://api.anthropic.com'), {
      env: 'AGENT_GUARD_ANTHROPIC_UPSTREAM',
      description: 'Upstream of the /anthropic route. Default https://api.anthropic.com.',
    }),
    mcpUpstream: setting(upstreamUrl.optional(), {
      env: 'AGENT_GUARD_MCP_UPSTREAM',
      description:
        'MCP server endpoint (Streamable HTTP, full URL such as http://tools:3000/mcp); enables the /mcp route. Default none.',
    }),
    defaultUpstream: setting(upstreamUrl.optional(), {
      env: 'AGENT_GUARD_UPSTREAM',
      description:
        'Where requests matching no route are forwarded untouched. Default none: unknown paths answer 404.',
    }),
    routes: setting(z.array(proxyRouteSchema).default([]), {
      env: 'AGENT_GUARD_PROXY_ROUTES',
      description:
        'Extra routes: {prefix, upstream, adapter (openai|anthropic|mcp|tool|passthrough), mode?, stripPrefix?}; JSON in the environment. A route with the prefix /openai, /anthropic or /mcp replaces the built-in one. Default none.',
    }),
    maxBodyBytes: setting(
      z
        .number()
        .int()
        .min(1024)
        .max(256 * 1024 * 1024)
        .default(8 * 1024 * 1024),
      {
        env: 'AGENT_GUARD_PROXY_MAX_BODY_BYTES',
        description:
          'Largest request body an inspecting route reads (after decompression), in bytes; larger bodies get 413. Default 8388608 (8 MiB).',
      },
    ),
    maxJsonDepth: setting(z.number().int().min(8).max(1024).default(128), {
      env: 'AGENT_GUARD_PROXY_MAX_JSON_DEPTH',
      description:
        'Deepest array/object nesting an inspecting route reads; deeper bodies get 400 before they are parsed. Default 128 levels.',
    }),
    compressedBodies: setting(z.enum(['decode', 'refuse']).default('decode'), {
      env: 'AGENT_GUARD_PROXY_COMPRESSED_BODIES',
      description:
        'decode (default): gzip, deflate and br request bodies on inspecting routes are decoded, scrubbed and sent uncompressed; refuse: answer 415.',
    }),
    mcpVeto: setting(z.enum(['http', 'jsonrpc']).default('http'), {
      env: 'AGENT_GUARD_MCP_VETO',
      description:
        'How a vetoed MCP tools/call is answered. http (default): HTTP 403 with the remediation envelope; jsonrpc: HTTP 200 with a JSON-RPC tool result {isError: true} carrying the envelope.',
    }),
    toolCalls: setting(z.enum(['enforce', 'observe', 'off']).optional(), {
      env: 'AGENT_GUARD_PROXY_TOOL_CALLS',
      description:
        "The model's proposed tool calls in provider responses: enforce (a denied call is replaced by refusal text the agent reads; allowed calls pass unchanged), observe (judged, logged, counted and alerted; the response is not altered or delayed), off. Default enforce when proxy.mode is enforce, observe when audit.",
    }),
    observeToolCalls: setting(z.boolean().optional(), {
      env: 'AGENT_GUARD_PROXY_OBSERVE_TOOL_CALLS',
      description:
        'Deprecated alias of toolCalls, read only when toolCalls is not set: false means off, true means the default. Default not set.',
    }),
    connectTimeoutMs: setting(z.number().int().min(1).max(600_000).default(10_000), {
      env: 'AGENT_GUARD_PROXY_CONNECT_TIMEOUT_MS',
      description: 'Upstream TCP/TLS connect timeout; exceeded → 504. Default 10000 ms.',
    }),
    headersTimeoutMs: setting(z.number().int().min(1).max(3_600_000).default(300_000), {
      env: 'AGENT_GUARD_PROXY_HEADERS_TIMEOUT_MS',
      description:
        'Time from sending the request until the upstream response headers arrive; exceeded → 504. Default 300000 ms (models can think long).',
    }),
    idleTimeoutMs: setting(z.number().int().min(1).max(3_600_000).default(300_000), {
      env: 'AGENT_GUARD_PROXY_IDLE_TIMEOUT_MS',
      description:
        'Longest silence between two chunks of an upstream response body; exceeded → the stream is cut. Default 300000 ms.',
    }),
    upstreamConnections: setting(z.number().int().min(1).max(4096).default(128), {
      env: 'AGENT_GUARD_PROXY_UPSTREAM_CONNECTIONS',
      description: 'Keep-alive connections kept per upstream origin. Default 128.',
    }),
    xForwarded: setting(z.boolean().default(true), {
      env: 'AGENT_GUARD_PROXY_X_FORWARDED',
      description: 'Add X-Forwarded-For/-Proto/-Host to forwarded requests. Default true.',
    }),
    forwardProxy: z
      .object({
        enabled: setting(z.boolean().default(false), {
          env: 'AGENT_GUARD_FORWARD_PROXY',
          description:
            'Accept absolute-URI requests and CONNECT (for agents that only honour HTTP_PROXY/HTTPS_PROXY). Default false.',
        }),
        allowHosts: setting(z.array(z.string().min(1)).default([]), {
          env: 'AGENT_GUARD_FORWARD_PROXY_ALLOW_HOSTS',
          description:
            'CONNECT destinations allowed (host names, *.suffix wildcards, or IPs); empty allows any host the SSRF rules and the deny list allow. Default empty.',
        }),
        denyHosts: setting(z.array(z.string().min(1)).default([]), {
          env: 'AGENT_GUARD_FORWARD_PROXY_DENY_HOSTS',
          description:
            'CONNECT destinations always refused (host names, *.suffix wildcards, or IPs). Default empty.',
        }),
        allowPorts: setting(z.array(z.number().int().min(1).max(65535)).default([443]), {
          env: 'AGENT_GUARD_FORWARD_PROXY_ALLOW_PORTS',
          description: 'CONNECT destination ports allowed. Default 443.',
        }),
        allowPrivate: setting(z.boolean().default(false), {
          env: 'AGENT_GUARD_FORWARD_PROXY_ALLOW_PRIVATE',
          description:
            'Allow CONNECT to private (RFC 1918, loopback, ULA) addresses. Metadata and link-local addresses are refused regardless. Default false.',
        }),
      })
      .strict()
      .prefault({}),
    health: z
      .object({
        gpuProbe: setting(z.boolean().default(true), {
          env: 'AGENT_GUARD_GPU_PROBE',
          description:
            'Read GPU memory in the background with nvidia-smi for /health (gpu_vram_mb). Default true; absent nvidia-smi reads as no GPU.',
        }),
        gpuProbeIntervalMs: setting(z.number().int().min(1000).max(3_600_000).default(30_000), {
          env: 'AGENT_GUARD_GPU_PROBE_INTERVAL_MS',
          description: 'How often the background GPU probe runs. Default 30000 ms.',
        }),
      })
      .strict()
      .prefault({}),
    hardwareView: z
      .object({
        enabled: setting(z.boolean().default(false), {
          env: 'AGENT_GUARD_HARDWARE_VIEW',
          description:
            'Add the hardware view (status, agent_reflex, host_hardware, memory_budget_gb) to veto envelopes. Default false.',
        }),
        memoryBudgetGb: setting(z.number().min(0).max(1_000_000).default(0), {
          env: 'AGENT_GUARD_MEMORY_BUDGET_GB',
          description:
            'Memory budget reported as memory_budget_gb in the hardware view, in GB (the operator states it). Default 0 (not stated).',
        }),
      })
      .strict()
      .prefault({}),
  })
  .strict();

export type ProxyConfig = z.output<typeof proxySection>;
