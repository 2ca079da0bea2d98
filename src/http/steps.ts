/**
 * The step runner both doors use (STYLE 2): a request path is an ordered table of small named steps;
 * each looks at the request's context and answers `continue` or `respond`, and the first `respond`
 * ends the run. The API answers every request from its steps; the proxy relays upstream when every
 * step continued.
 */

/** A step's answer: go on, or answer the request with `response`. */
export type StepResult<R> =
  { readonly kind: 'continue' } | { readonly kind: 'respond'; readonly response: R };

export const CONTINUE: { readonly kind: 'continue' } = Object.freeze({ kind: 'continue' });

export function respond<R>(response: R): StepResult<R> {
  return { kind: 'respond', response };
}

export interface Step<C, R> {
  readonly name: string;
  run(ctx: C): StepResult<R> | Promise<StepResult<R>>;
}

/**
 * Run `steps` in order from `from`; the first `respond` wins, undefined when every step continued.
 * Synchronous until a step returns a promise (each await costs a promise and a microtask turn, and
 * most steps never wait), so a request that needs no body is answered in the same turn. Throws or
 * rejects with a step's error.
 */
export function runSteps<C, R>(
  steps: readonly Step<C, R>[],
  ctx: C,
  from = 0,
): R | undefined | Promise<R | undefined> {
  for (let i = from; i < steps.length; i++) {
    const result = steps[i]!.run(ctx);
    if (result instanceof Promise) {
      return result.then((settled) =>
        settled.kind === 'respond' ? settled.response : runSteps(steps, ctx, i + 1),
      );
    }
    if (result.kind === 'respond') return result.response;
  }
  return undefined;
}
