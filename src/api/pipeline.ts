/**
 * The request path as an ordered table of small named steps (STYLE 2): each step looks at the
 * request context and answers `continue` or `respond`. A step that throws an AgentGuardError is
 * answered with that problem (src/api/problem.ts); anything else thrown is a 500 whose cause goes
 * to the log only.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Identity } from './auth/index.js';

export interface ApiResponse {
  readonly status: number;
  /** Serialised with JSON.stringify; undefined means no body. */
  readonly body?: unknown;
  /** Pre-serialised body (metrics text, cached documents); wins over `body`. */
  readonly raw?: string | Buffer;
  readonly contentType?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

export type StepResult =
  { readonly kind: 'continue' } | { readonly kind: 'respond'; readonly response: ApiResponse };

export const CONTINUE: StepResult = Object.freeze({ kind: 'continue' });

export function respond(response: ApiResponse): StepResult {
  return { kind: 'respond', response };
}

/** What a route's handler receives once every step before it has continued. */
export interface RequestContext {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly requestId: string;
  readonly path: string;
  readonly startedAt: number;
  route?: Route;
  identity?: Identity;
  body?: unknown;
  /** Extra response headers collected by steps (rate-limit quota). */
  headers: Record<string, string>;
}

export interface Route {
  readonly path: string;
  /** Metric label and log field. */
  readonly endpoint: string;
  /** Allowed methods; GET routes answer HEAD too. */
  readonly methods: readonly ('GET' | 'POST')[];
  /** Needs credentials (SPEC 5). */
  readonly auth: boolean;
  /** Carries a JSON body. */
  readonly json: boolean;
  /** Passport signature headers may stand in for credentials (SPEC 2.6). */
  readonly passport?: boolean;
  readonly handle: (ctx: RequestContext) => ApiResponse | Promise<ApiResponse>;
}

export interface Step {
  readonly name: string;
  run(ctx: RequestContext): StepResult | Promise<StepResult>;
}

/**
 * Run the steps in order from `from`; the first `respond` wins. Synchronous until a step returns a
 * promise (each await costs a promise and a microtask turn, and most steps never wait), so a
 * request that needs no body is answered in the same turn. Throws or rejects with a step's error.
 */
export function runSteps(
  steps: readonly Step[],
  ctx: RequestContext,
  from = 0,
): ApiResponse | Promise<ApiResponse> {
  for (let i = from; i < steps.length; i++) {
    const result = steps[i]!.run(ctx);
    if (result instanceof Promise) {
      return result.then((settled) =>
        settled.kind === 'respond' ? settled.response : runSteps(steps, ctx, i + 1),
      );
    }
    if (result.kind === 'respond') return result.response;
  }
  throw new Error('pipeline ended without a response');
}
