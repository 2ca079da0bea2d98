/**
 * The injector's HTTPS listener: POST /mutate (namespace labelled for injection), POST
 * /mutate/opt-in (namespace not labelled: only pods that opt in), GET /health and /ready. Every
 * review answers 200 with an AdmissionReview, as the API server expects, whatever the input.
 */
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Config } from '../config/schema.js';
import type { Logger } from '../telemetry/logger.js';
import { INJECTOR_OUTCOME, RELOAD_RESULT } from '../telemetry/label-values.js';
import { METRIC } from '../telemetry/metric-names.js';
import { reviewAdmission, type AdmissionResponse } from './admission.js';
import { certificateExpiry } from './certs.js';
import { CertReloader, readTlsPair } from './tls.js';

export interface InjectServerOptions {
  readonly config: Config['inject'];
  readonly logger: Logger;
  readonly registry: Registry;
  /** How often to look for renewed certificate files. Default 5000 ms. */
  readonly certReloadIntervalMs?: number;
}

export interface InjectServer {
  readonly url: string;
  readonly server: Server;
  /** Poll the certificate files now (tests; normally on a timer). */
  reloadCertificates(): Promise<void>;
  close(): Promise<void>;
}

const ROUTES: Readonly<Record<string, boolean>> = { '/mutate': true, '/mutate/opt-in': false };

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json'): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function reviewError(message: string): AdmissionResponse {
  return {
    apiVersion: 'admission.k8s.io/v1',
    kind: 'AdmissionReview',
    response: { uid: '', allowed: false, status: { code: 400, message: `agent-guard injector: ${message}` } },
  };
}

/** Reads at most `limit` bytes; resolves null when the body is larger (and stops reading). */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export async function startInjectServer(options: InjectServerOptions): Promise<InjectServer> {
  const { config, logger, registry } = options;
  const reviews = new Counter({
    name: METRIC.injectorReviewsTotal,
    help: 'AdmissionReviews answered by the sidecar injector.',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const reloads = new Counter({
    name: METRIC.injectorCertReloadsTotal,
    help: 'TLS certificate reloads of the injector.',
    labelNames: ['result'],
    registers: [registry],
  });

  const expiry = new Gauge({
    name: METRIC.injectorCertExpiryTimestampSeconds,
    help: 'Expiry of the certificate the injector serves, seconds since the epoch.',
    registers: [registry],
  });
  const noteExpiry = (cert: string): void => {
    const at = certificateExpiry(cert);
    if (at !== null) expiry.set(at);
  };

  const initial = await readTlsPair(config.certFile, config.keyFile);
  noteExpiry(initial.cert);

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (req.method === 'GET' && (path === '/health' || path === '/ready')) {
      send(res, 200, { status: 'ok' });
      return;
    }
    if (req.method === 'GET' && path === '/metrics') {
      const text = await registry.metrics();
      res.writeHead(200, { 'content-type': registry.contentType });
      res.end(text);
      return;
    }
    const namespaceEnabled = ROUTES[path];
    if (namespaceEnabled === undefined) {
      send(res, 404, { type: 'about:blank', title: 'Not Found', status: 404 }, 'application/problem+json');
      return;
    }
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      send(
        res,
        405,
        { type: 'about:blank', title: 'Method Not Allowed', status: 405 },
        'application/problem+json',
      );
      return;
    }
    const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/json') {
      reviews.inc({ outcome: INJECTOR_OUTCOME.malformed });
      send(res, 200, reviewError('content-type must be application/json'));
      return;
    }
    const body = await readBody(req, config.maxBodyBytes);
    if (body === null) {
      reviews.inc({ outcome: INJECTOR_OUTCOME.malformed });
      send(res, 200, reviewError(`body exceeds ${config.maxBodyBytes} bytes`));
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8')) as unknown;
    } catch {
      reviews.inc({ outcome: INJECTOR_OUTCOME.malformed });
      send(res, 200, reviewError('body is not valid JSON'));
      return;
    }
    const { review, outcome } = reviewAdmission(parsed, { namespaceEnabled, config });
    reviews.inc({ outcome: outcome.kind });
    logger.info(
      {
        uid: review.response.uid,
        outcome: outcome.kind,
        reason: 'reason' in outcome ? outcome.reason : undefined,
        namespace: (parsed as { request?: { namespace?: unknown } }).request?.namespace,
      },
      'admission review',
    );
    send(res, 200, review);
  };

  const server = createServer({ cert: initial.cert, key: initial.key, minVersion: 'TLSv1.2' }, (req, res) => {
    handle(req, res).catch((err: unknown) => {
      logger.error({ err }, 'injector request failed');
      if (!res.headersSent) send(res, 200, reviewError('internal error'));
      else res.destroy();
    });
  });
  server.requestTimeout = 10_000;
  server.headersTimeout = 5_000;

  const reloader = new CertReloader(initial, {
    certFile: config.certFile,
    keyFile: config.keyFile,
    intervalMs: options.certReloadIntervalMs ?? 5_000,
    apply: (pair) => {
      server.setSecureContext({ cert: pair.cert, key: pair.key, minVersion: 'TLSv1.2' });
      noteExpiry(pair.cert);
    },
    onReload: (result) => {
      reloads.inc({ result: result.ok ? RELOAD_RESULT.ok : RELOAD_RESULT.failed });
      if (result.ok) logger.info('injector certificate reloaded');
      else
        logger.error(
          { reason: result.reason },
          'injector certificate reload failed; keeping the previous one',
        );
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  reloader.start();
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `https://${host}:${address.port}`;
  logger.info({ url }, `agent-guard injector listening on ${url}`);

  return {
    url,
    server,
    reloadCertificates: () => reloader.check(),
    close: () =>
      new Promise<void>((resolve) => {
        reloader.stop();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
