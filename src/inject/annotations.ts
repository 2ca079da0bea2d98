/**
 * The labels and annotations the injector reads and writes. Documented in docs/kubernetes.md; the
 * names are part of the public interface and do not change.
 */
export const ANNOTATION_PREFIX = 'agent-guard.io/';

export const KEYS = {
  /** Namespace label `enabled` turns injection on; pod label/annotation `true`/`false` opts in/out. */
  inject: 'agent-guard.io/inject',
  /** Written on injected pods; a pod carrying it is never injected twice. */
  status: 'agent-guard.io/status',
  mode: 'agent-guard.io/mode',
  policy: 'agent-guard.io/policy',
  cpuRequest: 'agent-guard.io/cpu-request',
  cpuLimit: 'agent-guard.io/cpu-limit',
  memoryRequest: 'agent-guard.io/memory-request',
  memoryLimit: 'agent-guard.io/memory-limit',
  overrideEnv: 'agent-guard.io/override-env',
  httpProxy: 'agent-guard.io/http-proxy',
  nativeSidecar: 'agent-guard.io/native-sidecar',
  /** `after` (default) or `before`: where the native sidecar goes relative to a mesh's init and proxy. */
  meshOrder: 'agent-guard.io/mesh-order',
  /** Written on pods the webhook was asked to inject but could not (Windows, no free port): why. */
  skipped: 'agent-guard.io/skipped',
} as const;

/** Init containers and proxies of service meshes the sidecar is ordered against (docs/kubernetes.md). */
export const MESH_CONTAINERS: readonly string[] = [
  'istio-init',
  'istio-validation',
  'istio-proxy',
  'linkerd-init',
  'linkerd-network-validator',
  'linkerd-proxy',
];

/** Never injected, whatever the selectors say: the control plane's own namespaces. */
export const SYSTEM_NAMESPACES: readonly string[] = ['kube-system', 'kube-public', 'kube-node-lease'];

/** The sidecar container's name, suffixed (-1, -2, ...) when the pod already uses it. */
export const SIDECAR_NAME = 'agent-guard';
export const POLICY_VOLUME = 'agent-guard-policy';
export const TMP_VOLUME = 'agent-guard-tmp';
export const POLICY_MOUNT = '/etc/agent-guard/policy';
/** Pods of agent-guard itself (the injector, a gateway) carry this label and are skipped. */
export const PART_OF_LABEL = 'app.kubernetes.io/part-of';
export const PART_OF_VALUE = 'agent-guard';
