/**
 * Builds the RFC 6902 JSONPatch that injects the sidecar into a pod. Every operation is relative
 * to the pod as received, in an order that stays valid when applied in sequence.
 */
import { KEYS } from './annotations.js';
import { pointerSegment, type Container, type EnvVar, type JsonPatchOp, type Pod } from './pod.js';
import { agentEnv, sidecarContainer, sidecarVolumes } from './sidecar.js';
import type { SidecarSettings } from './overrides.js';

const annotationPath = (key: string): string => `/metadata/annotations/${pointerSegment(key)}`;

function annotationOps(pod: Pod, s: SidecarSettings): JsonPatchOp[] {
  const existing = pod.metadata?.annotations;
  const wanted: Record<string, string> = { [KEYS.status]: 'injected' };
  // Scrape annotations are added only when the pod has none: an app's own scrape settings win,
  // and the chart's PodMonitor covers pods that keep theirs.
  if (existing?.['prometheus.io/scrape'] === undefined) {
    wanted['prometheus.io/scrape'] = 'true';
    wanted['prometheus.io/port'] = String(s.port);
    wanted['prometheus.io/path'] = '/metrics';
  }
  if (!pod.metadata) return [{ op: 'add', path: '/metadata', value: { annotations: wanted } }];
  if (!existing) return [{ op: 'add', path: '/metadata/annotations', value: wanted }];
  return Object.entries(wanted).map(([key, value]) => ({
    op: existing[key] === undefined ? 'add' : 'replace',
    path: annotationPath(key),
    value,
  }));
}

function containerEnvOps(
  container: Container,
  index: number,
  wanted: readonly EnvVar[],
  override: boolean,
): JsonPatchOp[] {
  const base = `/spec/containers/${index}/env`;
  const env = container.env;
  if (!env) return [{ op: 'add', path: base, value: wanted }];
  const ops: JsonPatchOp[] = [];
  for (const variable of wanted) {
    const at = env.findIndex((e) => e.name === variable.name);
    if (at === -1) ops.push({ op: 'add', path: `${base}/-`, value: variable });
    // Values the pod already sets are the user's choice unless the pod asks us to override.
    else if (override) ops.push({ op: 'replace', path: `${base}/${at}`, value: variable });
  }
  return ops;
}

export function buildPatch(pod: Pod, s: SidecarSettings): JsonPatchOp[] {
  const ops: JsonPatchOp[] = [...annotationOps(pod, s)];
  const spec = pod.spec ?? {};

  const sidecar = sidecarContainer(s);
  if (s.nativeSidecar) {
    // First in initContainers: native sidecars start in order, so the proxy is ready before any
    // later init container or app container sends traffic.
    ops.push(
      spec.initContainers && spec.initContainers.length > 0
        ? { op: 'add', path: '/spec/initContainers/0', value: sidecar }
        : { op: 'add', path: '/spec/initContainers', value: [sidecar] },
    );
  } else {
    ops.push({ op: 'add', path: '/spec/containers/-', value: sidecar });
  }

  const volumes = sidecarVolumes(s);
  if (!spec.volumes) ops.push({ op: 'add', path: '/spec/volumes', value: volumes });
  else for (const v of volumes) ops.push({ op: 'add', path: '/spec/volumes/-', value: v });

  const wanted = agentEnv(s);
  (spec.containers ?? []).forEach((container, index) => {
    ops.push(...containerEnvOps(container, index, wanted, s.overrideEnv));
  });
  return ops;
}
