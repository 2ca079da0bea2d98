/**
 * Whether a pod gets the sidecar. The namespace decision is made by the API server through the
 * webhook's namespaceSelector (the webhook cannot read namespace labels itself), which calls a
 * different path for labelled and unlabelled namespaces; the pod's own label or annotation then
 * opts in or out, like Istio's injector.
 */
import { KEYS, PART_OF_LABEL, PART_OF_VALUE, SIDECAR_NAME } from './annotations.js';
import type { Pod } from './pod.js';

export type InjectionDecision =
  { readonly inject: true } | { readonly inject: false; readonly reason: string };

export interface DecideOptions {
  /** The pod's namespace carries `agent-guard.io/inject=enabled`. */
  readonly namespaceEnabled: boolean;
}

function podFlag(pod: Pod): string | undefined {
  // The annotation wins over the label: annotations are where users put per-pod overrides.
  return pod.metadata?.annotations?.[KEYS.inject] ?? pod.metadata?.labels?.[KEYS.inject];
}

export function decideInjection(pod: Pod, options: DecideOptions): InjectionDecision {
  const flag = podFlag(pod)?.trim().toLowerCase();
  if (pod.metadata?.annotations?.[KEYS.status] === 'injected') {
    return { inject: false, reason: 'already injected' };
  }
  const names = [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])].map((c) => c.name);
  if (names.includes(SIDECAR_NAME)) return { inject: false, reason: 'already has an agent-guard container' };
  if (pod.metadata?.labels?.[PART_OF_LABEL] === PART_OF_VALUE) {
    return { inject: false, reason: 'agent-guard component' };
  }
  if (pod.spec?.hostNetwork === true) {
    // A host-network pod shares the node's loopback: the sidecar's port would collide across pods.
    return { inject: false, reason: 'host network pod' };
  }
  if (flag === 'false' || flag === 'disabled') return { inject: false, reason: 'opted out' };
  if (options.namespaceEnabled) return { inject: true };
  if (flag === 'true' || flag === 'enabled') return { inject: true };
  return { inject: false, reason: 'namespace not enabled and pod did not opt in' };
}
