/**
 * Runs before the webhook listens: checks the API server's version (native sidecars need 1.29),
 * creates the signing key Secret when asked, and in self-managed TLS mode writes the serving pair
 * the listener reads (and renews it on a timer; the listener's file poll picks up the change).
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Config } from '../config/schema.js';
import type { Logger } from '../telemetry/logger.js';
import { ensureSigningKey, ensureWebhookTls } from './bootstrap.js';
import { serverVersion, type KubeClient } from './kube.js';

type InjectConfig = Config['inject'];

/** Kubernetes 1.29 turned the SidecarContainers feature on by default (restartPolicy: Always). */
export const NATIVE_SIDECAR_MIN = { major: 1, minor: 29 } as const;

export interface PrepareOptions {
  readonly config: InjectConfig;
  readonly logger: Logger;
  /** The in-cluster API client, or null outside a cluster. */
  readonly kube: KubeClient | null;
  readonly now?: () => Date;
  /** How often the self-managed certificate is checked for renewal. Default one hour. */
  readonly refreshMs?: number;
}

export interface PreparedInjector {
  /** The settings to serve with (nativeSidecar may be turned off by the version check). */
  readonly config: InjectConfig;
  stop(): void;
}

function writeAtomic(file: string, text: string, mode: number): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, text, { mode });
  renameSync(tmp, file);
}

export async function prepareInjector(options: PrepareOptions): Promise<PreparedInjector> {
  const { logger, kube } = options;
  const now = options.now ?? (() => new Date());
  let config = options.config;
  const needsApi = config.tlsMode === 'self-managed' || config.signingKeyCreate;
  if (needsApi && !kube) {
    throw new Error(
      'inject.tlsMode self-managed and inject.signingKeyCreate need the Kubernetes API: run in a pod with its service-account token mounted',
    );
  }

  if (kube && config.kubeVersionCheck) {
    const version = await serverVersion(kube).catch(() => null);
    if (version === null) {
      logger.warn('could not read the API server version; keeping inject.nativeSidecar as configured');
    } else {
      const native =
        version.major > NATIVE_SIDECAR_MIN.major ||
        (version.major === NATIVE_SIDECAR_MIN.major && version.minor >= NATIVE_SIDECAR_MIN.minor);
      if (config.nativeSidecar && !native) {
        logger.warn(
          { kubernetes: `${version.major}.${version.minor}` },
          'the API server is older than 1.29: injecting the sidecar as a regular container, not a native sidecar',
        );
        config = { ...config, nativeSidecar: false };
      } else {
        logger.info(
          { kubernetes: `${version.major}.${version.minor}`, nativeSidecar: config.nativeSidecar },
          'API server version read',
        );
      }
    }
  }

  if (kube && config.signingKeyCreate) {
    const result = await ensureSigningKey(kube, {
      secret: config.signingKeySecret,
      copyTo: config.signingKeyNamespaces,
    });
    if (result.created.length > 0)
      logger.info(
        { namespaces: result.created, secret: config.signingKeySecret },
        'receipt signing key Secret created',
      );
  }

  let timer: NodeJS.Timeout | undefined;
  if (kube && config.tlsMode === 'self-managed') {
    const settings = config;
    const refresh = async (): Promise<void> => {
      const result = await ensureWebhookTls(kube, {
        secret: settings.tlsSecret,
        service: settings.serviceName,
        webhookConfiguration: settings.webhookConfiguration,
        validityDays: settings.certValidityDays,
        now: now(),
      });
      writeAtomic(settings.keyFile, result.tls.key, 0o600);
      writeAtomic(settings.certFile, result.tls.cert, 0o644);
      if (result.action !== 'kept' || result.caBundlePatched)
        logger.info(
          { action: result.action, caBundlePatched: result.caBundlePatched, secret: settings.tlsSecret },
          'webhook certificate ready',
        );
    };
    await refresh();
    timer = setInterval(() => {
      refresh().catch((err: unknown) =>
        logger.error(
          { reason: err instanceof Error ? err.message : String(err) },
          'webhook certificate renewal failed; retrying at the next check',
        ),
      );
    }, options.refreshMs ?? 3_600_000);
    timer.unref();
  }
  return {
    config,
    stop: () => {
      if (timer) clearInterval(timer);
    },
  };
}
