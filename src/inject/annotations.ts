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
} as const;

/** The sidecar container's name; a pod that already has a container of this name is left alone. */
export const SIDECAR_NAME = 'agent-guard';
export const POLICY_VOLUME = 'agent-guard-policy';
export const TMP_VOLUME = 'agent-guard-tmp';
export const POLICY_MOUNT = '/etc/agent-guard/policy';
/** Pods of agent-guard itself (the injector, a gateway) carry this label and are skipped. */
export const PART_OF_LABEL = 'app.kubernetes.io/part-of';
export const PART_OF_VALUE = 'agent-guard';
