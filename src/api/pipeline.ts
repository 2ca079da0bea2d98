/**
 * The API's request path: the step runner of src/http/steps.ts over the API's context. A step that throws an AgentGuardError is
 * answered with that problem (src/http/problem.ts); anything else thrown is a 500 whose cause goes
 * to the log only.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  CONTINUE,
  respond,
  runSteps as runStepTable,
  type Step as GenericStep,
  type StepResult as GenericStepResult,
} from '../http/steps.js';
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

export type StepResult = GenericStepResult<ApiResponse>;

export { CONTINUE, respond };

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

export type Step = GenericStep<RequestContext, ApiResponse>;

/** Run the API's steps (src/http/steps.ts); the last step always responds, so none left is a bug. */
export function runSteps(steps: readonly Step[], ctx: RequestContext): ApiResponse | Promise<ApiResponse> {
  const answer = runStepTable(steps, ctx);
  return answer instanceof Promise ? answer.then(answered) : answered(answer);
}

function answered(response: ApiResponse | undefined): ApiResponse {
  if (response === undefined) throw new Error('pipeline ended without a response');
  return response;
}
