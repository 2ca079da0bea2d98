/**
 * Whether a pod gets the sidecar. The namespace decision is made by the API server through the
 * webhook's namespaceSelector (the webhook cannot read namespace labels itself), which calls a
 * different path for labelled and unlabelled namespaces; the pod's own label or annotation then
 * opts in or out, like Istio's injector.
 */
import { KEYS, PART_OF_LABEL, PART_OF_VALUE, SYSTEM_NAMESPACES } from './annotations.js';
import type { Pod } from './pod.js';

export type InjectionDecision =
  | { readonly inject: true }
  | {
      readonly inject: false;
      readonly reason: string;
      /** The pod asked for the sidecar but cannot have it: say so on the pod and to the client. */
      readonly notify?: true;
    };

export interface DecideOptions {
  /** The pod's namespace carries `agent-guard.io/inject=enabled`. */
  readonly namespaceEnabled: boolean;
  /** The AdmissionReview's request.namespace (the pod's own metadata may omit it). */
  readonly namespace?: string;
  /** Namespaces never injected besides the system ones (the injector's own, configured ones). */
  readonly excludedNamespaces?: readonly string[];
}

/** `injected`, or the JSON status object this injector writes (src/inject/patch.ts). */
export function isInjectedStatus(value: string | undefined): boolean {
  if (value === undefined) return false;
  if (value.trim() === 'injected') return true;
  try {
    const parsed = JSON.parse(value) as unknown;
    return (
      typeof parsed === 'object' && parsed !== null && (parsed as { state?: unknown }).state === 'injected'
    );
  } catch {
    return false;
  }
}

/** A Windows pod: the sidecar image is Linux-only. */
function isWindows(pod: Pod): boolean {
  const spec = pod.spec ?? {};
  const os = (spec.os as { name?: unknown } | undefined)?.name;
  const selector = spec.nodeSelector as Record<string, unknown> | undefined;
  return os === 'windows' || selector?.['kubernetes.io/os'] === 'windows';
}

function podFlag(pod: Pod): string | undefined {
  // The annotation wins over the label: annotations are where users put per-pod overrides.
  return pod.metadata?.annotations?.[KEYS.inject] ?? pod.metadata?.labels?.[KEYS.inject];
}

export function decideInjection(pod: Pod, options: DecideOptions): InjectionDecision {
  const flag = podFlag(pod)?.trim().toLowerCase();
  if (isInjectedStatus(pod.metadata?.annotations?.[KEYS.status])) {
    return { inject: false, reason: 'already injected' };
  }
  // Checked in code too, not only by the webhook's namespaceSelector: a review can be sent directly.
  const namespace = options.namespace ?? pod.metadata?.namespace;
  if (namespace !== undefined && SYSTEM_NAMESPACES.includes(namespace)) {
    return { inject: false, reason: `system namespace ${namespace}` };
  }
  if (namespace !== undefined && options.excludedNamespaces?.includes(namespace)) {
    return { inject: false, reason: `excluded namespace ${namespace}` };
  }
  if (pod.metadata?.labels?.[PART_OF_LABEL] === PART_OF_VALUE) {
    return { inject: false, reason: 'agent-guard component' };
  }
  if (pod.spec?.hostNetwork === true) {
    // A host-network pod shares the node's loopback: the sidecar's port would collide across pods.
    return { inject: false, reason: 'host network pod' };
  }
  if (flag === 'false' || flag === 'disabled') return { inject: false, reason: 'opted out' };
  if (isWindows(pod)) {
    return { inject: false, reason: 'Windows pod (the sidecar image is Linux-only)', notify: true };
  }
  if (options.namespaceEnabled) return { inject: true };
  if (flag === 'true' || flag === 'enabled') return { inject: true };
  return { inject: false, reason: 'namespace not enabled and pod did not opt in' };
}
