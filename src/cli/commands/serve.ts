/**
 * `agent-guard serve [--config FILE] [--host H] [--port N]`: the API and the sidecar proxy on one
 * listener (src/server.ts). Flags win over the file (`--config` or AGENT_GUARD_CONFIG) and the
 * environment. SIGTERM/SIGINT drain in-flight requests for server.shutdownGraceMs and exit 0; a
 * second signal exits at once.
 */
import { EXIT, type CliCommand } from '../command.js';
import { parseOptions, parsePort } from '../input.js';

const USAGE = `Usage: agent-guard serve [--config FILE] [--host H] [--port N]

Serve /api/v1 (sanitize, validate, gate, health), /metrics, /.well-known/* and the sidecar proxy
on one port. Default 127.0.0.1:8787. --config (or AGENT_GUARD_CONFIG) names a YAML or JSON file;
--host and --port override it and the environment. See docs/api.md and docs/configuration.md.`;

export const serveCommand: CliCommand = {
  name: 'serve',
  usage: USAGE,
  async run(argv, io) {
    const { values } = parseOptions({
      args: [...argv],
      options: { config: { type: 'string' }, host: { type: 'string' }, port: { type: 'string' } },
      strict: true,
    });
    const server: Record<string, unknown> = {};
    if (values.host !== undefined) server.host = values.host;
    if (values.port !== undefined) server.port = parsePort(values.port);
    const [{ loadConfig }, { startServer }] = await Promise.all([
      import('../../config/load.js'),
      import('../../server.js'),
    ]);
    const config = loadConfig({
      file: values.config,
      env: io.env,
      cwd: io.cwd,
      overrides: Object.keys(server).length > 0 ? { server } : {},
    });
    const running = await startServer(config, { cwd: io.cwd });
    await new Promise<void>((resolve) => {
      let stopping = false;
      const onSignal = (signal: NodeJS.Signals): void => {
        if (stopping) {
          running.logger.warn({ signal }, 'second signal: exiting now');
          process.exit(EXIT.usage);
        }
        stopping = true;
        running.logger.info({ signal }, 'signal received');
        running.close().then(resolve, resolve);
      };
      process.on('SIGTERM', onSignal);
      process.on('SIGINT', onSignal);
    });
    return EXIT.ok;
  },
};
