/**
 * Where the sidecar fits into a given pod without breaking it (issue 27): names no container or
 * volume of the pod uses, a port no container declares, a place among a mesh's init containers,
 * and requests equal to limits when the pod is Guaranteed (so it stays Guaranteed).
 */
import { MESH_CONTAINERS, POLICY_VOLUME, SIDECAR_NAME, TMP_VOLUME } from './annotations.js';
import type { Container, Pod } from './pod.js';

export interface Layout {
  readonly container: string;
  readonly policyVolume: string;
  readonly tmpVolume: string;
  readonly port: number;
  /** Index in initContainers for a native sidecar. */
  readonly initIndex: number;
  /** Every container has limits equal to its requests: the sidecar's requests are set to its limits. */
  readonly guaranteed: boolean;
}

export type LayoutResult =
  { readonly ok: true; readonly layout: Layout } | { readonly ok: false; readonly reason: string };

/** How far above the configured port a free one is looked for. */
const PORT_SEARCH = 32;

function unique(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 1; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

function allContainers(pod: Pod): readonly Container[] {
  const spec = pod.spec ?? {};
  const ephemeral = Array.isArray(spec.ephemeralContainers) ? (spec.ephemeralContainers as Container[]) : [];
  return [...(spec.containers ?? []), ...(spec.initContainers ?? []), ...ephemeral];
}

function declaredPorts(pod: Pod): Set<number> {
  const ports = new Set<number>();
  for (const c of allContainers(pod)) {
    const list = Array.isArray(c.ports) ? (c.ports as { containerPort?: unknown }[]) : [];
    for (const p of list) if (typeof p?.containerPort === 'number') ports.add(p.containerPort);
  }
  return ports;
}

type Resources = { requests?: Record<string, unknown>; limits?: Record<string, unknown> } | undefined;

/** The pod's QoS class is Guaranteed: every container sets cpu and memory limits, requests equal. */
export function isGuaranteed(pod: Pod): boolean {
  const containers = [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])];
  if (containers.length === 0) return false;
  return containers.every((c) => {
    const r = c.resources as Resources;
    return ['cpu', 'memory'].every((kind) => {
      const limit = r?.limits?.[kind];
      const request = r?.requests?.[kind] ?? limit;
      // Quantities arrive as strings or numbers ("1" and 1 are the same CPU).
      return (
        (typeof limit === 'string' || typeof limit === 'number') &&
        (typeof request === 'string' || typeof request === 'number') &&
        String(request) === String(limit)
      );
    });
  });
}

export function planLayout(
  pod: Pod,
  options: { readonly port: number; readonly meshOrder: 'after' | 'before' },
): LayoutResult {
  const names = new Set(allContainers(pod).map((c) => c.name));
  const volumes = new Set((pod.spec?.volumes ?? []).map((v) => v.name));
  const taken = declaredPorts(pod);
  let port = options.port;
  while (taken.has(port) && port < options.port + PORT_SEARCH && port < 65535) port += 1;
  if (taken.has(port)) {
    return {
      ok: false,
      reason: `ports ${options.port}-${port} are all declared by the pod's containers; set agent-guard.io/inject: "false" or free one`,
    };
  }
  const init = pod.spec?.initContainers ?? [];
  let initIndex = 0;
  if (options.meshOrder === 'after') {
    init.forEach((c, i) => {
      if (MESH_CONTAINERS.includes(c.name)) initIndex = i + 1;
    });
  }
  const policyVolume = unique(POLICY_VOLUME, volumes);
  const tmpVolume = unique(TMP_VOLUME, new Set([...volumes, policyVolume]));
  return {
    ok: true,
    layout: {
      container: unique(SIDECAR_NAME, names),
      policyVolume,
      tmpVolume,
      port,
      initIndex,
      guaranteed: isGuaranteed(pod),
    },
  };
}
