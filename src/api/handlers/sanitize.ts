/**
 * POST /api/v1/sanitize. The response shape follows the request (docs/api.md "Two shapes"):
 * a body with `strict_mode`, or with `agent_id` and no `strict`, is the usage-example request and
 * gets the SPEC 2.3 shape; any other body gets the formal SPEC 2.2 shape. Both scrub with the same
 * scrubber; the 2.3 shape also runs the engine over the payload and replaces each operation that
 * violates an enforced invariant with [BLOCKED_OPERATION], and each secret with [REDACTED].
 */
import { AgentGuardError } from '../../errors.js';
import type { Finding } from '../../engine/types.js';
import { toWire, type ScrubResult } from '../../scrub/index.js';
import type { ApiDeps } from '../deps.js';
import type { ApiResponse, RequestContext } from '../pipeline.js';
import { sanitizeRequest, type SanitizeRequest } from '../schemas.js';
import { parseInput } from '../validate-input.js';
import { splitAtMember } from '../json-pieces.js';
import { countDecision } from './decision.js';
import { scrubCooperatively } from '../../scrub/cooperative.js';

export const REDACTED = '[REDACTED]';
export const BLOCKED = '[BLOCKED_OPERATION]';

/** The rule choosing the 2.3 shape; see the module comment. */
export function wantsVariant(request: SanitizeRequest): boolean {
  return (
    request.strict_mode !== undefined || (request.agent_id !== undefined && request.strict === undefined)
  );
}

interface Cut {
  start: number;
  end: number;
  blocked: boolean;
}

/** Replace secret spans and blocked-operation spans; overlapping spans merge, blocked wins. */
export function cleanPayload(
  text: string,
  secrets: readonly { start: number; end: number }[],
  blocked: readonly Finding[],
): string {
  const cuts: Cut[] = [
    ...secrets.map((s) => ({ start: s.start, end: s.end, blocked: false })),
    ...blocked.map((f) => ({ start: f.span.start, end: f.span.end, blocked: true })),
  ]
    .filter((c) => c.end > c.start && c.start >= 0 && c.end <= text.length)
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Cut[] = [];
  for (const cut of cuts) {
    const last = merged[merged.length - 1];
    if (last && cut.start < last.end) {
      last.end = Math.max(last.end, cut.end);
      last.blocked ||= cut.blocked;
    } else merged.push({ ...cut });
  }
  let out = '';
  let at = 0;
  for (const cut of merged) {
    out += text.slice(at, cut.start) + (cut.blocked ? BLOCKED : REDACTED);
    at = cut.end;
  }
  return out + text.slice(at);
}

/**
 * The scrub is deterministic for a deployment (tags are keyed hashes), so a repeated payload gets the
 * same output and the same seal: reuse the sealed fields when the output matches, and the answer's
 * JSON around its one per-request value, `latency_us`. Bounded.
 */
interface Sealed {
  readonly output: string;
  readonly fields: Record<string, unknown>;
  /** The answer's JSON before and after the latency value; made on the first repeat. */
  pieces: readonly [string, string] | undefined;
}

const SEALS = new WeakMap<ApiDeps, Map<string, Sealed>>();
const SEAL_CACHE_ENTRIES = 4096;
const SEAL_CACHE_MAX_KEY = 4096;

/** The sealed entry for `key` and `output`; `repeat` when it was already kept (so are later ones). */
function memoSeal(
  deps: ApiDeps,
  key: string,
  output: string,
  make: () => Record<string, unknown>,
): { entry: Sealed; repeat: boolean } {
  if (key.length > SEAL_CACHE_MAX_KEY)
    return { entry: { output, fields: make(), pieces: undefined }, repeat: false };
  let cache = SEALS.get(deps);
  if (!cache) {
    cache = new Map();
    SEALS.set(deps, cache);
  }
  const hit = cache.get(key);
  if (hit && hit.output === output) return { entry: hit, repeat: true };
  const entry: Sealed = { output, fields: make(), pieces: undefined };
  if (cache.size >= SEAL_CACHE_ENTRIES) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(key, entry);
  return { entry, repeat: false };
}

/** One counter update per family, not per redaction (a large payload may hold tens of thousands). */
function countRedactions(deps: ApiDeps, result: ScrubResult): void {
  if (result.redactions.length === 0) return;
  const byFamily = new Map<string, number>();
  for (const r of result.redactions) byFamily.set(r.family, (byFamily.get(r.family) ?? 0) + 1);
  for (const [family, n] of byFamily) deps.metrics.redactions.inc({ family }, n);
}

export function sanitizeHandler(deps: ApiDeps): (ctx: RequestContext) => Promise<ApiResponse> {
  return async (ctx) => {
    const request = parseInput(sanitizeRequest, ctx.body);
    if (request.strict !== undefined && request.strict_mode !== undefined) {
      throw new AgentGuardError('AG_ERR_INPUT_INVALID', {
        problems: 'send either "strict" (formal request) or "strict_mode" (usage-example request), not both',
      });
    }
    const strict = request.strict ?? request.strict_mode ?? true;
    const agentId = request.agent_id ?? null;
    // A large payload is scrubbed in slices with turns between them (issue 24: no request stalls the loop).
    const result = await scrubCooperatively(deps.scrubber, request.payload, {
      strict,
      cancelled: () => ctx.res.destroyed || ctx.req.socket.destroyed,
    });
    countRedactions(deps, result);
    if (!wantsVariant(request)) {
      const { entry, repeat } = memoSeal(
        deps,
        `${strict}\u0000${agentId ?? ''}\u0000${request.payload}`,
        result.sanitized,
        () =>
          deps.receipts.scrub(
            {
              input: request.payload,
              output: result.sanitized,
              redactionCount: result.redactionsCount,
              kinds: [...result.redactedKeys],
              strict,
              agentId,
              engineVersion: result.engineVersion,
            },
            'sanitize',
            result.redactionsCount > 0,
          ).fields,
      );
      if (repeat && entry.pieces) {
        // JSON writes a finite number exactly as a template literal does.
        return { status: 200, raw: `${entry.pieces[0]}${result.latencyUs}${entry.pieces[1]}` };
      }
      const answer: Record<string, unknown> = { ...toWire(result), ...entry.fields };
      if (repeat) entry.pieces = splitAtMember(JSON.stringify(answer), 'latency_us', answer['latency_us']);
      return { status: 200, body: answer };
    }

    // A payload too large for the event loop's slice is analysed on the analysis worker.
    const evaluation = await deps.engine.evaluateBounded({ text: request.payload, runtime: 'bash' });
    countDecision(deps, 'sanitize', evaluation);
    const blocked = evaluation.decision.findings.filter((f) => f.mode === 'enforce');
    const blockedInvariants = [...new Set(blocked.map((f) => f.invariant))];
    const clean = cleanPayload(
      request.payload,
      result.redactions.map((r) => r.span),
      blocked,
    );
    const status = blocked.length > 0 ? 'BLOCKED' : result.redactionsCount > 0 ? 'SANITIZED' : 'CLEAN';
    // The 2.3 shape always carries a signature (unless receipts.sign is never).
    const { fields } = deps.receipts.scrub(
      {
        input: request.payload,
        output: clean,
        redactionCount: result.redactionsCount,
        kinds: result.redactedKeys,
        strict,
        agentId,
        engineVersion: result.engineVersion,
      },
      'sanitize',
      true,
    );
    return {
      status: 200,
      body: {
        status,
        safe: blocked.length === 0,
        redacted_tokens: result.redactionsCount,
        blocked_invariants: blockedInvariants,
        clean_payload: clean,
        ...fields,
      },
    };
  };
}
