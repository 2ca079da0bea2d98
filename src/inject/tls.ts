/**
 * Serves TLS from certificate files that change under it (cert-manager renewals, Kubernetes
 * Secret volume updates, which swap a symlink rather than rewrite the file, so a poll of the
 * contents is the reliable signal). A bad pair is reported and the last good one kept.
 */
import { readFile } from 'node:fs/promises';
import { createSecureContext } from 'node:tls';

export interface TlsPair {
  readonly cert: string;
  readonly key: string;
}

export interface CertReloaderOptions {
  readonly certFile: string;
  readonly keyFile: string;
  readonly intervalMs: number;
  /** Install a newly validated pair (https.Server#setSecureContext). */
  readonly apply: (pair: TlsPair) => void;
  readonly onReload: (result: { ok: true } | { ok: false; reason: string }) => void;
}

export async function readTlsPair(certFile: string, keyFile: string): Promise<TlsPair> {
  const [cert, key] = await Promise.all([readFile(certFile, 'utf8'), readFile(keyFile, 'utf8')]);
  // Throws when the key does not match the certificate or either is not PEM.
  createSecureContext({ cert, key });
  return { cert, key };
}

export class CertReloader {
  readonly #options: CertReloaderOptions;
  #current: TlsPair;
  #timer: NodeJS.Timeout | undefined;
  #busy = false;

  constructor(initial: TlsPair, options: CertReloaderOptions) {
    this.#current = initial;
    this.#options = options;
  }

  start(): void {
    this.#timer = setInterval(() => void this.check(), this.#options.intervalMs);
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** One poll: reload when either file's content changed. Resolves after the attempt. */
  async check(): Promise<void> {
    if (this.#busy) return;
    this.#busy = true;
    try {
      let next: TlsPair;
      try {
        const [cert, key] = await Promise.all([
          readFile(this.#options.certFile, 'utf8'),
          readFile(this.#options.keyFile, 'utf8'),
        ]);
        if (cert === this.#current.cert && key === this.#current.key) return;
        createSecureContext({ cert, key });
        next = { cert, key };
      } catch (err) {
        const reason =
          (err as NodeJS.ErrnoException).code ?? (err instanceof Error ? err.message : 'invalid');
        this.#options.onReload({ ok: false, reason });
        return;
      }
      this.#options.apply(next);
      this.#current = next;
      this.#options.onReload({ ok: true });
    } finally {
      this.#busy = false;
    }
  }
}
