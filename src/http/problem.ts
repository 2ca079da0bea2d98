/**
 * RFC 9457 problem details: the one place where an AgentGuardError code becomes an HTTP answer.
 * `type` is a stable URN per problem (documented in docs/api.md); `detail` is the registry message,
 * which by construction never carries secret values; stack traces never leave the process.
 */
import { AgentGuardError, ERRORS, isAgentGuardError, type ErrorCode } from '../errors.js';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** Problem type URNs by error code. Codes not listed map to `about:blank` (RFC 9457 section 4.2.1). */
const PROBLEM_TYPES: Partial<Record<ErrorCode, string>> = {
  AG_ERR_API_NOT_FOUND: 'not-found',
  AG_ERR_API_METHOD_NOT_ALLOWED: 'method-not-allowed',
  AG_ERR_API_UNSUPPORTED_MEDIA_TYPE: 'unsupported-media-type',
  AG_ERR_API_MALFORMED_JSON: 'malformed-json',
  AG_ERR_API_BAD_ENCODING: 'malformed-json',
  AG_ERR_API_MISSING_FIELD: 'missing-field',
  AG_ERR_API_RATE_LIMITED: 'rate-limited',
  AG_ERR_API_CLIENT_ABORTED: 'client-closed-request',
  AG_ERR_API_INTERNAL: 'internal',
  AG_ERR_AUTH_REQUIRED: 'unauthorized',
  AG_ERR_AUTH_INVALID: 'unauthorized',
  AG_ERR_INPUT_TOO_LARGE: 'payload-too-large',
  AG_ERR_INPUT_TOO_DEEP: 'invalid-input',
  AG_ERR_INPUT_INVALID: 'invalid-input',
  AG_ERR_JSON_TOO_DEEP: 'malformed-json',
  AG_ERR_JSON_DUPLICATE_KEY: 'ambiguous-json',
  AG_ERR_JSON_CASE_VARIANT_KEY: 'ambiguous-json',
  AG_ERR_INPUT_RUNTIME_UNKNOWN: 'invalid-input',
  AG_ERR_ENGINE_ANALYSIS_FAILED: 'analysis-failed',
  AG_ERR_PROXY_NO_ROUTE: 'not-found',
  AG_ERR_PROXY_DESTINATION_REFUSED: 'destination-refused',
  AG_ERR_PROXY_BODY_TOO_LARGE: 'payload-too-large',
  AG_ERR_PROXY_ENCODING_UNSUPPORTED: 'unsupported-media-type',
  AG_ERR_PROXY_BODY_UNDECODABLE: 'malformed-body',
  AG_ERR_PROXY_BODY_MALFORMED: 'malformed-body',
  AG_ERR_PROXY_MEDIA_TYPE_UNSUPPORTED: 'unsupported-media-type',
  AG_ERR_PROXY_AUTH_REQUIRED: 'unauthorized',
  AG_ERR_PROXY_INSPECTION_FAILED: 'analysis-failed',
  AG_ERR_PROXY_UPSTREAM_UNAVAILABLE: 'upstream-unavailable',
  AG_ERR_PROXY_UPSTREAM_TIMEOUT: 'upstream-timeout',
  AG_ERR_PROXY_DRAINING: 'draining',
  AG_ERR_PROXY_CLIENT_ABORTED: 'client-closed-request',
};

export const PROBLEM_TYPE_PREFIX = 'urn:agent-guard:problem:';

/** Every problem type the API can answer, for docs and the OpenAPI document. */
export const PROBLEM_TYPE_URIS: readonly string[] = [...new Set(Object.values(PROBLEM_TYPES))].map(
  (slug) => `${PROBLEM_TYPE_PREFIX}${slug}`,
);

export interface Problem {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly instance?: string;
  readonly code: ErrorCode;
  readonly request_id?: string;
  /** Extension members (RFC 9457 section 3.2), e.g. `allowed` values for an enum. */
  readonly [extension: string]: unknown;
}

export interface ProblemAnswer {
  readonly status: number;
  readonly problem: Problem;
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * Map anything thrown to a problem. Only AgentGuardErrors speak; anything else is a 500 whose detail
 * names the request id, so an operator can find the logged cause and the caller learns nothing.
 */
export function problemFor(
  err: unknown,
  context: { requestId?: string; instance?: string; headers?: Readonly<Record<string, string>> } = {},
): ProblemAnswer {
  const error: AgentGuardError = isAgentGuardError(err)
    ? err
    : new AgentGuardError('AG_ERR_API_INTERNAL', { requestId: context.requestId ?? 'unknown' });
  const slug = PROBLEM_TYPES[error.code];
  const status = error.status >= 400 && error.status <= 599 ? error.status : 500;
  const extensions = problemExtensions(error);
  const problem: Problem = {
    type: slug ? `${PROBLEM_TYPE_PREFIX}${slug}` : 'about:blank',
    title: error.title,
    status,
    detail: error.message,
    ...(context.instance ? { instance: context.instance } : {}),
    code: error.code,
    ...(context.requestId ? { request_id: context.requestId } : {}),
    ...extensions,
  };
  return { status, problem, headers: { ...headersFor(error), ...context.headers } };
}

/** Machine-readable members for problems whose detail a client wants to act on. */
function problemExtensions(error: AgentGuardError): Record<string, unknown> {
  const d = error.details;
  switch (error.code) {
    case 'AG_ERR_INPUT_RUNTIME_UNKNOWN':
      return {
        field: 'runtime',
        allowed: String(d.allowed ?? '')
          .split(', ')
          .filter(Boolean),
      };
    case 'AG_ERR_INPUT_TOO_LARGE':
      return typeof d.limit === 'number' ? { limit_bytes: d.limit } : {};
    case 'AG_ERR_API_METHOD_NOT_ALLOWED':
      return {
        allowed: String(d.allow ?? '')
          .split(', ')
          .filter(Boolean),
      };
    case 'AG_ERR_API_RATE_LIMITED':
      return { retry_after_s: d.retryAfter };
    default:
      return {};
  }
}

/** Headers a status requires (RFC 9110: 405 Allow, 401 WWW-Authenticate; RFC 6585 429 Retry-After). */
function headersFor(error: AgentGuardError): Record<string, string> {
  switch (error.code) {
    case 'AG_ERR_API_METHOD_NOT_ALLOWED':
      return { allow: String(error.details.allow ?? '') };
    case 'AG_ERR_AUTH_REQUIRED':
    case 'AG_ERR_PROXY_AUTH_REQUIRED':
      return { 'www-authenticate': wwwAuthenticate() };
    case 'AG_ERR_AUTH_INVALID':
      return { 'www-authenticate': wwwAuthenticate('invalid_token') };
    case 'AG_ERR_API_RATE_LIMITED':
      return { 'retry-after': String(error.details.retryAfter ?? 1) };
    default:
      return {};
  }
}

/** RFC 6750 bearer challenge plus the marketplace API-key header scheme (documented in docs/api.md). */
export function wwwAuthenticate(error?: 'invalid_token'): string {
  const bearer = error ? `Bearer realm="agent-guard", error="${error}"` : 'Bearer realm="agent-guard"';
  return `${bearer}, ApiKey realm="agent-guard", header="X-Marketplace-Key"`;
}

/** The registered title of a code, for documentation tables. */
export function problemTitle(code: ErrorCode): string {
  return ERRORS[code].title;
}
