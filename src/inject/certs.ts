/**
 * The webhook's own CA and serving certificate, made at run time (never at `helm template` time,
 * so renders stay byte-identical). ECDSA P-256; the CA lives ten times longer than the serving
 * certificate, so a renewal re-signs with the same CA and the webhook's caBundle stays put.
 */
import { webcrypto, X509Certificate } from 'node:crypto';
import * as x509 from '@peculiar/x509';

type CryptoKey = webcrypto.CryptoKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const DAY_MS = 86_400_000;

export interface WebhookTls {
  /** PEM: the serving certificate. */
  readonly cert: string;
  /** PEM PKCS#8: the serving key. */
  readonly key: string;
  /** PEM: the CA certificate (the webhook's caBundle). */
  readonly caCert: string;
  /** PEM PKCS#8: the CA key (kept in the Secret so renewals re-sign with the same CA). */
  readonly caKey: string;
}

function pem(label: string, der: ArrayBuffer): string {
  const b64 = Buffer.from(der).toString('base64');
  return `-----BEGIN ${label}-----\n${b64.replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END ${label}-----\n`;
}

function der(text: string): ArrayBuffer {
  const b64 = text.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
  const bytes = Buffer.from(b64, 'base64');
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
}

function serial(): string {
  // Positive 16-byte serial (RFC 5280: at most 20 octets, non-negative).
  const bytes = webcrypto.getRandomValues(new Uint8Array(16));
  bytes[0] = (bytes[0]! & 0x7f) | 0x01;
  return Buffer.from(bytes).toString('hex');
}

async function keyPair(): Promise<CryptoKeyPair> {
  return await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']);
}

async function exportKey(key: CryptoKey): Promise<string> {
  return pem('PRIVATE KEY', await webcrypto.subtle.exportKey('pkcs8', key));
}

async function importKey(text: string): Promise<CryptoKey> {
  return webcrypto.subtle.importKey('pkcs8', der(text), ALGORITHM, true, ['sign']);
}

/** The DNS names the API server uses to reach a Service. */
export function serviceDnsNames(service: string, namespace: string): string[] {
  return [
    service,
    `${service}.${namespace}`,
    `${service}.${namespace}.svc`,
    `${service}.${namespace}.svc.cluster.local`,
  ];
}

export interface IssueOptions {
  readonly dnsNames: readonly string[];
  readonly validityDays: number;
  readonly now: Date;
  /** Reuse this CA (PEMs) when given; else make a new one. */
  readonly ca?: { readonly cert: string; readonly key: string };
}

export async function issueWebhookTls(options: IssueOptions): Promise<WebhookTls> {
  const { now, validityDays } = options;
  // Backdated a little: the API server's clock may be behind ours.
  const notBefore = new Date(now.getTime() - 5 * 60_000);
  let caCert: x509.X509Certificate;
  let caKey: CryptoKey;
  if (options.ca) {
    caCert = new x509.X509Certificate(options.ca.cert);
    caKey = await importKey(options.ca.key);
  } else {
    const keys = await keyPair();
    caKey = keys.privateKey;
    caCert = await x509.X509CertificateGenerator.createSelfSigned({
      serialNumber: serial(),
      name: `CN=agent-guard-injector-ca`,
      notBefore,
      notAfter: new Date(now.getTime() + validityDays * 10 * DAY_MS),
      signingAlgorithm: ALGORITHM,
      keys,
      extensions: [
        new x509.BasicConstraintsExtension(true, 0, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      ],
    });
  }
  const leafKeys = await keyPair();
  const leaf = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: `CN=${options.dnsNames[2] ?? options.dnsNames[0] ?? 'agent-guard-injector'}`,
    issuer: caCert.subject,
    notBefore,
    notAfter: new Date(now.getTime() + validityDays * DAY_MS),
    signingAlgorithm: ALGORITHM,
    publicKey: leafKeys.publicKey,
    signingKey: caKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension(options.dnsNames.map((value) => ({ type: 'dns', value }))),
    ],
  });
  return {
    cert: leaf.toString('pem') + '\n',
    key: await exportKey(leafKeys.privateKey),
    caCert: options.ca ? options.ca.cert : caCert.toString('pem') + '\n',
    caKey: options.ca ? options.ca.key : await exportKey(caKey),
  };
}

/** Seconds since the epoch when the first certificate of a PEM chain expires; null if unreadable. */
export function certificateExpiry(pemText: string): number | null {
  try {
    return Math.floor(new Date(new X509Certificate(pemText).validTo).getTime() / 1000);
  } catch {
    return null;
  }
}

/** Whether the serving pair is usable until `renewAt` and was signed by `caCert` for `dnsNames`. */
export function stillGood(tls: WebhookTls, dnsNames: readonly string[], renewAt: Date): boolean {
  try {
    const leaf = new X509Certificate(tls.cert);
    const ca = new X509Certificate(tls.caCert);
    if (!leaf.verify(ca.publicKey)) return false;
    if (new Date(leaf.validTo).getTime() <= renewAt.getTime()) return false;
    if (new Date(ca.validTo).getTime() <= renewAt.getTime()) return false;
    return dnsNames.every((name) => leaf.checkHost(name, { subject: 'never' }) === name);
  } catch {
    return false;
  }
}
