/**
 * Label values the code emits and the alert rules and dashboard (scripts/generate-monitoring.ts)
 * match, one constant per value (issue 27: rules matched verdict="deny" while the API emitted
 * DENY, so they never matched). Code, rules and dashboard all read them from here.
 */

/** agent_guard_api_decisions_total{verdict}: the API's own verdict words (SPEC). */
export const API_VERDICT = { allow: 'ALLOW', deny: 'DENY' } as const;

/** agent_guard_proxy_proposed_tool_calls_total{verdict}. */
export const PROPOSAL_VERDICT = { allow: 'allow', deny: 'deny' } as const;

/** agent_guard_proxy_vetoes_total{mode} and agent_guard_proxy_redactions_total{mode}. */
export const PROXY_MODE = { enforce: 'enforce', audit: 'audit' } as const;

/** agent_guard_proxy_requests_total{outcome} (src/proxy/metrics.ts RequestOutcome). */
export const PROXY_OUTCOME = {
  forwarded: 'forwarded',
  vetoed: 'vetoed',
  refused: 'refused',
  failed: 'failed',
  clientAborted: 'client_aborted',
} as const;

/** agent_guard_injector_reviews_total{outcome} (src/inject/admission.ts AdmissionOutcome kinds). */
export const INJECTOR_OUTCOME = {
  injected: 'injected',
  skipped: 'skipped',
  rejected: 'rejected',
  malformed: 'malformed',
} as const;

/** agent_guard_injector_cert_reloads_total{result}. */
export const RELOAD_RESULT = { ok: 'ok', failed: 'failed' } as const;
