/**
 * `agent-guard inject`: serve the Kubernetes mutating admission webhook that adds the sidecar to
 * pods (src/inject/). Runs until SIGTERM/SIGINT.
 */
import { loadConfig } from '../../config/load.js';
import { inClusterClient } from '../../inject/kube.js';
import { startInjectServer } from '../../inject/server.js';
import { prepareInjector } from '../../inject/startup.js';
import { createLogger } from '../../telemetry/logger.js';
import { createRegistry } from '../../telemetry/registry.js';
import { EXIT, type CliCommand } from '../command.js';
import { parseOptions, parsePort } from '../input.js';

const USAGE = `Usage: agent-guard inject [--config FILE] [--port N] [--cert FILE] [--key FILE]

Serve the sidecar-injection webhook (AdmissionReview admission.k8s.io/v1) over HTTPS.
  POST /mutate         pods of namespaces labelled agent-guard.io/inject=enabled
  POST /mutate/opt-in  pods of other namespaces: injected only when they opt in
  GET  /health, /ready, /metrics
Certificates are read from --cert/--key (default /etc/agent-guard/tls/tls.crt and tls.key) and
reloaded when the files change. Settings: the inject.* keys in docs/configuration.md.`;

export const injectCommand: CliCommand = {
  name: 'inject',
  usage: USAGE,
  async run(argv, io) {
    const { values } = parseOptions({
      args: [...argv],
      options: {
        config: { type: 'string' },
        port: { type: 'string' },
        cert: { type: 'string' },
        key: { type: 'string' },
      },
      strict: true,
    });
    const inject: Record<string, unknown> = {};
    if (values.port !== undefined) inject.port = parsePort(values.port);
    if (values.cert !== undefined) inject.certFile = values.cert;
    if (values.key !== undefined) inject.keyFile = values.key;
    const config = loadConfig({ file: values.config, env: io.env, cwd: io.cwd, overrides: { inject } });
    const logger = createLogger({ level: config.server.logLevel, name: 'agent-guard-injector' });
    // Lines wait in a 15 KiB buffer (telemetry/logger.ts): flush them every second and at exit,
    // as `serve` does, so a review's line shows when it is written (issue 27).
    const flusher = setInterval(() => logger.flush(), 1000);
    flusher.unref();
    let running;
    let prepared;
    try {
      prepared = await prepareInjector({
        config: config.inject,
        logger,
        kube: inClusterClient({ env: io.env }),
      });
      running = await startInjectServer({ config: prepared.config, logger, registry: createRegistry() });
    } catch (err) {
      prepared?.stop();
      clearInterval(flusher);
      const reason =
        (err as NodeJS.ErrnoException).code ?? (err instanceof Error ? err.message : String(err));
      logger.error({ reason }, 'injector cannot start');
      logger.flush();
      io.stderr.write(`agent-guard inject: cannot start: ${reason}\n`);
      return EXIT.usage;
    }
    const stopPrepared = (): void => prepared.stop();
    await new Promise<void>((resolve) => {
      const stop = (): void => {
        stopPrepared();
        running.close().then(resolve, resolve);
      };
      process.once('SIGTERM', stop);
      process.once('SIGINT', stop);
    });
    clearInterval(flusher);
    logger.flush();
    return EXIT.ok;
  },
};
