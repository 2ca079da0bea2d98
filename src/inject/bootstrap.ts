/**
 * What the injector sets up in its cluster at start (issue 27), instead of Helm generating keys at
 * template time: its webhook serving certificate (kept in a Secret, renewed before expiry, the
 * webhook's caBundle patched to match, as Istio's and Vault's injectors do) and the receipt signing
 * key (created once when missing, copied to agent namespaces that lack it, never regenerated).
 * Replicas race safely: writes carry resourceVersion or are creates, and a 409 means another
 * replica won, whose result is read back and used.
 */
import { generateKeyPairSync } from 'node:crypto';
import { issueWebhookTls, serviceDnsNames, stillGood, type WebhookTls } from './certs.js';
import { kubeError, type KubeClient } from './kube.js';

const DAY_MS = 86_400_000;

interface SecretObject {
  readonly metadata?: { readonly resourceVersion?: string };
  readonly data?: Readonly<Record<string, string>>;
}

const secretsPath = (namespace: string): string => `/api/v1/namespaces/${namespace}/secrets`;
const b64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');
const unb64 = (text: string | undefined): string | undefined =>
  text === undefined ? undefined : Buffer.from(text, 'base64').toString('utf8');

function tlsFromSecret(secret: SecretObject): WebhookTls | null {
  const data = secret.data ?? {};
  const cert = unb64(data['tls.crt']);
  const key = unb64(data['tls.key']);
  const caCert = unb64(data['ca.crt']);
  const caKey = unb64(data['ca.key']);
  return cert && key && caCert && caKey ? { cert, key, caCert, caKey } : null;
}

export interface WebhookTlsOptions {
  readonly secret: string;
  readonly service: string;
  readonly webhookConfiguration: string;
  readonly validityDays: number;
  readonly now: Date;
}

export interface WebhookTlsResult {
  readonly tls: WebhookTls;
  /** created: a new pair written; renewed: replaced one near expiry; kept: the stored one is good. */
  readonly action: 'created' | 'renewed' | 'kept' | 'adopted';
  readonly caBundlePatched: boolean;
}

/** Reads the stored pair, renews it when a third of its life is left, and keeps caBundle current. */
export async function ensureWebhookTls(
  kube: KubeClient,
  options: WebhookTlsOptions,
): Promise<WebhookTlsResult> {
  const namespace = kube.namespace;
  const dnsNames = serviceDnsNames(options.service, namespace);
  const renewAt = new Date(options.now.getTime() + (options.validityDays * DAY_MS) / 3);
  const path = `${secretsPath(namespace)}/${options.secret}`;

  const got = await kube.call('GET', path);
  if (got.status !== 200 && got.status !== 404) throw kubeError(`reading Secret ${options.secret}`, got);
  const stored = got.status === 200 ? (got.body as SecretObject) : null;
  const current = stored ? tlsFromSecret(stored) : null;

  let tls: WebhookTls;
  let action: WebhookTlsResult['action'];
  if (current && stillGood(current, dnsNames, renewAt)) {
    tls = current;
    action = 'kept';
  } else {
    // Re-sign with the stored CA while it outlives the new certificate; else start a new CA.
    const caOutlives =
      current !== null &&
      stillGood(
        { ...current, cert: current.caCert },
        [],
        new Date(options.now.getTime() + options.validityDays * DAY_MS * 2),
      );
    tls = await issueWebhookTls({
      dnsNames,
      validityDays: options.validityDays,
      now: options.now,
      ...(caOutlives && current ? { ca: { cert: current.caCert, key: current.caKey } } : {}),
    });
    const body = {
      apiVersion: 'v1',
      kind: 'Secret',
      type: 'kubernetes.io/tls',
      metadata: {
        name: options.secret,
        namespace,
        labels: { 'app.kubernetes.io/part-of': 'agent-guard', 'app.kubernetes.io/component': 'injector' },
        ...(stored?.metadata?.resourceVersion ? { resourceVersion: stored.metadata.resourceVersion } : {}),
      },
      data: {
        'tls.crt': b64(tls.cert),
        'tls.key': b64(tls.key),
        'ca.crt': b64(tls.caCert),
        'ca.key': b64(tls.caKey),
      },
    };
    const written = stored
      ? await kube.call('PUT', path, body)
      : await kube.call('POST', secretsPath(namespace), body);
    if (written.status === 409) {
      // Another replica wrote first: use its pair.
      const again = await kube.call('GET', path);
      const theirs = again.status === 200 ? tlsFromSecret(again.body as SecretObject) : null;
      if (!theirs || !stillGood(theirs, dnsNames, options.now))
        throw kubeError(`reading Secret ${options.secret}`, again);
      tls = theirs;
      action = 'adopted';
    } else if (written.status >= 200 && written.status < 300) {
      action = stored ? 'renewed' : 'created';
    } else {
      throw kubeError(`writing Secret ${options.secret}`, written);
    }
  }
  const caBundlePatched = await ensureCaBundle(
    kube,
    options.webhookConfiguration,
    options.service,
    tls.caCert,
  );
  return { tls, action, caBundlePatched };
}

interface WebhookObject {
  readonly webhooks?: {
    clientConfig?: { caBundle?: string; service?: { name?: string; namespace?: string } };
  }[];
}

/** Sets caBundle on every webhook of the configuration that calls our Service; true when it changed. */
export async function ensureCaBundle(
  kube: KubeClient,
  name: string,
  service: string,
  caCert: string,
): Promise<boolean> {
  const path = `/apis/admissionregistration.k8s.io/v1/mutatingwebhookconfigurations/${name}`;
  const bundle = b64(caCert);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const got = await kube.call('GET', path);
    if (got.status !== 200) throw kubeError(`reading MutatingWebhookConfiguration ${name}`, got);
    const config = got.body as WebhookObject;
    let changed = false;
    for (const hook of config.webhooks ?? []) {
      const ref = hook.clientConfig?.service;
      if (!hook.clientConfig || ref?.name !== service || ref.namespace !== kube.namespace) continue;
      if (hook.clientConfig.caBundle !== bundle) {
        hook.clientConfig.caBundle = bundle;
        changed = true;
      }
    }
    if (!changed) return false;
    const put = await kube.call('PUT', path, config);
    if (put.status >= 200 && put.status < 300) return true;
    // 409: the object changed under us (another replica, or Helm); read it again.
    if (put.status !== 409) throw kubeError(`updating MutatingWebhookConfiguration ${name}`, put);
  }
  throw new Error(`updating MutatingWebhookConfiguration ${name}: still conflicting after 3 attempts`);
}

export interface SigningKeyResult {
  /** Namespaces where a Secret was created now. */
  readonly created: readonly string[];
}

/** A new Ed25519 signing key, PKCS#8 PEM (what AGENT_GUARD_SIGNING_KEY reads). */
export function newSigningKey(): string {
  return generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/**
 * The signing key Secret exists in the injector's namespace (created once, here, when missing) and
 * in each of `copyTo` (a copy of the same key where missing). An existing Secret is never changed.
 */
export async function ensureSigningKey(
  kube: KubeClient,
  options: { readonly secret: string; readonly copyTo: readonly string[]; readonly generate?: () => string },
): Promise<SigningKeyResult> {
  const created: string[] = [];
  const read = async (namespace: string): Promise<string | null> => {
    const got = await kube.call('GET', `${secretsPath(namespace)}/${options.secret}`);
    if (got.status === 404) return null;
    if (got.status !== 200) throw kubeError(`reading Secret ${namespace}/${options.secret}`, got);
    const key = (got.body as SecretObject).data?.['signing-key'];
    if (!key) throw new Error(`Secret ${namespace}/${options.secret} has no signing-key entry`);
    return key;
  };
  const create = async (namespace: string, key: string): Promise<boolean> => {
    const answer = await kube.call('POST', secretsPath(namespace), {
      apiVersion: 'v1',
      kind: 'Secret',
      type: 'Opaque',
      metadata: {
        name: options.secret,
        namespace,
        labels: { 'app.kubernetes.io/part-of': 'agent-guard' },
      },
      data: { 'signing-key': key },
    });
    if (answer.status === 409) return false;
    if (answer.status < 200 || answer.status >= 300)
      throw kubeError(`creating Secret ${namespace}/${options.secret}`, answer);
    created.push(namespace);
    return true;
  };

  let key = await read(kube.namespace);
  if (key === null) {
    const fresh = b64((options.generate ?? newSigningKey)());
    // Lost the race to another replica: theirs is the key.
    key = (await create(kube.namespace, fresh)) ? fresh : await read(kube.namespace);
    if (key === null)
      throw new Error(`Secret ${kube.namespace}/${options.secret} vanished while creating it`);
  }
  for (const namespace of new Set(options.copyTo)) {
    if (namespace === kube.namespace) continue;
    if ((await read(namespace)) === null) await create(namespace, key);
  }
  return { created };
}
