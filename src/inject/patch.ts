/**
 * Builds the RFC 6902 JSONPatch that injects the sidecar into a pod. Every operation is relative
 * to the pod as received, in an order that stays valid when applied in sequence.
 */
import { VERSION } from '../version.js';
import { KEYS } from './annotations.js';
import type { Layout } from './layout.js';
import { pointerSegment, type Container, type EnvVar, type JsonPatchOp, type Pod } from './pod.js';
import { agentEnv, sidecarContainer, sidecarVolumes } from './sidecar.js';
import type { SidecarSettings } from './overrides.js';

const annotationPath = (key: string): string => `/metadata/annotations/${pointerSegment(key)}`;

/** Mesh annotations that exclude inbound ports from interception (read when the mesh injects). */
export const MESH_SKIP_INBOUND = [
  'traffic.sidecar.istio.io/excludeInboundPorts',
  'config.linkerd.io/skip-inbound-ports',
] as const;

/**
 * The status annotation: what was injected (version, image, the names and port chosen), as JSON
 * like Istio's sidecar.istio.io/status, so an operator can tell which release a pod runs.
 */
export function injectionStatus(s: SidecarSettings, layout: Layout): string {
  return JSON.stringify({
    state: 'injected',
    version: VERSION,
    image: s.image,
    container: layout.container,
    native: s.nativeSidecar,
    port: layout.port,
    volumes: [layout.policyVolume, layout.tmpVolume],
  });
}

/** Annotation ops that set `wanted` on a pod (creating metadata or annotations as needed). */
export function setAnnotationOps(pod: Pod, wanted: Record<string, string>): JsonPatchOp[] {
  const existing = pod.metadata?.annotations;
  if (!pod.metadata) return [{ op: 'add', path: '/metadata', value: { annotations: wanted } }];
  if (!existing) return [{ op: 'add', path: '/metadata/annotations', value: wanted }];
  return Object.entries(wanted).map(([key, value]) => ({
    op: existing[key] === undefined ? 'add' : 'replace',
    path: annotationPath(key),
    value,
  }));
}

function annotationOps(pod: Pod, s: SidecarSettings, layout: Layout): JsonPatchOp[] {
  const existing = pod.metadata?.annotations;
  const wanted: Record<string, string> = { [KEYS.status]: injectionStatus(s, layout) };
  // Scrape annotations are added only when the pod has none: an app's own scrape settings win,
  // and the chart's PodMonitor covers pods that keep theirs.
  if (existing?.['prometheus.io/scrape'] === undefined) {
    wanted['prometheus.io/scrape'] = 'true';
    wanted['prometheus.io/port'] = String(layout.port);
    wanted['prometheus.io/path'] = '/metrics';
  }
  // A mesh's inbound proxy hands other pods' connections to the app over loopback (Istio from
  // 127.0.0.6, Linkerd from 127.0.0.1), which the sidecar trusts as its own pod: keep the
  // sidecar's port out of the mesh's inbound capture so other pods arrive from their own address.
  for (const key of MESH_SKIP_INBOUND) {
    const ports = (existing?.[key] ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p !== '');
    if (!ports.includes(String(layout.port))) wanted[key] = [...ports, String(layout.port)].join(',');
  }
  return setAnnotationOps(pod, wanted);
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

export function buildPatch(pod: Pod, s: SidecarSettings, layout: Layout): JsonPatchOp[] {
  const ops: JsonPatchOp[] = [...annotationOps(pod, s, layout)];
  const spec = pod.spec ?? {};

  const sidecar = sidecarContainer(s, layout);
  if (s.nativeSidecar) {
    // Native sidecars start in order: first, so the proxy is ready before any later init or app
    // container sends traffic; but after a mesh's init and proxy (layout.initIndex), whose
    // iptables rules would otherwise catch the sidecar's own upstream traffic before the mesh runs.
    const count = spec.initContainers?.length ?? 0;
    ops.push(
      count === 0
        ? { op: 'add', path: '/spec/initContainers', value: [sidecar] }
        : {
            op: 'add',
            path:
              layout.initIndex >= count
                ? '/spec/initContainers/-'
                : `/spec/initContainers/${layout.initIndex}`,
            value: sidecar,
          },
    );
  } else {
    ops.push({ op: 'add', path: '/spec/containers/-', value: sidecar });
  }

  if (s.imagePullSecrets.length > 0) {
    const present = new Set(
      (Array.isArray(spec.imagePullSecrets) ? (spec.imagePullSecrets as { name?: string }[]) : []).map(
        (r) => r.name,
      ),
    );
    const missing = s.imagePullSecrets.filter((name) => !present.has(name)).map((name) => ({ name }));
    if (!Array.isArray(spec.imagePullSecrets))
      ops.push({ op: 'add', path: '/spec/imagePullSecrets', value: missing });
    else for (const ref of missing) ops.push({ op: 'add', path: '/spec/imagePullSecrets/-', value: ref });
  }

  const volumes = sidecarVolumes(s, layout);
  if (!spec.volumes) ops.push({ op: 'add', path: '/spec/volumes', value: volumes });
  else for (const v of volumes) ops.push({ op: 'add', path: '/spec/volumes/-', value: v });

  const wanted = agentEnv(s, layout);
  (spec.containers ?? []).forEach((container, index) => {
    ops.push(...containerEnvOps(container, index, wanted, s.overrideEnv));
  });
  return ops;
}
