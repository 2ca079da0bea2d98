/**
 * GuardClient: a typed undici client for a remote agent-guard's /api/v1 (SPEC 4). Fails over from
 * `baseUrl` to `failoverUrl` on connection errors, timeouts and 5xx answers, never on 4xx (a 4xx is
 * the same answer from any replica); after a failover the failover URL is tried first for
 * `retryPrimaryAfterMs`. Problem+json answers (RFC 9457) surface as GuardClientRejectedError.
 */
import { Agent, request, type Dispatcher } from 'undici';
import { AgentGuardError } from '../errors.js';
import type { RemediationEnvelope } from './errors.js';

export interface GuardClientOptions {
  /** `https://guard.internal` or `https://guard.internal/api/v1` (the prefix is added when missing). */
  readonly baseUrl: string;
  /** A second deployment serving the same prefix (SPEC 1 `{failover_url}`). Default none. */
  readonly failoverUrl?: string;
  /** Sent as `X-Marketplace-Key` (SPEC 5). Default none. */
  readonly apiKey?: string;
  /** Sent as `Authorization: Bearer` (a JWT). Default none. */
  readonly bearerToken?: string;
  /** Whole-request timeout per attempt, in milliseconds. Default 2000 ms. */
  readonly timeoutMs?: number;
  /** How long to prefer the failover URL after the primary failed, in milliseconds. Default 30000 ms. */
  readonly retryPrimaryAfterMs?: number;
  /** An undici dispatcher to use instead of the client's own keep-alive Agent. */
  readonly dispatcher?: Dispatcher;
}

export interface ValidateRequest {
  readonly command: string;
  readonly runtime?: string;
  readonly agentId?: string;
}

/** SPEC 2.5, plus the decision fields agent-guard adds. */
export interface ValidateResponse {
  readonly allowed: boolean;
  readonly threat_detected: boolean;
  readonly invariants_checked: number;
  readonly threat_type: string | null;
  readonly eval_latency_us: number;
  readonly merkle_seal?: string;
  readonly soc2_compliant: boolean;
  readonly verdict?: 'ALLOW' | 'DENY';
  readonly rule_id?: string | null;
  readonly reason?: string | null;
  readonly suggested_alternative?: string | null;
  readonly remediation_hint?: string | null;
  readonly tokens_conserved?: number;
  readonly [field: string]: unknown;
}

export interface SanitizeRequest {
  readonly payload: string;
  readonly strict?: boolean;
  readonly agentId?: string;
}

/** SPEC 2.2 (formal shape: the client sends `strict`, never `strict_mode`). */
export interface SanitizeResponse {
  readonly status: string;
  readonly sanitized: string;
  readonly redactions_count: number;
  readonly redacted_keys: readonly string[];
  readonly latency_us: number;
  readonly engine_version: string;
  readonly [field: string]: unknown;
}

/** SPEC 2.7: `action` plus its fields (SHELL_EXEC + command, TOOL_CALL + tool_name/arguments, ...). */
export interface GateRequest {
  readonly action: string;
  readonly [field: string]: unknown;
}

export type GateResponse =
  | ({ readonly allowed: true; readonly verdict: 'ALLOW' } & { readonly [field: string]: unknown })
  | (Omit<RemediationEnvelope, 'tool_name' | 'session_id' | 'evaluated'> & {
      readonly [field: string]: unknown;
    });

/** SPEC 2.9. */
export interface HealthResponse {
  readonly status: string;
  readonly engine_version: string;
  readonly p50_latency_us: number;
  readonly invariants_active: number;
  readonly [field: string]: unknown;
}

/** An RFC 9457 problem as agent-guard sends it. */
export interface RemoteProblem {
  readonly type?: string;
  readonly title?: string;
  readonly status?: number;
  readonly detail?: string;
  readonly code?: string;
  readonly request_id?: string;
  readonly [member: string]: unknown;
}

/** A 4xx answer: the remote refused the request itself (bad input, credentials, rate limit). */
export class GuardClientRejectedError extends AgentGuardError {
  readonly remoteStatus: number;
  readonly remoteCode: string | null;
  readonly problem: RemoteProblem;
  readonly url: string;

  constructor(url: string, remoteStatus: number, problem: RemoteProblem) {
    super('AG_ERR_CLIENT_REJECTED', {
      url,
      status: remoteStatus,
      code: typeof problem.code === 'string' ? problem.code : 'unknown',
      detail: typeof problem.detail === 'string' ? problem.detail : (problem.title ?? 'no detail'),
    });
    this.name = 'GuardClientRejectedError';
    this.remoteStatus = remoteStatus;
    this.remoteCode = typeof problem.code === 'string' ? problem.code : null;
    this.problem = problem;
    this.url = url;
  }
}

/** Why one attempt did not produce an answer (connection error, timeout or 5xx): try the next URL. */
class RetryableFailure extends Error {}

function apiBase(url: string, what: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AgentGuardError('AG_ERR_LIBRARY_OPTIONS_INVALID', {
      what,
      problems: 'must be an absolute http(s) URL',
    });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new AgentGuardError('AG_ERR_LIBRARY_OPTIONS_INVALID', {
      what,
      problems: 'must be an http or https URL',
    });
  const path = parsed.pathname.replace(/\/+$/, '');
  parsed.pathname = path.endsWith('/api/v1') ? path : `${path}/api/v1`;
  parsed.search = '';
  parsed.hash = '';
  return parsed.toString().replace(/\/+$/, '');
}

function describeFailure(err: unknown): string {
  if (err instanceof RetryableFailure) return err.message;
  const e = err as { name?: string; code?: string; cause?: { code?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return 'timeout';
  return e?.code ?? e?.cause?.code ?? e?.name ?? 'error';
}

export class GuardClient {
  readonly #urls: readonly string[];
  readonly #headers: Record<string, string>;
  readonly #timeoutMs: number;
  readonly #retryPrimaryAfterMs: number;
  readonly #dispatcher: Dispatcher;
  readonly #ownsDispatcher: boolean;
  /** Until when (epoch ms) the failover URL goes first. */
  #preferFailoverUntil = 0;

  constructor(options: GuardClientOptions) {
    if (options === null || typeof options !== 'object')
      throw new AgentGuardError('AG_ERR_LIBRARY_OPTIONS_INVALID', {
        what: 'GuardClient',
        problems: 'options are required',
      });
    const urls = [apiBase(options.baseUrl, 'baseUrl')];
    if (options.failoverUrl !== undefined) urls.push(apiBase(options.failoverUrl, 'failoverUrl'));
    this.#urls = urls;
    const timeoutMs = options.timeoutMs ?? 2000;
    if (!Number.isFinite(timeoutMs) || timeoutMs <= 0)
      throw new AgentGuardError('AG_ERR_LIBRARY_OPTIONS_INVALID', {
        what: 'timeoutMs',
        problems: 'must be a number > 0',
      });
    this.#timeoutMs = timeoutMs;
    this.#retryPrimaryAfterMs = options.retryPrimaryAfterMs ?? 30_000;
    this.#headers = { accept: 'application/json, application/problem+json' };
    if (options.apiKey !== undefined) this.#headers['x-marketplace-key'] = options.apiKey;
    if (options.bearerToken !== undefined) this.#headers.authorization = `Bearer ${options.bearerToken}`;
    this.#ownsDispatcher = options.dispatcher === undefined;
    this.#dispatcher =
      options.dispatcher ?? new Agent({ connect: { timeout: timeoutMs }, keepAliveTimeout: 10_000 });
  }

  /** POST /validate (SPEC 2.4 → 2.5). */
  validate(input: ValidateRequest): Promise<ValidateResponse> {
    return this.#call<ValidateResponse>('POST', '/validate', {
      command: input.command,
      ...(input.runtime !== undefined ? { runtime: input.runtime } : {}),
      ...(input.agentId !== undefined ? { agent_id: input.agentId } : {}),
    });
  }

  /** POST /sanitize (SPEC 2.1 → 2.2). */
  sanitize(input: SanitizeRequest): Promise<SanitizeResponse> {
    return this.#call<SanitizeResponse>('POST', '/sanitize', {
      payload: input.payload,
      ...(input.strict !== undefined ? { strict: input.strict } : {}),
      ...(input.agentId !== undefined ? { agent_id: input.agentId } : {}),
    });
  }

  /** POST /gate (SPEC 2.7): resolves with the allow body (200) or the remediation envelope (403). */
  gate(input: GateRequest): Promise<GateResponse> {
    return this.#call<GateResponse>('POST', '/gate', input, true);
  }

  /** GET /health (SPEC 2.9). */
  health(): Promise<HealthResponse> {
    return this.#call<HealthResponse>('GET', '/health');
  }

  /** Close the client's own connections (a dispatcher passed in is left open). */
  async close(): Promise<void> {
    if (this.#ownsDispatcher) await this.#dispatcher.close();
  }

  #order(): readonly string[] {
    if (this.#urls.length > 1 && Date.now() < this.#preferFailoverUntil) return [...this.#urls].reverse();
    return this.#urls;
  }

  async #call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    forbiddenIsAnswer = false,
  ): Promise<T> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const failures: string[] = [];
    for (const base of this.#order()) {
      const url = `${base}${path}`;
      try {
        const answer = await this.#attempt<T>(method, url, payload, forbiddenIsAnswer);
        if (base === this.#urls[0]) this.#preferFailoverUntil = 0;
        return answer;
      } catch (err) {
        if (err instanceof AgentGuardError) throw err;
        failures.push(`${url}: ${describeFailure(err)}`);
        if (base === this.#urls[0] && this.#urls.length > 1)
          this.#preferFailoverUntil = Date.now() + this.#retryPrimaryAfterMs;
      }
    }
    throw new AgentGuardError('AG_ERR_CLIENT_UNAVAILABLE', { path, attempts: failures.join('; ') });
  }

  async #attempt<T>(
    method: string,
    url: string,
    payload: string | undefined,
    forbiddenIsAnswer: boolean,
  ): Promise<T> {
    const res = await request(url, {
      method,
      dispatcher: this.#dispatcher,
      headers:
        payload === undefined ? this.#headers : { ...this.#headers, 'content-type': 'application/json' },
      ...(payload !== undefined ? { body: payload } : {}),
      signal: AbortSignal.timeout(this.#timeoutMs),
      headersTimeout: this.#timeoutMs,
      bodyTimeout: this.#timeoutMs,
    });
    const text = await res.body.text();
    if (res.statusCode >= 500) throw new RetryableFailure(`HTTP ${res.statusCode}`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new AgentGuardError('AG_ERR_CLIENT_BAD_RESPONSE', {
        url,
        status: res.statusCode,
        reason: 'not JSON',
      });
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
      throw new AgentGuardError('AG_ERR_CLIENT_BAD_RESPONSE', {
        url,
        status: res.statusCode,
        reason: 'not a JSON object',
      });
    if (res.statusCode >= 200 && res.statusCode < 300) return parsed as T;
    if (forbiddenIsAnswer && res.statusCode === 403 && (parsed as { verdict?: unknown }).verdict === 'DENY')
      return parsed as T;
    throw new GuardClientRejectedError(url, res.statusCode, parsed as RemoteProblem);
  }
}
