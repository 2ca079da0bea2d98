/**
 * An in-memory stand-in for the few API server paths the injector calls, with the API server's
 * concurrency rules: POST of an existing name is 409, PUT with a stale resourceVersion is 409.
 */
import type { KubeAnswer, KubeClient } from '../../src/inject/kube.js';

type Obj = Record<string, unknown> & { metadata?: Record<string, unknown> };

export class FakeKube implements KubeClient {
  readonly objects = new Map<string, Obj>();
  readonly calls: string[] = [];
  version: unknown = { major: '1', minor: '30', gitVersion: 'v1.30.2' };
  #rv = 1;

  constructor(readonly namespace = 'agent-guard') {}

  put(path: string, obj: Obj): void {
    this.objects.set(path, { ...obj, metadata: { ...obj.metadata, resourceVersion: String(this.#rv++) } });
  }

  async call(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<KubeAnswer> {
    this.calls.push(`${method} ${path}`);
    // Another replica may run between our calls.
    await new Promise((resolve) => setImmediate(resolve));
    if (path === '/version') return { status: 200, body: this.version };
    const copy = (o: unknown): Obj => JSON.parse(JSON.stringify(o)) as Obj;
    if (method === 'GET') {
      const found = this.objects.get(path);
      return found ? { status: 200, body: copy(found) } : { status: 404, body: { message: 'not found' } };
    }
    const obj = copy(body);
    if (method === 'POST') {
      const at = `${path}/${String(obj.metadata?.name)}`;
      if (this.objects.has(at)) return { status: 409, body: { message: 'already exists' } };
      if (/^\/api\/v1\/namespaces\/forbidden\//.test(path))
        return { status: 403, body: { message: 'forbidden' } };
      this.put(at, obj);
      return { status: 201, body: copy(this.objects.get(at)) };
    }
    const current = this.objects.get(path);
    if (!current) return { status: 404, body: { message: 'not found' } };
    if (obj.metadata?.resourceVersion !== current.metadata?.resourceVersion)
      return { status: 409, body: { message: 'the object has been modified' } };
    this.put(path, obj);
    return { status: 200, body: copy(this.objects.get(path)) };
  }
}

export const WEBHOOK_PATH = '/apis/admissionregistration.k8s.io/v1/mutatingwebhookconfigurations/agent-guard';

/** The chart's two webhooks (no caBundle: the injector fills it) and one of somebody else's. */
export function webhookConfiguration(): Obj {
  const hook = (name: string, path: string): Obj => ({
    name,
    clientConfig: { service: { name: 'agent-guard-injector', namespace: 'agent-guard', path, port: 443 } },
  });
  return {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: 'MutatingWebhookConfiguration',
    metadata: { name: 'agent-guard' },
    webhooks: [
      hook('namespace.inject.agent-guard.io', '/mutate'),
      hook('pod.inject.agent-guard.io', '/mutate/opt-in'),
      {
        name: 'other.example.com',
        clientConfig: { service: { name: 'other', namespace: 'x' }, caBundle: 'b3RoZXI=' },
      },
    ],
  };
}
