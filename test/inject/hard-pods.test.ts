/**
 * Issue 27, "pods the webhook must not break": each pod below is admitted, and when injected the
 * patched pod is valid, keeps its own containers, volumes and ports, and the sidecar fits beside
 * them. Shapes follow Istio's injector test pods and the Kubernetes docs' examples.
 */
import jsonpatch from 'fast-json-patch';
import { Pod } from 'kubernetes-models/v1';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { reviewAdmission } from '../../src/inject/admission.js';
import type { JsonPatchOp } from '../../src/inject/pod.js';

const config = loadConfig({ env: {} }).inject;

type Json = Record<string, unknown>;
interface C {
  name: string;
  ports?: { containerPort: number }[];
  env?: { name: string; value?: string }[];
  resources?: { requests?: Json; limits?: Json };
  restartPolicy?: string;
}
interface PodShape {
  metadata: { annotations?: Record<string, string>; namespace?: string };
  spec: {
    containers: C[];
    initContainers?: C[];
    volumes?: { name: string }[];
    imagePullSecrets?: { name: string }[];
  };
}

function review(pod: Json, namespace = 'agents'): Json {
  return {
    apiVersion: 'admission.k8s.io/v1',
    kind: 'AdmissionReview',
    request: {
      uid: '7c1e0d2a-0000-4000-8000-000000000027',
      kind: { group: '', version: 'v1', kind: 'Pod' },
      namespace,
      operation: 'CREATE',
      object: pod,
    },
  };
}

function pod(spec: Json, metadata: Json = {}): Json {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', ...metadata }, spec };
}

const agent = (extra: Partial<C> = {}): C =>
  ({ name: 'agent', image: 'ghcr.io/example/agent:1', ...extra }) as C;

function admit(p: Json, options: { namespace?: string; inject?: Partial<typeof config> } = {}) {
  const body = review(p, options.namespace);
  const result = reviewAdmission(body, { namespaceEnabled: true, config: { ...config, ...options.inject } });
  expect(result.review.response.allowed).toBe(true);
  let patched: PodShape | undefined;
  if (result.review.response.patch) {
    const ops = JSON.parse(Buffer.from(result.review.response.patch, 'base64').toString()) as JsonPatchOp[];
    patched = jsonpatch.applyPatch(structuredClone(p), ops as jsonpatch.Operation[], true, false)
      .newDocument as unknown as PodShape;
    new Pod(patched as never).validate();
  }
  return { ...result, patched };
}

function sidecarOf(p: PodShape): C {
  const status = JSON.parse(p.metadata.annotations!['agent-guard.io/status']!) as { container: string };
  return [...(p.spec.initContainers ?? []), ...p.spec.containers].find((c) => c.name === status.container)!;
}

function listeners(p: PodShape): number[] {
  return [...(p.spec.initContainers ?? []), ...p.spec.containers].flatMap((c) =>
    (c.ports ?? []).map((x) => x.containerPort),
  );
}

describe('pods the webhook must not break', () => {
  it('an app already using the sidecar port: the sidecar takes a free port, agents are pointed at it', () => {
    const { patched } = admit(
      pod({ containers: [agent({ ports: [{ containerPort: 8787 }, { containerPort: 8788 }] })] }),
    );
    const ports = listeners(patched!);
    expect(new Set(ports).size).toBe(ports.length);
    expect(sidecarOf(patched!).ports).toEqual([expect.objectContaining({ containerPort: 8789 })]);
    const env = Object.fromEntries(patched!.spec.containers[0]!.env!.map((e) => [e.name, e.value]));
    expect(env.OPENAI_BASE_URL).toBe('http://127.0.0.1:8789/openai/v1');
    expect(patched!.metadata.annotations!['prometheus.io/port']).toBe('8789');
  });

  it('no free port near ours: admitted unchanged but for an annotation and a warning', () => {
    const ports = Array.from({ length: 40 }, (_, i) => ({ containerPort: 8787 + i }));
    const { patched, outcome, review: r } = admit(pod({ containers: [agent({ ports })] }));
    expect(outcome.kind).toBe('skipped');
    expect(patched!.spec.containers).toHaveLength(1);
    expect(patched!.metadata.annotations!['agent-guard.io/skipped']).toMatch(/ports 8787-/);
    expect(r.response.warnings?.[0]).toMatch(/not injected/);
  });

  it('container and volume names that clash with ours: ours get unique names', () => {
    const { patched } = admit(
      pod({
        containers: [agent(), { name: 'agent-guard', image: 'their/agent-guard:2' }],
        initContainers: [{ name: 'agent-guard-1', image: 'x' }],
        volumes: [
          { name: 'agent-guard-policy', emptyDir: {} },
          { name: 'agent-guard-tmp', emptyDir: {} },
        ],
      }),
    );
    const names = [...patched!.spec.initContainers!, ...patched!.spec.containers].map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    expect(sidecarOf(patched!).name).toBe('agent-guard-2');
    const volumes = patched!.spec.volumes!.map((v) => v.name);
    expect(new Set(volumes).size).toBe(volumes.length);
    expect(volumes).toEqual([
      'agent-guard-policy',
      'agent-guard-tmp',
      'agent-guard-policy-1',
      'agent-guard-tmp-1',
    ]);
  });

  it.each([
    ['spec.os.name', { os: { name: 'windows' } }],
    ['nodeSelector', { nodeSelector: { 'kubernetes.io/os': 'windows' } }],
  ])('Windows pods (%s) are skipped with a reason', (_how, extra) => {
    const { outcome, patched } = admit(pod({ containers: [agent()], ...extra }));
    expect(outcome).toMatchObject({ kind: 'skipped', reason: expect.stringMatching(/Windows/) });
    expect(patched!.spec.containers).toHaveLength(1);
    expect(patched!.spec.initContainers).toBeUndefined();
  });

  it('a Guaranteed pod stays Guaranteed: the sidecar asks for its limits', () => {
    const r = { requests: { cpu: '1', memory: '1Gi' }, limits: { cpu: '1', memory: '1Gi' } };
    const { patched } = admit(pod({ containers: [agent({ resources: r })] }));
    const res = sidecarOf(patched!).resources!;
    expect(res.requests).toEqual(res.limits);
    // A Burstable pod keeps the smaller requests.
    const burstable = admit(pod({ containers: [agent({ resources: { limits: { cpu: '1' } } })] })).patched!;
    expect(sidecarOf(burstable).resources!.requests).not.toEqual(sidecarOf(burstable).resources!.limits);
  });

  it.each(['kube-system', 'kube-public', 'kube-node-lease'])(
    'a pod of %s sent directly is skipped in code',
    (namespace) => {
      const { outcome, patched } = admit(pod({ containers: [agent()] }, { namespace }), { namespace });
      expect(outcome).toEqual({ kind: 'skipped', reason: `system namespace ${namespace}` });
      expect(patched).toBeUndefined();
    },
  );

  it('a configured excluded namespace (the injector own) is skipped in code', () => {
    const { outcome } = admit(pod({ containers: [agent()] }), {
      namespace: 'agent-guard',
      inject: { excludedNamespaces: ['agent-guard'] },
    });
    expect(outcome).toMatchObject({ kind: 'skipped', reason: 'excluded namespace agent-guard' });
  });

  const istio = () =>
    pod({
      initContainers: [
        { name: 'istio-init', image: 'istio/proxyv2' },
        { name: 'istio-proxy', image: 'istio/proxyv2', restartPolicy: 'Always' },
        { name: 'fetch', image: 'busybox' },
      ],
      containers: [agent()],
    });

  it('an Istio pod: the native sidecar goes after istio-init and istio-proxy, before the app init', () => {
    const { patched } = admit(istio());
    expect(patched!.spec.initContainers!.map((c) => c.name)).toEqual([
      'istio-init',
      'istio-proxy',
      'agent-guard',
      'fetch',
    ]);
  });

  it('keeps the sidecar port out of a mesh inbound capture (so other pods never arrive over loopback)', () => {
    const { patched } = admit(pod({ containers: [agent()] }));
    expect(patched!.metadata.annotations).toMatchObject({
      'traffic.sidecar.istio.io/excludeInboundPorts': '8787',
      'config.linkerd.io/skip-inbound-ports': '8787',
    });
    const own = admit(
      pod(
        { containers: [agent({ ports: [{ containerPort: 8787 }] })] },
        { annotations: { 'traffic.sidecar.istio.io/excludeInboundPorts': '15020, 9090' } },
      ),
    ).patched!;
    expect(own.metadata.annotations!['traffic.sidecar.istio.io/excludeInboundPorts']).toBe('15020,9090,8788');
  });

  it('agent-guard.io/mesh-order: before puts it first', () => {
    const p = istio();
    (p.metadata as Json).annotations = { 'agent-guard.io/mesh-order': 'before' };
    expect(admit(p).patched!.spec.initContainers!.map((c) => c.name)[0]).toBe('agent-guard');
  });

  it('a Linkerd pod whose proxy is the last init container: the sidecar goes after it', () => {
    const p = pod({
      initContainers: [
        { name: 'linkerd-init', image: 'l' },
        { name: 'linkerd-proxy', image: 'l', restartPolicy: 'Always' },
      ],
      containers: [agent()],
    });
    expect(admit(p).patched!.spec.initContainers!.map((c) => c.name)).toEqual([
      'linkerd-init',
      'linkerd-proxy',
      'agent-guard',
    ]);
  });

  it('image pull secrets for the sidecar are added once, keeping the pod own', () => {
    const { patched } = admit(
      pod({ containers: [agent()], imagePullSecrets: [{ name: 'mine' }, { name: 'regcred' }] }),
      {
        inject: { imagePullSecrets: ['regcred', 'agent-guard-pull'] },
      },
    );
    expect(patched!.spec.imagePullSecrets).toEqual([
      { name: 'mine' },
      { name: 'regcred' },
      { name: 'agent-guard-pull' },
    ]);
    const fresh = admit(pod({ containers: [agent()] }), {
      inject: { imagePullSecrets: ['agent-guard-pull'] },
    });
    expect(fresh.patched!.spec.imagePullSecrets).toEqual([{ name: 'agent-guard-pull' }]);
  });

  it('a digest-pinned image is injected as given and recorded in the status', () => {
    const image = `ghcr.io/agent-guard/agent-guard@sha256:${'a'.repeat(64)}`;
    const { patched } = admit(pod({ containers: [agent()] }), { inject: { image } });
    expect((sidecarOf(patched!) as unknown as { image: string }).image).toBe(image);
    expect(JSON.parse(patched!.metadata.annotations!['agent-guard.io/status']!)).toMatchObject({ image });
  });

  it('an injected pod sent again (reinvocation, or a copy of its YAML) is left alone', () => {
    const { patched } = admit(pod({ containers: [agent()] }));
    const again = admit(patched as unknown as Json);
    expect(again.outcome).toEqual({ kind: 'skipped', reason: 'already injected' });
    expect(again.patched).toBeUndefined();
  });

  it('rejects a bad mesh-order annotation with a message naming it', () => {
    const p = pod({ containers: [agent()] }, { annotations: { 'agent-guard.io/mesh-order': 'first' } });
    const result = reviewAdmission(review(p), { namespaceEnabled: true, config });
    expect(result.review.response.allowed).toBe(false);
    expect(result.review.response.status?.message).toContain('agent-guard.io/mesh-order');
  });
});
