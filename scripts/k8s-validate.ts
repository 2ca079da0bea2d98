/**
 * Validates Kubernetes objects offline against the official schemas (kubernetes-models). Used by
 * the manifest tests and by `npm run check:helm` on rendered chart output. kubernetes-models does
 * not reject unknown fields, so a strict key check against the generated schema runs as well.
 * Custom resources (cert-manager, Prometheus operator) are checked for apiVersion/kind/metadata only.
 */
import { MutatingWebhookConfiguration } from 'kubernetes-models/admissionregistration.k8s.io/v1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import {
  ClusterRole,
  ClusterRoleBinding,
  Role,
  RoleBinding,
} from 'kubernetes-models/rbac.authorization.k8s.io/v1';
import { PriorityClass } from 'kubernetes-models/scheduling.k8s.io/v1';
import { ConfigMap, Namespace, Pod, Secret, Service, ServiceAccount } from 'kubernetes-models/v1';

interface Validatable {
  validate(): void;
}
type ModelClass = new (data: never) => Validatable;

const MODELS: Readonly<Record<string, ModelClass>> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Namespace': Namespace,
  'v1/Pod': Pod,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'v1/ServiceAccount': ServiceAccount,
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'admissionregistration.k8s.io/v1/MutatingWebhookConfiguration': MutatingWebhookConfiguration,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'scheduling.k8s.io/v1/PriorityClass': PriorityClass,
  'rbac.authorization.k8s.io/v1/Role': Role,
  'rbac.authorization.k8s.io/v1/RoleBinding': RoleBinding,
  'rbac.authorization.k8s.io/v1/ClusterRole': ClusterRole,
  'rbac.authorization.k8s.io/v1/ClusterRoleBinding': ClusterRoleBinding,
};

/** Custom resources we ship but cannot schema-check offline. */
const CUSTOM = new Set([
  'cert-manager.io/v1/Certificate',
  'monitoring.coreos.com/v1/ServiceMonitor',
  'monitoring.coreos.com/v1/PodMonitor',
  'monitoring.coreos.com/v1/PrometheusRule',
]);

export function validateK8sObject(object: unknown): string[] {
  if (typeof object !== 'object' || object === null) return ['not an object'];
  const o = object as { apiVersion?: unknown; kind?: unknown; metadata?: { name?: unknown } };
  const id = `${String(o.apiVersion)}/${String(o.kind)}`;
  const label = `${id} ${String(o.metadata?.name)}`;
  if (typeof o.metadata?.name !== 'string' || o.metadata.name === '')
    return [`${label}: metadata.name missing`];
  if (CUSTOM.has(id)) return [];
  const Model = MODELS[id];
  if (!Model) return [`${label}: no schema known for ${id}`];
  try {
    new Model(object as never).validate();
    return [];
  } catch (err) {
    return [`${label}: ${err instanceof Error ? err.message : String(err)}`];
  }
}
