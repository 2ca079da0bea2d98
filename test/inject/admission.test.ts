import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import jsonpatch from 'fast-json-patch';
import { Pod } from 'kubernetes-models/v1';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { reviewAdmission } from '../../src/inject/admission.js';
import type { JsonPatchOp } from '../../src/inject/pod.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/inject');
const config = loadConfig({ env: {} }).inject;

function fixture(name: string): { request: { uid: string; object: Record<string, unknown> } } {
  return JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')) as {
    request: { uid: string; object: Record<string, unknown> };
  };
}

interface PodShape {
  metadata: { annotations?: Record<string, string> };
  spec: {
    containers: { name: string; env?: { name: string; value?: string; valueFrom?: unknown }[] }[];
    initContainers?: { name: string; restartPolicy?: string; securityContext?: Record<string, unknown> }[];
    volumes?: { name: string }[];
  };
}

/** Apply the response's patch to the request's pod and validate the result against the Pod schema. */
function patched(name: string, namespaceEnabled = true): { pod: PodShape; ops: JsonPatchOp[] } {
  const review = fixture(name);
  const { review: answer } = reviewAdmission(review, { namespaceEnabled, config });
  expect(answer.response.uid).toBe(review.request.uid);
  expect(answer.response.allowed).toBe(true);
  expect(answer.response.patchType).toBe('JSONPatch');
  const ops = JSON.parse(Buffer.from(answer.response.patch!, 'base64').toString('utf8')) as JsonPatchOp[];
  const original = structuredClone(review.request.object);
  const result = jsonpatch.applyPatch(structuredClone(original), ops as jsonpatch.Operation[], true, false)
    .newDocument as unknown as PodShape;
  new Pod(result as never).validate();
  expect(review.request.object).toEqual(original);
  return { pod: result, ops };
}

function envOf(pod: PodShape, container: string): Record<string, string | undefined> {
  const c = pod.spec.containers.find((x) => x.name === container)!;
  return Object.fromEntries((c.env ?? []).map((e) => [e.name, e.value]));
}

describe('sidecar injection patches', () => {
  it('injects a native sidecar into a pod of a labelled namespace', () => {
    const { pod } = patched('labelled-namespace.json');
    const sidecar = pod.spec.initContainers![0]!;
    expect(sidecar.name).toBe('agent-guard');
    expect(sidecar.restartPolicy).toBe('Always');
    expect(sidecar.securityContext).toMatchObject({
      runAsNonRoot: true,
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
      capabilities: { drop: ['ALL'] },
    });
    expect(envOf(pod, 'agent')).toMatchObject({
      OPENAI_BASE_URL: 'http://127.0.0.1:8787/openai/v1',
      ANTHROPIC_BASE_URL: 'http://127.0.0.1:8787/anthropic',
    });
    expect(envOf(pod, 'agent').HTTP_PROXY).toBeUndefined();
    expect(JSON.parse(pod.metadata.annotations!['agent-guard.io/status']!)).toMatchObject({
      state: 'injected',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      image: config.image,
      container: 'agent-guard',
      port: 8787,
    });
    expect(pod.metadata.annotations).toMatchObject({
      'prometheus.io/scrape': 'true',
      'prometheus.io/port': '8787',
    });
    expect(pod.spec.volumes!.map((v) => v.name)).toEqual(['agent-guard-policy', 'agent-guard-tmp']);
  });

  it('leaves an opted-out pod alone even in a labelled namespace', () => {
    const { review, outcome } = reviewAdmission(fixture('opt-out.json'), { namespaceEnabled: true, config });
    expect(review.response).toEqual({ uid: fixture('opt-out.json').request.uid, allowed: true });
    expect(outcome).toEqual({ kind: 'skipped', reason: 'opted out' });
  });

  it('injects an opted-in pod of an unlabelled namespace, honouring its mode annotation', () => {
    const { pod } = patched('opt-in.json', false);
    const sidecar = pod.spec.initContainers![0]! as unknown as { env: { name: string; value?: string }[] };
    expect(sidecar.env.find((e) => e.name === 'AGENT_GUARD_PROXY_MODE')?.value).toBe('audit');
  });

  it('does not inject an unlabelled namespace pod that did not opt in', () => {
    const { outcome } = reviewAdmission(fixture('labelled-namespace.json'), {
      namespaceEnabled: false,
      config,
    });
    expect(outcome.kind).toBe('skipped');
  });

  it.each([
    ['already-injected.json', 'already injected'],
    ['host-network.json', 'host network pod'],
  ])('skips %s', (name, reason) => {
    const { review, outcome } = reviewAdmission(fixture(name), { namespaceEnabled: true, config });
    expect(review.response.patch).toBeUndefined();
    expect(outcome).toEqual({ kind: 'skipped', reason });
  });

  it('keeps an OPENAI_BASE_URL the pod already sets, and adds the others', () => {
    const { pod } = patched('existing-openai-base-url.json');
    expect(envOf(pod, 'agent')).toMatchObject({
      OPENAI_BASE_URL: 'http://vllm.models.svc:8000/v1',
      ANTHROPIC_BASE_URL: 'http://127.0.0.1:8787/anthropic',
      LOG_LEVEL: 'debug',
    });
  });

  it('overrides existing values when the pod asks for it', () => {
    const review = fixture('existing-openai-base-url.json');
    (review.request.object.metadata as Record<string, unknown>).annotations = {
      'agent-guard.io/override-env': 'true',
    };
    const { review: answer } = reviewAdmission(review, { namespaceEnabled: true, config });
    const ops = JSON.parse(Buffer.from(answer.response.patch!, 'base64').toString()) as JsonPatchOp[];
    const pod = jsonpatch.applyPatch(structuredClone(review.request.object), ops as jsonpatch.Operation[])
      .newDocument as unknown as PodShape;
    expect(envOf(pod, 'agent').OPENAI_BASE_URL).toBe('http://127.0.0.1:8787/openai/v1');
  });

  it('sets the environment of every app container and keeps existing init containers after the sidecar', () => {
    const { pod } = patched('multiple-containers.json');
    for (const name of ['planner', 'executor', 'log-shipper']) {
      expect(envOf(pod, name).OPENAI_BASE_URL).toBe('http://127.0.0.1:8787/openai/v1');
    }
    const executor = pod.spec.containers.find((c) => c.name === 'executor')!;
    expect(executor.env!.find((e) => e.name === 'OPENAI_API_KEY')?.valueFrom).toBeDefined();
    expect(pod.spec.initContainers!.map((c) => c.name)).toEqual(['agent-guard', 'fetch-repo']);
    expect(pod.spec.volumes!.map((v) => v.name)).toEqual(['work', 'agent-guard-policy', 'agent-guard-tmp']);
  });

  it('adds a regular container when native sidecars are turned off, and proxy variables on request', () => {
    const review = fixture('labelled-namespace.json');
    (review.request.object.metadata as Record<string, unknown>).annotations = {
      'agent-guard.io/native-sidecar': 'false',
      'agent-guard.io/http-proxy': 'true',
    };
    const { review: answer } = reviewAdmission(review, { namespaceEnabled: true, config });
    const ops = JSON.parse(Buffer.from(answer.response.patch!, 'base64').toString()) as JsonPatchOp[];
    const pod = jsonpatch.applyPatch(structuredClone(review.request.object), ops as jsonpatch.Operation[])
      .newDocument as unknown as PodShape;
    new Pod(pod as never).validate();
    expect(pod.spec.initContainers).toBeUndefined();
    expect(pod.spec.containers.map((c) => c.name)).toEqual(['agent', 'agent-guard']);
    expect(envOf(pod, 'agent').HTTPS_PROXY).toBe('http://127.0.0.1:8787');
  });

  it('rejects invalid override annotations with a message naming each', () => {
    const { review, outcome } = reviewAdmission(fixture('bad-annotation.json'), {
      namespaceEnabled: true,
      config,
    });
    expect(review.response.allowed).toBe(false);
    expect(review.response.status?.message).toContain('agent-guard.io/mode');
    expect(review.response.status?.message).toContain('agent-guard.io/memory-limit');
    expect(outcome.kind).toBe('rejected');
  });

  it('answers every fixture deterministically', () => {
    for (const name of readdirSync(FIXTURES)) {
      const a = reviewAdmission(fixture(name), { namespaceEnabled: true, config });
      const b = reviewAdmission(fixture(name), { namespaceEnabled: true, config });
      expect(a).toEqual(b);
    }
  });
});

describe('malformed AdmissionReviews get a clear AdmissionReview answer', () => {
  const base = fixture('labelled-namespace.json');
  it.each([
    ['null', null, ''],
    ['an array', [1, 2], ''],
    ['a string', 'review', ''],
    ['the wrong kind', { ...base, kind: 'TokenReview' }, base.request.uid],
    ['the wrong version', { ...base, apiVersion: 'admission.k8s.io/v1beta1' }, base.request.uid],
    ['no request', { apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview' }, ''],
    ['no uid', { ...base, request: { ...base.request, uid: undefined } }, ''],
    ['a hostile uid', { ...base, request: { ...base.request, uid: '<script>' } }, ''],
    ['no object', { ...base, request: { ...base.request, object: undefined } }, base.request.uid],
    [
      'containers not a list',
      { ...base, request: { ...base.request, object: { spec: { containers: 'x' } } } },
      base.request.uid,
    ],
    [
      'unnamed container',
      { ...base, request: { ...base.request, object: { spec: { containers: [{}] } } } },
      base.request.uid,
    ],
  ])('%s', (_name, body, uid) => {
    const { review, outcome } = reviewAdmission(body, { namespaceEnabled: true, config });
    expect(review.apiVersion).toBe('admission.k8s.io/v1');
    expect(review.kind).toBe('AdmissionReview');
    expect(review.response.uid).toBe(uid);
    expect(review.response.allowed).toBe(false);
    expect(review.response.status?.message).toMatch(/^agent-guard injector: /);
    expect(outcome.kind).toBe('malformed');
  });

  it('allows non-pod and non-create requests without a patch', () => {
    const update = { ...base, request: { ...base.request, operation: 'UPDATE' } };
    expect(reviewAdmission(update, { namespaceEnabled: true, config }).review.response).toEqual({
      uid: base.request.uid,
      allowed: true,
    });
  });
});
