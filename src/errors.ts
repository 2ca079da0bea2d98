/**
 * The one error registry: every error agent-guard raises has a stable code, an HTTP status and a
 * message template here. Callers match on `err.code`, never on message text. `docs/errors.md` is
 * generated from this table (scripts/generate-docs.ts) and a test fails when it drifts.
 *
 * Add a code: append an entry, run `npm run docs`, commit both. Templates use `{name}` placeholders
 * filled from `details`; never put secret material into details.
 */

export interface ErrorSpec {
  readonly status: number;
  readonly title: string;
  readonly message: string;
}

export const ERRORS = {
  // configuration
  AG_ERR_CONFIG_INVALID: {
    status: 500,
    title: 'Invalid configuration',
    message: 'configuration is invalid:\n{problems}',
  },
  AG_ERR_CONFIG_FILE_UNREADABLE: {
    status: 500,
    title: 'Configuration file unreadable',
    message: 'cannot read configuration file {path}: {reason}',
  },
  AG_ERR_CONFIG_FILE_SYNTAX: {
    status: 500,
    title: 'Configuration file syntax error',
    message: 'configuration file {path} is not valid {format}: {reason}',
  },
  AG_ERR_POLICY_INVALID: {
    status: 500,
    title: 'Invalid policy file',
    message: 'policy file {path} is invalid:\n{problems}',
  },

  // input validation (shared by HTTP, CLI and library)
  AG_ERR_INPUT_TOO_LARGE: {
    status: 413,
    title: 'Input too large',
    message: '{what} is {size} bytes, over the limit of {limit} bytes',
  },
  AG_ERR_INPUT_TOO_DEEP: {
    status: 422,
    title: 'Input nested too deeply',
    message: '{what} nests deeper than the limit of {limit} levels',
  },
  AG_ERR_JSON_TOO_DEEP: {
    status: 400,
    title: 'JSON nested too deeply',
    message:
      '{what} nests arrays or objects deeper than the limit of {limit} levels; it was refused before parsing',
  },
  AG_ERR_JSON_DUPLICATE_KEY: {
    status: 400,
    title: 'Ambiguous JSON',
    message:
      '{what} names the same member twice in one object; parsers disagree on which value counts, so it was refused',
  },
  AG_ERR_JSON_CASE_VARIANT_KEY: {
    status: 400,
    title: 'Ambiguous JSON',
    message:
      '{what} has a member whose name differs from the protocol member "{canonical}" only by letter case; it was refused',
  },
  AG_ERR_INPUT_INVALID: {
    status: 422,
    title: 'Invalid input',
    message: '{problems}',
  },
  AG_ERR_INPUT_RUNTIME_UNKNOWN: {
    status: 422,
    title: 'Unknown runtime',
    message: 'runtime "{runtime}" is not supported; allowed values: {allowed}',
  },

  // engine
  AG_ERR_ENGINE_ANALYSIS_FAILED: {
    status: 500,
    title: 'Analysis failed',
    message: 'analysis of the {runtime} input failed ({reason}); the action is denied (fail closed)',
  },
  AG_ERR_ENGINE_BUSY: {
    status: 503,
    title: 'Analysis queue full',
    message:
      '{queued} large analyses are already waiting for the analysis worker; retry shortly (nothing was decided or forwarded)',
  },
  AG_ERR_ENGINE_PARSER_LOAD: {
    status: 500,
    title: 'Parser failed to load',
    message: 'the {runtime} parser could not be loaded: {reason}',
  },

  // http api (src/api): problem+json statuses for requests the API refuses
  AG_ERR_API_NOT_FOUND: {
    status: 404,
    title: 'Not found',
    message: 'no resource at {path}',
  },
  AG_ERR_API_METHOD_NOT_ALLOWED: {
    status: 405,
    title: 'Method not allowed',
    message: '{method} is not allowed on {path}; allowed: {allow}',
  },
  AG_ERR_API_UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    title: 'Unsupported media type',
    message: 'the request body must be application/json (UTF-8)',
  },
  AG_ERR_API_MALFORMED_JSON: {
    status: 400,
    title: 'Malformed JSON',
    message: 'the request body is not valid JSON: {reason}',
  },
  AG_ERR_API_BAD_ENCODING: {
    status: 400,
    title: 'Body is not UTF-8',
    message: 'the request body is not valid UTF-8',
  },
  AG_ERR_API_MISSING_FIELD: {
    status: 400,
    title: 'Missing field',
    message: '{problems}',
  },
  AG_ERR_API_CLIENT_ABORTED: {
    status: 499,
    title: 'Client closed the request',
    message: 'the client closed the connection before the request was read; nothing was answered',
  },
  AG_ERR_API_RATE_LIMITED: {
    status: 429,
    title: 'Too many requests',
    message: 'rate limit exceeded for this identity; retry after {retryAfter} s',
  },
  AG_ERR_API_INTERNAL: {
    status: 500,
    title: 'Internal error',
    message: 'the request could not be completed (request id {requestId})',
  },

  // authentication and passports (src/api/auth, src/api/passports)
  AG_ERR_AUTH_REQUIRED: {
    status: 401,
    title: 'Authentication required',
    message: 'send X-Marketplace-Key or Authorization: Bearer',
  },
  AG_ERR_AUTH_INVALID: {
    status: 401,
    title: 'Invalid credentials',
    message: 'the credentials were not accepted ({reason})',
  },
  AG_ERR_AUTH_DISABLED_NON_LOOPBACK: {
    status: 500,
    title: 'Auth disabled on a public address',
    message:
      'auth.disabled is true but the server binds {host}, which is not loopback; set auth.allowDisabledOnNonLoopback to force it',
  },
  AG_ERR_AUTH_KEYS_INVALID: {
    status: 500,
    title: 'JWT verification keys invalid',
    message: 'cannot load JWT verification keys from {source}: {reason}',
  },
  AG_ERR_PASSKEY_FILE_INVALID: {
    status: 500,
    title: 'Passkey file invalid',
    message: 'passkey file {path} is invalid: {reason}',
  },
  AG_ERR_PASSKEY_EXISTS: {
    status: 409,
    title: 'Passport prefix exists',
    message: 'passkey file {path} already has a passport with prefix "{prefix}"',
  },

  // server (src/server.ts)
  AG_ERR_SERVER_LISTEN: {
    status: 500,
    title: 'Cannot listen',
    message: 'cannot listen on {host}:{port}: {reason}',
  },
  // receipts (src/receipts/, docs/receipts.md)
  AG_ERR_RECEIPTS_KEY_INVALID: {
    status: 500,
    title: 'Invalid signing key',
    message: 'the receipt signing key from {source} is not usable: {reason}',
  },
  AG_ERR_RECEIPTS_KEY_UNREADABLE: {
    status: 500,
    title: 'Key file unreadable',
    message: 'cannot read key file {path}: {reason}',
  },
  AG_ERR_RECEIPTS_JWKS_INVALID: {
    status: 500,
    title: 'Invalid verification keys',
    message: 'verification key set {source} is invalid: {reason}',
  },
  AG_ERR_RECEIPTS_BODY_INVALID: {
    status: 500,
    title: 'Invalid receipt body',
    message: 'cannot seal a malformed receipt body: {reason}',
  },

  // sidecar proxy (src/proxy/, docs/proxy.md)
  AG_ERR_PROXY_NO_ROUTE: {
    status: 404,
    title: 'No route',
    message: 'no proxy route matches {path} and no default upstream is configured',
  },
  AG_ERR_PROXY_DESTINATION_REFUSED: {
    status: 403,
    title: 'Destination refused',
    message: 'the proxy does not forward to {destination}: {reason}',
  },
  AG_ERR_PROXY_BODY_TOO_LARGE: {
    status: 413,
    title: 'Request body too large',
    message:
      'the request body on an inspected route exceeds the limit of {limit} bytes; it was not forwarded',
  },
  AG_ERR_PROXY_ENCODING_UNSUPPORTED: {
    status: 415,
    title: 'Content-Encoding not accepted',
    message: 'Content-Encoding "{encoding}" is not accepted on inspected routes; send {accepted}',
  },
  AG_ERR_PROXY_BODY_UNDECODABLE: {
    status: 400,
    title: 'Request body undecodable',
    message: 'the request body could not be decoded as {encoding}; it was not forwarded',
  },
  AG_ERR_PROXY_MEDIA_TYPE_UNSUPPORTED: {
    status: 415,
    title: 'Content-Type not inspectable',
    message:
      'the {adapter} route cannot inspect a body of type "{type}"; send {accepted}. It was not forwarded',
  },
  AG_ERR_PROXY_AUTH_REQUIRED: {
    status: 401,
    title: 'Proxy credential required',
    message:
      'the proxy routes need a credential on this listener ({reason}); send X-Marketplace-Key or Proxy-Authorization: Bearer',
  },
  AG_ERR_PROXY_BODY_MALFORMED: {
    status: 400,
    title: 'Malformed request body',
    message: 'the request body on an inspected route is not valid {format}; it was not forwarded',
  },
  AG_ERR_PROXY_INSPECTION_FAILED: {
    status: 500,
    title: 'Inspection failed',
    message: 'inspecting the request failed ({reason}); it was not forwarded (fail closed)',
  },
  AG_ERR_PROXY_UPSTREAM_UNAVAILABLE: {
    status: 502,
    title: 'Upstream unavailable',
    message: 'the upstream {upstream} could not be reached or closed the connection ({reason})',
  },
  AG_ERR_PROXY_UPSTREAM_TIMEOUT: {
    status: 504,
    title: 'Upstream timeout',
    message: 'the upstream {upstream} did not answer in time ({phase} timeout of {ms} ms)',
  },
  AG_ERR_PROXY_CLIENT_ABORTED: {
    status: 499,
    title: 'Client closed the request',
    message: 'the agent closed the connection before the exchange ended; the upstream exchange was stopped',
  },
  AG_ERR_PROXY_DRAINING: {
    status: 503,
    title: 'Shutting down',
    message: 'the sidecar is draining for shutdown and accepts no new requests',
  },

  // library: protectAgent, spend circuit breaker, GuardClient (src/library/, docs/library.md)
  AG_ERR_LIBRARY_GUARD_VIOLATION: {
    status: 403,
    title: 'Tool call blocked',
    message: 'tool "{tool}" was blocked by {ruleId}: {reason}',
  },
  AG_ERR_LIBRARY_SPEND_CAP_EXCEEDED: {
    status: 402,
    title: 'Spend cap exceeded',
    // No placeholders: formatting them costs microseconds on a path that must stay under 15 µs; the
    // instance message names the tool, session and totals (src/library/errors.ts).
    message:
      'a billable tool call was refused: the session would pass its spend cap; the breaker stays open until reset()',
  },
  AG_ERR_LIBRARY_OPTIONS_INVALID: {
    status: 500,
    title: 'Invalid library options',
    message: '{what}: {problems}',
  },
  AG_ERR_LIBRARY_COST_INVALID: {
    status: 500,
    title: 'Invalid tool cost',
    message:
      'the cost of tool "{tool}" is {value}; a cost must be a finite number >= 0 (the call is refused)',
  },
  AG_ERR_CLIENT_UNAVAILABLE: {
    status: 503,
    title: 'agent-guard unreachable',
    message: 'no agent-guard endpoint answered {path}: {attempts}',
  },
  AG_ERR_CLIENT_REJECTED: {
    status: 400,
    title: 'Request rejected by agent-guard',
    message: 'agent-guard at {url} answered {status} {code}: {detail}',
  },
  AG_ERR_CLIENT_BAD_RESPONSE: {
    status: 502,
    title: 'Unexpected agent-guard response',
    message: 'agent-guard at {url} answered {status} with a body that is not the expected JSON: {reason}',
  },

  // command line: exec, agent-guard-sh, hook (src/cli/, docs/cli.md)
  AG_ERR_EXEC_SPAWN_FAILED: {
    status: 500,
    title: 'Cannot run command',
    message: 'cannot run {program}: {reason}',
  },
  AG_ERR_HOOK_INPUT_INVALID: {
    status: 400,
    title: 'Invalid hook input',
    message: 'the {agent} hook input is not valid: {reason}',
  },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERRORS;

export type ErrorDetails = Readonly<Record<string, string | number | boolean>>;

/** Fill `{name}` placeholders; unknown placeholders stay visible so a missing detail is noticed. */
export function formatMessage(template: string, details: ErrorDetails): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(details, name) ? String(details[name]) : whole,
  );
}

export class AgentGuardError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly title: string;
  readonly details: ErrorDetails;

  constructor(code: ErrorCode, details: ErrorDetails = {}, options?: { cause?: unknown }) {
    const spec: ErrorSpec = ERRORS[code];
    super(formatMessage(spec.message, details), options);
    this.name = 'AgentGuardError';
    this.code = code;
    this.status = spec.status;
    this.title = spec.title;
    this.details = details;
  }
}

export function isAgentGuardError(value: unknown): value is AgentGuardError {
  return value instanceof AgentGuardError;
}
