/**
 * Turns one AdmissionReview request (admission.k8s.io/v1) into its response. Total: any input,
 * however malformed, yields a well-formed AdmissionReview response with a clear message.
 */
import type { Config } from '../config/schema.js';
import { decideInjection } from './decide.js';
import { sidecarSettings } from './overrides.js';
import { KEYS } from './annotations.js';
import { planLayout } from './layout.js';
import { buildPatch, setAnnotationOps } from './patch.js';
import type { JsonPatchOp, Pod } from './pod.js';

export interface AdmissionResponse {
  readonly apiVersion: 'admission.k8s.io/v1';
  readonly kind: 'AdmissionReview';
  readonly response: {
    readonly uid: string;
    readonly allowed: boolean;
    readonly patchType?: 'JSONPatch';
    readonly patch?: string;
    readonly status?: { readonly code: number; readonly message: string };
    readonly warnings?: readonly string[];
  };
}

export type AdmissionOutcome =
  | { readonly kind: 'injected'; readonly ops: readonly JsonPatchOp[] }
  | { readonly kind: 'skipped'; readonly reason: string }
  | { readonly kind: 'rejected'; readonly reason: string }
  | { readonly kind: 'malformed'; readonly reason: string };

export interface ReviewResult {
  readonly review: AdmissionResponse;
  readonly outcome: AdmissionOutcome;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function respond(uid: string, body: Omit<AdmissionResponse['response'], 'uid'>): AdmissionResponse {
  return { apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response: { uid, ...body } };
}

function malformed(uid: string, reason: string): ReviewResult {
  return {
    review: respond(uid, {
      allowed: false,
      status: { code: 400, message: `agent-guard injector: ${reason}` },
    }),
    outcome: { kind: 'malformed', reason },
  };
}

const UID = /^[A-Za-z0-9-]{1,128}$/;

/**
 * The pod wanted the sidecar but cannot have it: admitted unchanged but for an annotation saying
 * why, and a warning the client (kubectl) prints.
 */
function skippedWithNotice(uid: string, pod: Pod, reason: string): ReviewResult {
  const ops = setAnnotationOps(pod, { [KEYS.skipped]: reason });
  return {
    review: respond(uid, {
      allowed: true,
      patchType: 'JSONPatch',
      patch: Buffer.from(JSON.stringify(ops)).toString('base64'),
      warnings: [`agent-guard sidecar not injected: ${reason}`],
    }),
    outcome: { kind: 'skipped', reason },
  };
}

export function reviewAdmission(
  body: unknown,
  options: {
    readonly namespaceEnabled: boolean;
    readonly config: Config['inject'];
    /** Namespaces never injected besides the system ones. */
    readonly excludedNamespaces?: readonly string[];
  },
): ReviewResult {
  if (!isObject(body)) return malformed('', 'body is not a JSON object');
  const request = body.request;
  const uid =
    isObject(request) && typeof request.uid === 'string' && UID.test(request.uid) ? request.uid : '';
  if (body.apiVersion !== 'admission.k8s.io/v1' || body.kind !== 'AdmissionReview') {
    return malformed(uid, 'expected apiVersion admission.k8s.io/v1 and kind AdmissionReview');
  }
  if (!isObject(request)) return malformed(uid, 'request is missing');
  if (uid === '') return malformed(uid, 'request.uid is missing or invalid');

  const resource = request.kind;
  if (!isObject(resource) || resource.kind !== 'Pod') {
    return { review: respond(uid, { allowed: true }), outcome: { kind: 'skipped', reason: 'not a Pod' } };
  }
  if (request.operation !== undefined && request.operation !== 'CREATE') {
    return { review: respond(uid, { allowed: true }), outcome: { kind: 'skipped', reason: 'not a CREATE' } };
  }
  const pod = request.object;
  if (!isObject(pod) || !isObject(pod.spec) || !Array.isArray(pod.spec.containers)) {
    return malformed(uid, 'request.object is not a Pod with spec.containers');
  }
  const containers = pod.spec.containers as unknown[];
  if (!containers.every((c) => isObject(c) && typeof c.name === 'string')) {
    return malformed(uid, 'every container needs a name');
  }
  if (pod.metadata !== undefined && !isObject(pod.metadata))
    return malformed(uid, 'metadata is not an object');
  const typed = pod as Pod;

  const decision = decideInjection(typed, {
    namespaceEnabled: options.namespaceEnabled,
    ...(typeof request.namespace === 'string' ? { namespace: request.namespace } : {}),
    excludedNamespaces: options.excludedNamespaces ?? options.config.excludedNamespaces,
  });
  if (!decision.inject) {
    if (decision.notify) return skippedWithNotice(uid, typed, decision.reason);
    return { review: respond(uid, { allowed: true }), outcome: { kind: 'skipped', reason: decision.reason } };
  }
  const settings = sidecarSettings(typed, options.config);
  if (!settings.ok) {
    const reason = settings.problems.join('; ');
    return {
      review: respond(uid, {
        allowed: false,
        status: { code: 400, message: `agent-guard injector: ${reason}` },
      }),
      outcome: { kind: 'rejected', reason },
    };
  }
  const layout = planLayout(typed, { port: settings.settings.port, meshOrder: settings.settings.meshOrder });
  if (!layout.ok) return skippedWithNotice(uid, typed, layout.reason);
  const ops = buildPatch(typed, settings.settings, layout.layout);
  return {
    review: respond(uid, {
      allowed: true,
      patchType: 'JSONPatch',
      patch: Buffer.from(JSON.stringify(ops)).toString('base64'),
    }),
    outcome: { kind: 'injected', ops },
  };
}
