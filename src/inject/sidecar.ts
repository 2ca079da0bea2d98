/**
 * The sidecar container the injector adds, and the environment it gives the agent containers so
 * their model traffic goes through it without code changes.
 */
import { POLICY_MOUNT } from './annotations.js';
import type { Layout } from './layout.js';
import type { EnvVar } from './pod.js';
import type { SidecarSettings } from './overrides.js';

/** Matches the image's non-root user (Dockerfile). */
const SIDECAR_UID = 10001;

export function sidecarContainer(s: SidecarSettings, layout: Layout): Record<string, unknown> {
  const port = layout.port;
  // /health and /ready answer anyone (the kubelet comes from the node, not loopback); /api/v1 and
  // the proxy routes answer only loopback callers unless keys are configured (src/api/auth).
  const probe = (path: string) => ({ httpGet: { path, port, scheme: 'HTTP' } });
  // A Guaranteed pod stays Guaranteed only if every container's requests equal its limits.
  const requests = layout.guaranteed
    ? { cpu: s.cpuLimit, memory: s.memoryLimit }
    : { cpu: s.cpuRequest, memory: s.memoryRequest };
  return {
    name: layout.container,
    image: s.image,
    imagePullPolicy: s.imagePullPolicy,
    args: ['serve'],
    // Native sidecar (KEP-753): an init container that keeps running, started before and stopped
    // after the app containers. Without it, a regular container races the agent at start.
    ...(s.nativeSidecar ? { restartPolicy: 'Always' } : {}),
    ports: [{ name: 'agent-guard', containerPort: port, protocol: 'TCP' }],
    env: [
      // Probes and Prometheus reach the pod IP, so the sidecar binds all pod interfaces; with no
      // keys configured it serves /api/v1 and its routes to loopback callers (its own pod) only.
      { name: 'AGENT_GUARD_HOST', value: '0.0.0.0' },
      { name: 'AGENT_GUARD_PORT', value: String(port) },
      { name: 'AGENT_GUARD_PROXY_MODE', value: s.mode },
      { name: 'AGENT_GUARD_CONFIG', value: `${POLICY_MOUNT}/config.yaml` },
      { name: 'AGENT_GUARD_CONFIG_OPTIONAL', value: 'true' },
      {
        // Optional: a namespace without the Secret still starts, on an ephemeral key (logged).
        name: 'AGENT_GUARD_SIGNING_KEY',
        valueFrom: { secretKeyRef: { name: s.signingKeySecret, key: 'signing-key', optional: true } },
      },
    ],
    resources: { requests, limits: { cpu: s.cpuLimit, memory: s.memoryLimit } },
    securityContext: {
      runAsNonRoot: true,
      runAsUser: SIDECAR_UID,
      runAsGroup: SIDECAR_UID,
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
      privileged: false,
      capabilities: { drop: ['ALL'] },
      seccompProfile: { type: 'RuntimeDefault' },
    },
    startupProbe: { ...probe('/ready'), periodSeconds: 1, failureThreshold: 30 },
    readinessProbe: { ...probe('/ready'), periodSeconds: 5, failureThreshold: 3 },
    livenessProbe: { ...probe('/health'), periodSeconds: 10, failureThreshold: 3 },
    volumeMounts: [
      { name: layout.policyVolume, mountPath: POLICY_MOUNT, readOnly: true },
      { name: layout.tmpVolume, mountPath: '/tmp' },
    ],
  };
}

export function sidecarVolumes(s: SidecarSettings, layout: Layout): Record<string, unknown>[] {
  return [
    { name: layout.policyVolume, configMap: { name: s.policyConfigMap, optional: true } },
    { name: layout.tmpVolume, emptyDir: { sizeLimit: '64Mi' } },
  ];
}

/** Environment for agent containers: the SDKs read these base URLs and proxy variables. */
export function agentEnv(s: SidecarSettings, layout: Layout): EnvVar[] {
  const base = `http://127.0.0.1:${layout.port}`;
  const env: EnvVar[] = [
    { name: 'OPENAI_BASE_URL', value: `${base}/openai/v1` },
    { name: 'ANTHROPIC_BASE_URL', value: `${base}/anthropic` },
  ];
  if (s.httpProxy) {
    env.push(
      { name: 'HTTP_PROXY', value: base },
      { name: 'HTTPS_PROXY', value: base },
      { name: 'NO_PROXY', value: 'localhost,127.0.0.1,::1,.svc,.cluster.local' },
    );
  }
  return env;
}
