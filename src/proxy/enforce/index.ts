/**
 * The proxy's handling of the tool calls a model proposes in a provider response (issue 25), for
 * one of three settings (`proxy.toolCalls`): enforce (denied calls are replaced by refusal text,
 * src/proxy/enforce/stream.ts), observe (a copy is read on the side, src/proxy/observe/), off.
 * Every judged call is counted, logged and, when denied, alerted; a refusal carries the signed
 * envelope's receipt when receipts are on.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import { ENGINE_FAILURE_INVARIANT, ENGINE_FAILURE_RULE } from '../../engine/engine.js';
import { INVARIANTS } from '../../engine/invariants/catalog.js';
import type { Decision } from '../../engine/types.js';
import { AgentGuardError } from '../../errors.js';
import type { ProxyConfig } from '../../config/sections/proxy.js';
import type { EvaluatedCall } from '../adapters/types.js';
import type { Evaluator } from '../evaluate.js';
import type { ProxyMetrics } from '../metrics.js';
import type { ResponseTap } from '../observe/tool-calls.js';
import type { Route } from '../routes.js';
import type { ProxyAlertSink, ProxyLogger, ProxyMode } from '../types.js';
import type { ProposedCall, ProviderName } from './calls.js';
import { refusalText, type Judge, type Refusal } from './refusal.js';
import {
  createResponseRewriter,
  planRewrite,
  type EnforceLimits,
  type ResponseRewriter,
  type RewriteSink,
} from './stream.js';
import { PROPOSAL_VERDICT } from '../../telemetry/label-values.js';

export type ToolCallsMode = 'enforce' | 'observe' | 'off';

/** Bounds of the observing copy (it only reads): 4 MiB of JSON, 1 MiB per event and per call. */
const OBSERVE_LIMITS: EnforceLimits = {
  maxJsonBytes: 4 << 20,
  maxEventChars: 1 << 20,
  maxArgumentChars: 1 << 20,
};

/**
 * The configured setting: `toolCalls` when set; else the deprecated `observeToolCalls: false`
 * means off; else enforce under proxy.mode enforce and observe under audit.
 */
export function configuredToolCalls(
  pc: Pick<ProxyConfig, 'mode' | 'toolCalls' | 'observeToolCalls'>,
): ToolCallsMode {
  if (pc.toolCalls !== undefined) return pc.toolCalls;
  if (pc.observeToolCalls === false) return 'off';
  return pc.mode === 'enforce' ? 'enforce' : 'observe';
}

/** A route in audit forwards the agent's bytes unchanged, so there enforce reads as observe. */
export function toolCallsFor(configured: ToolCallsMode, routeMode: ProxyMode): ToolCallsMode {
  return configured === 'enforce' && routeMode === 'audit' ? 'observe' : configured;
}

/** The fail-closed decision for a call that could not be judged (malformed, or analysis failed). */
function failClosed(reason: string): Decision {
  const spec = INVARIANTS[ENGINE_FAILURE_INVARIANT];
  return {
    allowed: false,
    threatDetected: true,
    threatType: spec.threatType,
    invariantsChecked: 0,
    runtime: 'tool_call',
    findings: [
      {
        ruleId: ENGINE_FAILURE_RULE,
        invariant: ENGINE_FAILURE_INVARIANT,
        threatType: spec.threatType,
        severity: spec.severity,
        reason,
        span: { start: 0, end: 0 },
        suggestedAlternative: null,
        remediationHint:
          'The guard could not check this tool call, so it was not run. Propose the call again with complete, valid JSON arguments.',
        mode: 'enforce',
      },
    ],
    tokensConserved: 0,
  };
}

export interface ToolCallsDeps {
  readonly config: ProxyConfig;
  readonly evaluator: Evaluator;
  readonly metrics: ProxyMetrics;
  readonly logger: ProxyLogger;
  readonly alerts?: ProxyAlertSink | undefined;
  /** The remediation envelope (signed when receipts are on). */
  envelope(call: EvaluatedCall, mode: ProxyMode): Record<string, unknown>;
}

export type RelayRewrite = (
  status: number,
  headers: Record<string, string | string[] | undefined>,
  sink: RewriteSink,
) =>
  | { rewriter: ResponseRewriter; headers: (h: OutgoingHttpHeaders) => OutgoingHttpHeaders }
  | AgentGuardError
  | null;

export interface ToolCallHandling {
  /** What happens to this route's proposed calls. */
  modeFor(route: Route, routeMode: ProxyMode): ToolCallsMode;
  /** The observe tap factory for a route (reads a copy; never alters the response). */
  tap(
    route: Route,
    provider: ProviderName,
  ): (status: number, headers: Record<string, string | string[] | undefined>) => ResponseTap | null;
  /** The enforce rewriter factory for a route. */
  rewrite(route: Route, provider: ProviderName): RelayRewrite;
  /** Ask the upstream for an uncompressed answer (the rewriter decodes one anyway). */
  requestIdentity(headers: string[]): string[];
}

const one = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

export function createToolCallHandling(deps: ToolCallsDeps): ToolCallHandling {
  const configured = configuredToolCalls(deps.config);
  const { metrics, logger } = deps;

  if (deps.config.observeToolCalls !== undefined)
    logger.warn(
      { setting: 'proxy.observeToolCalls', use: 'proxy.toolCalls', toolCalls: configured },
      'proxy.observeToolCalls (AGENT_GUARD_PROXY_OBSERVE_TOOL_CALLS) is deprecated; set proxy.toolCalls',
    );

  const record = (
    route: Route,
    call: ProposedCall,
    evaluated: EvaluatedCall,
    mode: 'enforce' | 'observe',
    envelope?: Record<string, unknown>,
  ): void => {
    const denied = !evaluated.decision.allowed;
    const first =
      evaluated.decision.findings.find((f) => f.mode === 'enforce') ?? evaluated.decision.findings[0];
    metrics.proposedToolCall(route.name, denied ? PROPOSAL_VERDICT.deny : PROPOSAL_VERDICT.allow, {
      ruleId: denied ? (first?.ruleId ?? 'none') : 'none',
      provider: call.provider,
      mode,
    });
    if (!denied) return;
    logger.warn(
      {
        route: route.name,
        provider: call.provider,
        mode,
        tool: call.name.slice(0, 100),
        kind: call.kind,
        rule_id: first?.ruleId,
        invariant: first?.invariant,
        threat_type: evaluated.decision.threatType,
        merkle_seal: envelope?.merkle_seal,
      },
      mode === 'enforce'
        ? 'proxy vetoed a tool call the model proposed'
        : 'model proposed a tool call the engine denies',
    );
    deps.alerts?.notify({
      decision: evaluated.decision,
      command: evaluated.offending,
      runtime: evaluated.runtime,
      latencyUs: evaluated.latencyUs,
      frame: { kind: 'proxy', detail: `${route.name} proposed tool call ${call.name.slice(0, 100)}` },
      headline: mode === 'enforce' ? 'BLOCKED' : 'DENY',
      receipt: typeof envelope?.signed_merkle_receipt === 'string' ? envelope.signed_merkle_receipt : null,
    });
  };

  const evaluate = async (call: ProposedCall): Promise<EvaluatedCall> => {
    const offending =
      `${call.name} ${typeof call.arguments === 'string' ? call.arguments : (JSON.stringify(call.arguments) ?? '')}`.slice(
        0,
        64 * 1024,
      );
    if (call.malformed !== undefined)
      return {
        decision: failClosed(
          `the ${call.provider} ${call.kind} "${call.name.slice(0, 100)}" cannot be checked: ${call.malformed}; denied (fail closed)`,
        ),
        offending,
        runtime: 'tool_call',
        latencyUs: 0,
      };
    try {
      return await deps.evaluator.evaluateToolCall(call.name, call.arguments);
    } catch (err) {
      const why = err instanceof AgentGuardError ? err.code : 'analysis failed';
      return {
        decision: failClosed(
          `checking the tool call failed (${why}); denied because nothing could be proven safe`,
        ),
        offending,
        runtime: 'tool_call',
        latencyUs: 0,
      };
    }
  };

  const judgeFor =
    (route: Route): Judge =>
    async (call): Promise<Refusal | null> => {
      const evaluated = await evaluate(call);
      if (evaluated.decision.allowed) {
        record(route, call, evaluated, 'enforce');
        return null;
      }
      // Signed like the gate's envelope when receipts are on; the seal goes to the log and alert too.
      const envelope = deps.envelope(evaluated, 'enforce');
      record(route, call, evaluated, 'enforce', envelope);
      return { text: refusalText(call, envelope) };
    };

  /** Observe reads the copy with the same editors as enforce (every call shape), keeping every call. */
  const observeJudge =
    (route: Route): Judge =>
    async (call) => {
      record(route, call, await evaluate(call), 'observe');
      return null;
    };
  const discard: RewriteSink = { write: () => undefined, end: () => undefined, abort: () => undefined };

  return {
    modeFor: (_route, routeMode) => toolCallsFor(configured, routeMode),
    tap: (route, provider) => (status, h) => {
      if (status < 200 || status >= 300) return null;
      const contentType = one(h['content-type']);
      const contentEncoding = one(h['content-encoding']);
      const plan = planRewrite(contentType, contentEncoding);
      if (plan.kind !== 'rewrite') return null;
      // Bounded like the side reader always was: at a bound it stops quietly (the response is not touched).
      return createResponseRewriter(
        plan,
        { provider, contentType, contentEncoding, judge: observeJudge(route), limits: OBSERVE_LIMITS },
        discard,
      );
    },
    rewrite: (route, provider) => (status, h, sink) => {
      if (status < 200 || status >= 300) return null;
      const plan = planRewrite(one(h['content-type']), one(h['content-encoding']));
      if (plan.kind === 'pass') return null;
      if (plan.kind === 'refuse')
        return new AgentGuardError('AG_ERR_PROXY_UPSTREAM_UNAVAILABLE', {
          upstream: route.origin,
          reason: `the response cannot be checked for tool calls: ${plan.reason}`,
        });
      const rewriter = createResponseRewriter(
        plan,
        {
          provider,
          contentType: one(h['content-type']),
          contentEncoding: one(h['content-encoding']),
          judge: judgeFor(route),
        },
        sink,
      );
      return {
        rewriter,
        // The agent gets decoded bytes of a length known only at the end.
        headers: (out) => {
          const next = { ...out };
          delete next['content-length'];
          delete next['content-encoding'];
          return next;
        },
      };
    },
    requestIdentity(headers) {
      const out: string[] = [];
      for (let i = 0; i + 1 < headers.length; i += 2)
        if (headers[i]!.toLowerCase() !== 'accept-encoding') out.push(headers[i]!, headers[i + 1]!);
      out.push('accept-encoding', 'identity');
      return out;
    },
  };
}
