/**
 * The sidecar container the injector adds, and the environment it gives the agent containers so
 * their model traffic goes through it without code changes.
 */
import { POLICY_MOUNT, POLICY_VOLUME, SIDECAR_NAME, TMP_VOLUME } from './annotations.js';
import type { EnvVar } from './pod.js';
import type { SidecarSettings } from './overrides.js';

/** Matches the image's non-root user (Dockerfile). */
const SIDECAR_UID = 10001;

export function sidecarContainer(s: SidecarSettings): Record<string, unknown> {
  const probe = (path: string) => ({ httpGet: { path, port: s.port, scheme: 'HTTP' } });
  return {
    name: SIDECAR_NAME,
    image: s.image,
    imagePullPolicy: s.imagePullPolicy,
    args: ['serve'],
    // Native sidecar (KEP-753): an init container that keeps running, started before and stopped
    // after the app containers. Without it, a regular container races the agent at start.
    ...(s.nativeSidecar ? { restartPolicy: 'Always' } : {}),
    ports: [{ name: 'agent-guard', containerPort: s.port, protocol: 'TCP' }],
    env: [
      // Probes and Prometheus reach the pod IP, so the sidecar binds all pod interfaces; it only
      // ever forwards to its configured upstreams, and /api/v1 requires keys off loopback.
      { name: 'AGENT_GUARD_HOST', value: '0.0.0.0' },
      { name: 'AGENT_GUARD_PORT', value: String(s.port) },
      { name: 'AGENT_GUARD_PROXY_MODE', value: s.mode },
      { name: 'AGENT_GUARD_CONFIG', value: `${POLICY_MOUNT}/config.yaml` },
      { name: 'AGENT_GUARD_CONFIG_OPTIONAL', value: 'true' },
      {
        // Optional: a namespace without the Secret still starts, on an ephemeral key (logged).
        name: 'AGENT_GUARD_SIGNING_KEY',
        valueFrom: { secretKeyRef: { name: s.signingKeySecret, key: 'signing-key', optional: true } },
      },
    ],
    resources: {
      requests: { cpu: s.cpuRequest, memory: s.memoryRequest },
      limits: { cpu: s.cpuLimit, memory: s.memoryLimit },
    },
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
      { name: POLICY_VOLUME, mountPath: POLICY_MOUNT, readOnly: true },
      { name: TMP_VOLUME, mountPath: '/tmp' },
    ],
  };
}

export function sidecarVolumes(s: SidecarSettings): Record<string, unknown>[] {
  return [
    { name: POLICY_VOLUME, configMap: { name: s.policyConfigMap, optional: true } },
    { name: TMP_VOLUME, emptyDir: { sizeLimit: '64Mi' } },
  ];
}

/** Environment for agent containers: the SDKs read these base URLs and proxy variables. */
export function agentEnv(s: SidecarSettings): EnvVar[] {
  const base = `http://127.0.0.1:${s.port}`;
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
