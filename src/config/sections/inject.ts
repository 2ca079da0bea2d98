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
        'Inject as a native sidecar (init container with restartPolicy Always, Kubernetes 1.29+). Default true; false adds a regular container for older clusters. Turned off at start when the API server reports a version below 1.29.',
    }),
    excludedNamespaces: setting(z.array(z.string().min(1)).default([]), {
      env: 'AGENT_GUARD_INJECT_EXCLUDED_NAMESPACES',
      description:
        'Namespaces (comma-separated) whose pods are never injected, checked in code as well as by the webhook selector; kube-system, kube-public and kube-node-lease always are. Default none.',
    }),
    kubeVersionCheck: setting(z.boolean().default(true), {
      env: 'AGENT_GUARD_INJECT_KUBE_VERSION_CHECK',
      description:
        "At start, read the API server's /version (in-cluster only) and turn nativeSidecar off below Kubernetes 1.29. Default true.",
    }),
    imagePullSecrets: setting(
      z.array(z.string().regex(/^[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?$/)).default([]),
      {
        env: 'AGENT_GUARD_INJECT_IMAGE_PULL_SECRETS',
        description:
          "Pull secrets (names, comma-separated) added to injected pods for the sidecar image; they must exist in the pod's namespace. Default none.",
      },
    ),
    tlsMode: setting(z.enum(['files', 'self-managed']).default('files'), {
      env: 'AGENT_GUARD_INJECT_TLS_MODE',
      description:
        "files (default): serve certFile/keyFile (cert-manager or your own). self-managed: create the serving certificate and its CA at run time in the Secret tlsSecret, renew it before expiry, and keep the webhook's caBundle in step (needs the chart's RBAC).",
    }),
    tlsSecret: setting(z.string().default('agent-guard-injector-tls'), {
      env: 'AGENT_GUARD_INJECT_TLS_SECRET',
      description:
        'self-managed TLS: Secret (in the injector namespace) holding the CA and serving pair. Default agent-guard-injector-tls.',
    }),
    serviceName: setting(z.string().default('agent-guard-injector'), {
      env: 'AGENT_GUARD_INJECT_SERVICE_NAME',
      description:
        "self-managed TLS: the webhook Service's name (the certificate's DNS names). Default agent-guard-injector.",
    }),
    webhookConfiguration: setting(z.string().default('agent-guard'), {
      env: 'AGENT_GUARD_INJECT_WEBHOOK_CONFIGURATION',
      description:
        'self-managed TLS: MutatingWebhookConfiguration whose caBundle the injector keeps current. Default agent-guard.',
    }),
    certValidityDays: setting(z.number().int().min(1).max(3650).default(365), {
      env: 'AGENT_GUARD_INJECT_CERT_VALIDITY_DAYS',
      description:
        'self-managed TLS: lifetime of the serving certificate in days (the CA lives ten times longer); renewed when a third of it is left. Default 365.',
    }),
    signingKeyCreate: setting(z.boolean().default(false), {
      env: 'AGENT_GUARD_INJECT_SIGNING_KEY_CREATE',
      description:
        'Create the receipt signing key Secret (signingKeySecret) once, at start, when it does not exist; never regenerated. Default false.',
    }),
    signingKeyNamespaces: setting(
      z.array(z.string().regex(/^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/)).default([]),
      {
        env: 'AGENT_GUARD_INJECT_SIGNING_KEY_NAMESPACES',
        description:
          'Namespaces (comma-separated) that get a copy of the signing key Secret at start when they lack one, so their sidecars sign with the one published key. Default none.',
      },
    ),
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
