/**
 * Which compose project a `docker compose` / `docker-compose` command line acts on, and whether it
 * is production's. `down -v` of the workspace's own dev stack is the documented reset of a local
 * database (r1 FP); the same command on a production project deletes its data (r6).
 */

/** Options of `docker compose` / `docker-compose` that take a value (the engine's own included). */
const COMPOSE_VALUE: ReadonlySet<string> = new Set([
  '-f',
  '--file',
  '-p',
  '--project-name',
  '--project-directory',
  '--env-file',
  '--profile',
  '--ansi',
  '--parallel',
  '--progress',
  '-c',
  '--context',
  '-H',
  '--host',
]);

/** Options whose value names the project, its files or the engine it runs on. */
const NAMING: ReadonlySet<string> = new Set([
  '-f',
  '--file',
  '-p',
  '--project-name',
  '--project-directory',
  '--env-file',
  '--profile',
  '-c',
  '--context',
  '-H',
  '--host',
]);

/** Environment variables docker compose reads the same things from. */
const NAMING_ENV =
  /^(?:COMPOSE_PROJECT_NAME|COMPOSE_FILE|COMPOSE_PROFILES|COMPOSE_ENV_FILES|DOCKER_CONTEXT|DOCKER_HOST)=/;

/** A name that says production: `acme-prod`, `docker-compose.production.yml`, `.env.live`, `prd`. */
const PRODUCTION = /(?:^|[^a-z0-9])(?:prod|production|prd|live)(?:[^a-z0-9]|$)/i;

/** Contexts of a local engine (Docker Desktop, colima, OrbStack, rootless, kind, minikube). */
const LOCAL_CONTEXT =
  /^(?:default|desktop-linux|desktop-windows|docker-desktop|colima(?:-[\w-]+)?|orbstack|rancher-desktop|rootless|podman-machine-default|minikube|kind-[\w-]+)$/;

/** A daemon address on this machine (unix socket, npipe, loopback). */
const LOCAL_HOST = /^(?:unix|npipe|fd):|^(?:tcp|http|https):\/\/(?:localhost|127\.[\d.]+|\[::1\])(?:[:/]|$)/i;

export interface ComposeCommand {
  /** The compose subcommand (`down`, `rm`, ...), or undefined. */
  readonly verb: string | undefined;
  /** The words after the subcommand. */
  readonly args: readonly string[];
  /** `option=value` of the options and variables that name the project, its files or its engine. */
  readonly naming: readonly string[];
}

/**
 * A compose command line: `words` start after `compose` (or after `docker-compose`); `globals` are
 * the engine's options before `compose` and `env` the `NAME=value` words of an `env` wrapper.
 */
export function composeCommand(
  words: readonly string[],
  globals: readonly string[] = [],
  env: readonly string[] = [],
): ComposeCommand {
  const naming: string[] = env.filter((e) => NAMING_ENV.test(e));
  const read = (list: readonly string[]): number => {
    let i = 0;
    while (i < list.length && list[i]!.startsWith('-')) {
      const w = list[i]!;
      const eq = w.indexOf('=');
      const name = eq < 0 ? w : w.slice(0, eq);
      // `-pacme-prod`: a short option with its value attached.
      const short = /^-[fpcH]./.test(w) && eq < 0 ? w.slice(0, 2) : undefined;
      if (short !== undefined) naming.push(`${short}=${w.slice(2)}`);
      else if (eq >= 0 && NAMING.has(name)) naming.push(w);
      else if (eq < 0 && COMPOSE_VALUE.has(name)) {
        if (NAMING.has(name) && list[i + 1] !== undefined) naming.push(`${name}=${list[i + 1]}`);
        i++;
      }
      i++;
    }
    return i;
  };
  read(globals);
  const at = read(words);
  return { verb: words[at], args: words.slice(at + 1), naming };
}

/**
 * Why the project is production's or on an engine that is not this machine's, or null: a project,
 * file, profile or context named for production, a remote context or daemon, or a name that is only
 * known when the command runs (`-p "$PROJECT"`).
 */
export function productionProject(naming: readonly string[]): string | null {
  for (const n of naming) {
    const eq = n.indexOf('=');
    const name = n.slice(0, eq);
    const value = n.slice(eq + 1).replace(/^["']|["']$/g, '');
    if (PRODUCTION.test(value)) return `${value} names a production project`;
    if (/[$`]/.test(value)) return `the project is named only when the command runs (${value})`;
    if ((name === '-c' || name === '--context' || name === 'DOCKER_CONTEXT') && !LOCAL_CONTEXT.test(value))
      return `the engine of context ${value}, not this machine's`;
    if ((name === '-H' || name === '--host' || name === 'DOCKER_HOST') && !LOCAL_HOST.test(value))
      return `the engine at ${value}, not this machine's`;
  }
  return null;
}
