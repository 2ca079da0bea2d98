/**
 * The few Kubernetes API calls the injector makes (its own Secrets, its webhook's caBundle, the
 * server's version), over HTTPS with the pod's service-account token. No client library: the
 * calls are plain JSON, and the token is read per call because bound tokens rotate.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:https';

export interface KubeAnswer {
  readonly status: number;
  readonly body: unknown;
}

export interface KubeClient {
  /** The namespace the injector runs in (from the service-account mount). */
  readonly namespace: string;
  call(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<KubeAnswer>;
}

export const SERVICE_ACCOUNT_DIR = '/var/run/secrets/kubernetes.io/serviceaccount';

export interface InClusterOptions {
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Default SERVICE_ACCOUNT_DIR (tests point it at a temporary folder). */
  readonly dir?: string;
  /** Milliseconds per call. Default 5000. */
  readonly timeoutMs?: number;
}

/** A client for the API server this pod runs under, or null outside a cluster (no token or host). */
export function inClusterClient(options: InClusterOptions): KubeClient | null {
  const dir = options.dir ?? SERVICE_ACCOUNT_DIR;
  const host = options.env.KUBERNETES_SERVICE_HOST;
  const port = options.env.KUBERNETES_SERVICE_PORT ?? '443';
  let ca: string;
  let namespace: string;
  try {
    ca = readFileSync(`${dir}/ca.crt`, 'utf8');
    namespace = readFileSync(`${dir}/namespace`, 'utf8').trim();
    readFileSync(`${dir}/token`, 'utf8');
  } catch {
    return null;
  }
  if (!host) return null;
  const origin = `https://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const timeoutMs = options.timeoutMs ?? 5_000;
  return {
    namespace,
    call: (method, path, body) =>
      new Promise<KubeAnswer>((resolve, reject) => {
        const token = readFileSync(`${dir}/token`, 'utf8').trim();
        const text = body === undefined ? undefined : JSON.stringify(body);
        const req = request(
          `${origin}${path}`,
          {
            method,
            ca,
            timeout: timeoutMs,
            headers: {
              authorization: `Bearer ${token}`,
              accept: 'application/json',
              ...(text === undefined
                ? {}
                : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              const raw = Buffer.concat(chunks).toString('utf8');
              let parsed: unknown = raw;
              try {
                parsed = JSON.parse(raw) as unknown;
              } catch {
                // Not JSON (a proxy's error page): kept as text for the message.
              }
              resolve({ status: res.statusCode ?? 0, body: parsed });
            });
            res.on('error', reject);
          },
        );
        req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer in ${timeoutMs} ms`)));
        req.on('error', reject);
        req.end(text);
      }),
  };
}

/** `major.minor` of the API server (`/version`), or null when it cannot be read. */
export async function serverVersion(
  kube: KubeClient,
): Promise<{ readonly major: number; readonly minor: number } | null> {
  const answer = await kube.call('GET', '/version');
  if (answer.status !== 200 || typeof answer.body !== 'object' || answer.body === null) return null;
  const body = answer.body as { major?: unknown; minor?: unknown; gitVersion?: unknown };
  // Managed clusters report minor as "29+"; gitVersion (v1.29.3-eks-...) is the fallback.
  const fromGit = typeof body.gitVersion === 'string' ? /^v?(\d+)\.(\d+)/.exec(body.gitVersion) : null;
  const text = (value: unknown, fallback: string | undefined): string =>
    typeof value === 'string' ? value : (fallback ?? '');
  const major = Number.parseInt(text(body.major, fromGit?.[1]), 10);
  const minor = Number.parseInt(text(body.minor, fromGit?.[2]), 10);
  return Number.isFinite(major) && Number.isFinite(minor) ? { major, minor } : null;
}

/** A failed call, with the API server's own message (never the token). */
export function kubeError(what: string, answer: KubeAnswer): Error {
  const message =
    typeof answer.body === 'object' && answer.body !== null && 'message' in answer.body
      ? String(answer.body.message)
      : String(answer.body).slice(0, 200);
  return new Error(`${what}: HTTP ${answer.status}: ${message}`);
}
