/** Settings of `agent-guard inject`, the Kubernetes mutating admission webhook that adds the sidecar. */
import { z } from 'zod';
import { setting } from '../setting.js';

const quantity = z.string().regex(/^[0-9]+(\.[0-9]+)?(m|Ki|Mi|Gi|Ti|k|M|G|T)?$/, 'a Kubernetes quantity');

export const injectSection = z
  .object({
    host: setting(z.string().min(1).default('0.0.0.0'), {
      env: 'AGENT_GUARD_INJECT_HOST',
      description:
        'Address the webhook listens on. Default 0.0.0.0 (the API server calls it through a Service).',
    }),
    port: setting(z.number().int().min(0).max(65535).default(8443), {
      env: 'AGENT_GUARD_INJECT_PORT',
      description: 'HTTPS port of the webhook. Default 8443.',
    }),
    certFile: setting(z.string().min(1).default('/etc/agent-guard/tls/tls.crt'), {
      env: 'AGENT_GUARD_INJECT_CERT_FILE',
      description:
        'PEM certificate chain; reloaded when the file changes. Default /etc/agent-guard/tls/tls.crt.',
    }),
    keyFile: setting(z.string().min(1).default('/etc/agent-guard/tls/tls.key'), {
      env: 'AGENT_GUARD_INJECT_KEY_FILE',
      description: 'PEM private key; reloaded when the file changes. Default /etc/agent-guard/tls/tls.key.',
    }),
    image: setting(z.string().min(1).default('ghcr.io/agent-guard/agent-guard:0.1.0'), {
      env: 'AGENT_GUARD_INJECT_IMAGE',
      description: 'Sidecar image. Default ghcr.io/agent-guard/agent-guard:0.1.0.',
    }),
    imagePullPolicy: setting(z.enum(['Always', 'IfNotPresent', 'Never']).default('IfNotPresent'), {
      env: 'AGENT_GUARD_INJECT_IMAGE_PULL_POLICY',
      description: 'Pull policy of the sidecar image. Default IfNotPresent.',
    }),
    sidecarPort: setting(z.number().int().min(1).max(65535).default(8787), {
      env: 'AGENT_GUARD_INJECT_SIDECAR_PORT',
      description: 'Port the injected sidecar listens on inside the pod. Default 8787.',
    }),
    nativeSidecar: setting(z.boolean().default(true), {
      env: 'AGENT_GUARD_INJECT_NATIVE_SIDECAR',
      description:
        'Inject as a native sidecar (init container with restartPolicy Always, Kubernetes 1.29+). Default true; false adds a regular container for older clusters.',
    }),
    mode: setting(z.enum(['enforce', 'audit']).default('enforce'), {
      env: 'AGENT_GUARD_INJECT_MODE',
      description:
        'Default proxy mode of injected sidecars; the agent-guard.io/mode annotation overrides it. Default enforce.',
    }),
    policyConfigMap: setting(z.string().min(1).default('agent-guard-policy'), {
      env: 'AGENT_GUARD_INJECT_POLICY_CONFIGMAP',
      description:
        'ConfigMap with the sidecar configuration file (key config.yaml), mounted read-only. Default agent-guard-policy.',
    }),
    signingKeySecret: setting(z.string().min(1).default('agent-guard-signing-key'), {
      env: 'AGENT_GUARD_INJECT_SIGNING_KEY_SECRET',
      description:
        'Secret holding the receipt signing key (key signing-key.pem), mounted read-only. Default agent-guard-signing-key.',
    }),
    cpuRequest: setting(quantity.default('50m'), {
      env: 'AGENT_GUARD_INJECT_CPU_REQUEST',
      description: 'Sidecar CPU request. Default 50m.',
    }),
    cpuLimit: setting(quantity.default('500m'), {
      env: 'AGENT_GUARD_INJECT_CPU_LIMIT',
      description: 'Sidecar CPU limit. Default 500m.',
    }),
    memoryRequest: setting(quantity.default('64Mi'), {
      env: 'AGENT_GUARD_INJECT_MEMORY_REQUEST',
      description: 'Sidecar memory request. Default 64Mi.',
    }),
    memoryLimit: setting(quantity.default('192Mi'), {
      env: 'AGENT_GUARD_INJECT_MEMORY_LIMIT',
      description: 'Sidecar memory limit. Default 192Mi.',
    }),
    setProxyEnv: setting(z.boolean().default(false), {
      env: 'AGENT_GUARD_INJECT_SET_PROXY_ENV',
      description:
        'Also set HTTP_PROXY/HTTPS_PROXY in agent containers (forward-proxy mode); the agent-guard.io/http-proxy annotation overrides it. Default false.',
    }),
    maxBodyBytes: setting(
      z
        .number()
        .int()
        .min(1024)
        .max(16 * 1024 * 1024)
        .default(3 * 1024 * 1024),
      {
        env: 'AGENT_GUARD_INJECT_MAX_BODY_BYTES',
        description:
          'Largest AdmissionReview accepted, in bytes. Default 3145728 (3 MiB, the API server limit).',
      },
    ),
  })
  .strict();
