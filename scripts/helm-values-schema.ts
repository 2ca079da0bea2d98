/**
 * The Helm chart's values schema, written once here and rendered to
 * helm/agent-guard/values.schema.json (JSON Schema draft-07, which every Helm 3 release reads).
 * `npm run docs` writes it; the generated-docs test fails when the committed copy differs.
 */
import { z } from 'zod';

const quantity = z.union([
  z.string().regex(/^[0-9]+(\.[0-9]+)?(m|Ki|Mi|Gi|Ti|k|M|G|T)?$/),
  z.number().positive(),
]);
const resources = z
  .object({
    requests: z.object({ cpu: quantity.optional(), memory: quantity.optional() }).strict().optional(),
    limits: z.object({ cpu: quantity.optional(), memory: quantity.optional() }).strict().optional(),
  })
  .strict();
const k8sName = z.string().regex(/^[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?$/);
const labels = z.record(z.string(), z.string());
const duration = z.string().regex(/^[0-9]+(ms|s|m|h)$/);

export const helmValuesSchema = z
  .object({
    nameOverride: z.string(),
    fullnameOverride: z.string(),
    image: z
      .object({
        repository: z.string().min(1),
        tag: z.string(),
        digest: z.union([z.literal(''), z.string().regex(/^sha256:[0-9a-f]{64}$/)]),
        pullPolicy: z.enum(['Always', 'IfNotPresent', 'Never']),
      })
      .strict(),
    imagePullSecrets: z.array(z.object({ name: z.string().min(1) }).strict()),
    injector: z
      .object({
        enabled: z.boolean(),
        replicas: z.number().int().min(1),
        port: z.number().int().min(1024).max(65535),
        failurePolicy: z.enum(['Fail', 'Ignore']),
        timeoutSeconds: z.number().int().min(1).max(30),
        logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
        resources,
        podAnnotations: labels,
        nodeSelector: labels,
        tolerations: z.array(z.record(z.string(), z.unknown())),
        affinity: z.record(z.string(), z.unknown()),
        topologySpreadConstraints: z.array(z.record(z.string(), z.unknown())),
        priorityClassName: z.string(),
        priorityClass: z
          .object({ create: z.boolean(), value: z.number().int().min(0).max(1_000_000_000) })
          .strict(),
        excludedNamespaces: z.array(k8sName),
      })
      .strict(),
    sidecar: z
      .object({
        nativeSidecar: z.union([z.literal('auto'), z.boolean()]),
        imagePullSecrets: z.array(k8sName),
        mode: z.enum(['enforce', 'audit']),
        port: z.number().int().min(1).max(65535),
        setProxyEnv: z.boolean(),
        resources,
      })
      .strict(),
    certificates: z
      .object({
        mode: z.enum(['self-signed', 'cert-manager']),
        selfSignedValidityDays: z.number().int().min(1).max(3650),
        certManager: z
          .object({
            issuerRef: z.object({ name: z.string(), kind: z.enum(['Issuer', 'ClusterIssuer']) }).strict(),
            duration,
          })
          .strict(),
      })
      .strict(),
    policy: z
      .object({
        create: z.boolean(),
        name: k8sName,
        config: z.record(z.string(), z.unknown()),
        copyToNamespaces: z.array(k8sName),
      })
      .strict(),
    signingKey: z
      .object({
        create: z.boolean(),
        existingSecret: z.string(),
        name: k8sName,
        copyToNamespaces: z.array(k8sName),
      })
      .strict(),
    networkPolicy: z
      .object({
        enabled: z.boolean(),
        injector: z.object({ from: z.array(z.record(z.string(), z.unknown())) }).strict(),
        gateway: z.object({ from: z.array(z.record(z.string(), z.unknown())) }).strict(),
      })
      .strict(),
    podDisruptionBudget: z.object({ enabled: z.boolean(), minAvailable: z.number().int().min(0) }).strict(),
    metrics: z
      .object({
        serviceMonitor: z.object({ enabled: z.boolean(), interval: duration, labels }).strict(),
        podMonitor: z.object({ enabled: z.boolean(), interval: duration, labels }).strict(),
      })
      .strict(),
    gateway: z
      .object({
        enabled: z.boolean(),
        replicas: z.number().int().min(1),
        apiKeysSecret: z.string(),
        resources,
        service: z
          .object({
            type: z.enum(['ClusterIP', 'NodePort', 'LoadBalancer']),
            port: z.number().int().min(1).max(65535),
          })
          .strict(),
        autoscaling: z
          .object({
            enabled: z.boolean(),
            minReplicas: z.number().int().min(1),
            maxReplicas: z.number().int().min(1),
            targetCPUUtilizationPercentage: z.number().int().min(1).max(100),
          })
          .strict(),
        env: z.array(z.record(z.string(), z.unknown())),
        allowLocalState: z.boolean(),
      })
      .strict(),
    redis: z
      .object({
        url: z.union([z.literal(''), z.string().regex(/^rediss?:\/\/\S+$/)]),
        existingSecret: z.union([z.literal(''), k8sName]),
        existingSecretKey: z.string().regex(/^[-._a-zA-Z0-9]+$/),
      })
      .strict(),
  })
  .strict();

export function renderHelmValuesSchema(): string {
  const schema = z.toJSONSchema(helmValuesSchema, { target: 'draft-7', io: 'input' });
  return `${JSON.stringify({ ...schema, title: 'agent-guard Helm chart values' }, null, 2)}\n`;
}
