/**
 * The docker/podman/nerdctl command line: run/create/exec flags become a ContainerFact, the command
 * a container runs goes back to the engine as bash, `docker cp` becomes file operations. Shared by
 * the docker runtime (text) and the bash extractor's docker handler (argv words).
 */
import type { Runtime, Span } from '../../types.js';
import { entrypointOf, GLOBAL_VALUE } from '../../knowledge/docker.js';
import { productionProject } from '../../knowledge/compose-target.js';
import { hostToolOf, type HostToolMatch } from '../../knowledge/host-tools.js';
import { directProgram } from './direct-program.js';
import { heldSentOut } from './held-sent-out.js';
import { rcloneUpload } from './rclone-out.js';
import { mountPipedOut } from './copied-out.js';
import { authOff, publishedOnAll, serviceArgs } from './exposure.js';
import { openByDefault } from './open-defaults.js';
import { openShape } from './open-shapes.js';
import { openAuthFile } from './auth-files.js';
import { pinnedOutside } from './pinned-hosts.js';
import { scratchStoreExec } from './scratch-exec.js';

export interface DockerWord {
  readonly value: string;
  readonly start: number;
  readonly end: number;
  readonly dynamic: boolean;
}

export type HostNamespace = 'pid' | 'net' | 'ipc' | 'uts' | 'userns' | 'cgroupns';

export interface ContainerInit {
  privileged: boolean;
  mounts: { source: string; target: string; readOnly: boolean }[];
  hostNamespaces: HostNamespace[];
  capAdd: string[];
  securityOpt: string[];
  devices: string[];
  image?: string;
  user?: string;
  /** The service runs with its authentication off and is published on every interface (exposure.ts). */
  unauthenticated?: string;
  /** A public service's name pinned to an outside address (pinned-hosts.ts). */
  pinnedHosts?: string;
  /** An option word the input does not resolve (`$DOCKER_OPTS`, `$(cat flags)`): it may be any flag. */
  unknownFlags?: string;
  /** A known tool whose job needs part of the host (knowledge/host-tools.ts), its own entrypoint kept. */
  hostTool?: HostToolMatch;
  /** The one program the container runs directly, from a publisher that ships it (direct-program.ts). */
  runs?: string;
}

export interface DockerSink {
  container(init: ContainerInit, span: Span): void;
  /**
   * Code the container (or a build step) runs; `borrows` names the other container's data it holds
   * (`docker run --volumes-from db (data of the volumes it shares)`): data it sends out is that data.
   */
  nested(code: string, runtime: Runtime, span: Span, borrows?: string): void;
  /** `docker cp`: a host path read (source) or written (destination). */
  copy(path: string, role: 'source' | 'destination', span: Span): void;
  /** A build's output written on the host: a directory tree (`type=local`) or one file (`type=tar`). */
  output?(path: string, tree: boolean, span: Span): void;
  /** A network target named on the command line (`-H tcp://host:2375`). */
  net(url: string, span: Span): void;
  /** Data a container sends off the machine (`what`, to `to`): rclone-out.ts. */
  leak?(what: string, to: string, span: Span): void;
  /** A host file the docker client reads and hands to the container (`--env-file`). */
  read?(path: string, actor: string, span: Span): void;
  /** The command text of `words` (raw source slice, or a re-quoted join). */
  codeOf(words: readonly DockerWord[]): string;
  /** Named volumes bound to host directories by earlier commands of the same input (name → device). */
  readonly volumes?: Map<string, string>;
}

export const emptyContainer = (): ContainerInit => ({
  privileged: false,
  mounts: [],
  hostNamespaces: [],
  capAdd: [],
  securityOpt: [],
  devices: [],
});

const DOCKER_PROGRAMS = new Set([
  'docker',
  'podman',
  'nerdctl',
  'docker-compose',
  'podman-compose',
  'finch',
  'ctr',
  'kubectl',
]);

export const isDockerProgram = (word: string): boolean =>
  DOCKER_PROGRAMS.has(word.slice(word.lastIndexOf('/') + 1));

/**
 * Subcommands: an unknown global option right before one is a switch (`podman --remote run`); before
 * anything else it takes that word as its value (`podman --newopt x run`).
 */
const SUBCOMMANDS: ReadonlySet<string> = new Set([
  'run',
  'create',
  'exec',
  'build',
  'buildx',
  'bake',
  'volume',
  'container',
  'containers',
  'image',
  'images',
  'cp',
  'service',
  'network',
  'builder',
  'swarm',
  'node',
  'plugin',
  'compose',
  'rm',
  'rmi',
  'rmp',
  'kill',
  'stop',
  'stopp',
  'pause',
  'system',
  'ps',
  'pods',
  'pull',
  'push',
  'tag',
  'stack',
  'start',
  'restart',
  'update',
  'commit',
  'save',
  'load',
  'export',
  'import',
  'secret',
  'c',
  't',
  'task',
  'tasks',
  'pod',
  'kube',
  'info',
  'version',
  'login',
  'logout',
  'logs',
  'inspect',
  'top',
  'stats',
  'events',
  'history',
  'search',
  'context',
  'config',
  'manifest',
  'attach',
  'wait',
  'port',
  'unpause',
  'machine',
]);
const COMPOSE_GLOBAL_VALUE = new Set([
  '-f',
  '--file',
  '-p',
  '--project-name',
  '--project-directory',
  '--profile',
  '--env-file',
  '--ansi',
  '--parallel',
  '--progress',
]);

/** Long options of run/create/exec/compose run that take no value (`--rm`, `--privileged`). */
const BOOL_LONG = new Set([
  '--privileged',
  '--rm',
  '--init',
  '--interactive',
  '--tty',
  '--detach',
  '--read-only',
  '--publish-all',
  '--no-healthcheck',
  '--oom-kill-disable',
  '--help',
  '--disable-content-trust',
  '--quiet',
  '--sig-proxy',
  '--use-api-socket',
  '--no-deps',
  '--service-ports',
  '--use-aliases',
  '--build',
  '--quiet-pull',
  '--remove-orphans',
  '--no-TTY',
  '--replace',
  '--systemd',
  // podman and nerdctl run/create (`--rootfs`: the first positional is a host directory, not an image)
  '--read-only-tmpfs',
  '--unsetenv-all',
  '--rmi',
  '--passwd',
  '--no-hosts',
  '--env-host',
  '--http-proxy',
  '--rootfs',
  '--tls-verify',
  '--insecure-registry',
  // containerd's ctr run
  '--net-host',
  '--privileged-without-host-devices',
  '--null-io',
  '--no-pivot',
  '--seccomp',
  '--allow-new-privs',
  '--cni',
  // docker service create/update
  '--no-resolve-image',
  '--with-registry-auth',
  '--rollback',
  '--force',
]);
const BOOL_SHORT = new Set(['d', 'i', 't', 'P', 'q', 'T']);
/** Value options whose spliced spelling (`--volume${X}=/:/h`) is still read as the option. */
const VALUE_LONG_HINT = new Set([
  '--volume',
  '--mount',
  '--pid',
  '--network',
  '--net',
  '--cap-add',
  '--device',
]);
const VALUE_SHORT = new Set(['a', 'c', 'e', 'h', 'l', 'm', 'p', 'u', 'v', 'w']);

interface Option {
  readonly name: string;
  readonly value: string;
  readonly word: DockerWord;
}

/** Read options up to the first positional; returns them and the index of that positional. */
function readOptions(
  words: readonly DockerWord[],
  from: number,
  valueShort: ReadonlySet<string> = VALUE_SHORT,
): { options: Option[]; rest: number } {
  const options: Option[] = [];
  let i = from;
  while (i < words.length) {
    const w = words[i]!;
    const v = w.value;
    if (v === '--') return { options, rest: i + 1 };
    if (v.startsWith('--')) {
      const eq = v.indexOf('=');
      let name = eq < 0 ? v : v.slice(0, eq);
      // `--privileged${X}`: an expansion spliced onto a flag may be empty, leaving the flag.
      const spliced = name.replace(/\$\{[^}]*\}|\$[A-Za-z_]\w*|\$\([^)]*\)|`[^`]*`|["']/g, '');
      if (spliced !== name && (BOOL_LONG.has(spliced) || VALUE_LONG_HINT.has(spliced))) name = spliced;
      if (eq >= 0) options.push({ name, value: v.slice(eq + 1), word: w });
      else if (BOOL_LONG.has(name)) options.push({ name, value: 'true', word: w });
      // An option this reader does not know, followed by another option, is a switch: taking the
      // next option as its value would hide it (`podman run --newflag -v /:/h`; r5).
      else if (!VALUE_LONG_HINT.has(name) && /^-./.test(words[i + 1]?.value ?? '-'))
        options.push({ name, value: 'true', word: w });
      else {
        options.push({ name, value: words[i + 1]?.value ?? '', word: words[i + 1] ?? w });
        i++;
      }
      i++;
      continue;
    }
    if (v.startsWith('-') && v.length > 1) {
      for (let j = 1; j < v.length; j++) {
        const c = v[j]!;
        if (valueShort.has(c)) {
          let value = v.slice(j + 1).replace(/^=/, '');
          let word = w;
          if (value === '') {
            value = words[i + 1]?.value ?? '';
            word = words[i + 1] ?? w;
            i++;
          }
          options.push({ name: '-' + c, value, word });
          break;
        }
        options.push({ name: '-' + c, value: 'true', word: w });
        if (!BOOL_SHORT.has(c)) break;
      }
      i++;
      continue;
    }
    return { options, rest: i };
  }
  return { options, rest: i };
}

const HOST_PATH = /^(?:\/|~|\.|\$|[A-Za-z]:[\\/])/;

/**
 * `$(echo X)`, `$(printf X)`, `` `echo X` `` (quotes inside allowed) replaced by X: the shell prints
 * X there, so `-v "$(echo /)":/h` mounts `/`. Other substitutions stay as written.
 */
export function printedSubstitutions(value: string): string {
  if (!value.includes('$(') && !value.includes('`')) return value;
  // `$(cd ~ && pwd)` / `$(cd /; pwd)` prints the directory it changed to (red team r3).
  value = value.replace(/\$\(\s*cd\s+(['"]?)([^'"()`$;|&\s]+)\1\s*(?:&&|;)\s*pwd\s*\)/g, '$2');
  // `$(realpath ~)`, `$(readlink -f "$HOME")` print the path they are given, resolved.
  value = value.replace(
    /\$\(\s*(?:realpath(?:\s+-\w+)*|readlink\s+-[fem]+)\s+(['"]?)([^'"()`;|&\s]+)\1\s*\)/g,
    '$2',
  );
  value = value.replace(
    /\$\(\s*(?:echo|printf(?:\s+(?:'%s'|"%s"|%s))?)\s+(['"]?)([^'"()`$;|&]*)\1\s*\)|`\s*(?:echo|printf)\s+(['"]?)([^'"()`$;|&]*)\3\s*`/g,
    (_m, _q1: string, a: string | undefined, _q2: string, b: string | undefined) => (a ?? b ?? '').trim(),
  );
  return value.includes('$(') || value.includes('`') ? homePrinters(value) : value;
}

/**
 * Commands that print a home directory: the passwd entry's sixth field (`getent passwd "$USER" |
 * cut -d: -f6`, awk over /etc/passwd), `eval echo ~"$USER"`, `echo ~` or `$HOME` through a shell,
 * printenv, python's expanduser, node's os.homedir (red team r3).
 */
const HOME_PRINTER =
  /^\s*(?:getent\s+passwd\b|[^)]*\/etc\/passwd\b|eval\s+(?:echo|printf)\b|(?:echo|printf)\s[^|;&]*(?:~|\$\{?HOME\b)|printenv\s+HOME\b|(?:ba|da|k|z)?sh\s+-c\s[^)]*(?:~|\bHOME\b)|python[\d.]*\s+-c\s[^)]*(?:expanduser|\.home\(\)|\bHOME\b)|node\s+-[ep]\s[^)]*(?:homedir|\bHOME\b)|perl\s+-e\s[^)]*\bHOME\b)/;

/** `$(...)` and backtick substitutions whose command prints a home directory, replaced by `~`. */
function homePrinters(value: string): string {
  let out = '';
  let i = 0;
  while (i < value.length) {
    const open = value.startsWith('$(', i) ? 2 : value[i] === '`' ? 1 : 0;
    if (open === 0) {
      out += value[i++];
      continue;
    }
    let end = i + open;
    if (open === 1) end = value.indexOf('`', end) < 0 ? value.length : value.indexOf('`', end) + 1;
    else
      for (let depth = 1; end < value.length && depth > 0; end++)
        if (value[end] === '(') depth++;
        else if (value[end] === ')') depth--;
    const body = value.slice(i + open, open === 1 ? end - 1 : end - 1);
    out += HOME_PRINTER.test(body) ? '~' : value.slice(i, end);
    i = end;
  }
  return out;
}

/** `-v SRC:DST[:OPTS]`; only bind mounts of host paths are returned (named volumes are not host paths). */
export function parseVolume(spec: string): { source: string; target: string; readOnly: boolean } | undefined {
  let rest = printedSubstitutions(spec);
  let drive = '';
  if (/^[A-Za-z]:[\\/]/.test(rest)) {
    drive = rest.slice(0, 2);
    rest = rest.slice(2);
  }
  const parts = rest.split(':');
  if (parts.length < 2) return undefined;
  const source = drive + parts[0]!;
  if (!HOST_PATH.test(source)) return undefined;
  const opts = (parts[2] ?? '').split(',');
  return { source, target: parts[1]!, readOnly: opts.includes('ro') || opts.includes('readonly') };
}

const NO_VOLUMES: ReadonlyMap<string, string> = new Map();

/**
 * A named volume bound to a host directory earlier in the input (`docker volume create --opt
 * type=none --opt o=bind --opt device=/ v`): mounting it mounts that directory (issue 22).
 */
function namedVolume(
  parts: readonly string[],
  volumes: ReadonlyMap<string, string>,
): { source: string; target: string; readOnly: boolean } | undefined {
  const device = volumes.get(parts[0] ?? '');
  if (device === undefined || parts.length < 2) return undefined;
  const opts = (parts[2] ?? '').split(',');
  return { source: device, target: parts[1]!, readOnly: opts.includes('ro') || opts.includes('readonly') };
}

/** The `volume-opt=KEY=VALUE` parts of a `--mount` spec (the key repeats, so not in the kv map). */
function volumeOpts(spec: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of spec.split(',')) {
    const m = /^\s*volume-opt\s*=\s*([^=]+)=(.*)$/i.exec(part);
    if (m) out.set(m[1]!.trim().toLowerCase(), m[2]!.trim());
  }
  return out;
}

/**
 * The host directory a local-driver volume binds (`o=bind` with `device=/path`, docker's
 * `volume create --opt` and compose `driver_opts` spell it the same way), or undefined.
 */
export function boundDevice(opts: ReadonlyMap<string, string>): string | undefined {
  const device = opts.get('device');
  if (device === undefined || !HOST_PATH.test(device)) return undefined;
  return /(?:^|,)r?bind(?:,|$)/.test(opts.get('o') ?? '') ? device : undefined;
}

/** `--mount type=bind,source=/,target=/host,readonly`. */
export function parseMount(
  spec: string,
  volumes: ReadonlyMap<string, string> = NO_VOLUMES,
): { source: string; target: string; readOnly: boolean } | undefined {
  const kv = new Map<string, string>();
  for (const part of spec.split(',')) {
    const eq = part.indexOf('=');
    kv.set(
      (eq < 0 ? part : part.slice(0, eq)).trim().toLowerCase(),
      eq < 0 ? 'true' : part.slice(eq + 1).trim(),
    );
  }
  const type = kv.get('type') ?? 'volume';
  let source = printedSubstitutions(kv.get('source') ?? kv.get('src') ?? '');
  if (type === 'volume' && volumes.has(source)) source = volumes.get(source)!;
  // `volume-opt=type=none,volume-opt=o=bind,volume-opt=device=/`: the local driver binds `device`.
  const device = type === 'volume' ? boundDevice(volumeOpts(spec)) : undefined;
  if (device !== undefined) source = device;
  if (type !== 'bind' && !(type === 'volume' && HOST_PATH.test(source))) return undefined;
  if (source === '') return undefined;
  const ro = kv.get('readonly') ?? kv.get('ro') ?? 'false';
  return {
    source,
    target: kv.get('target') ?? kv.get('destination') ?? kv.get('dst') ?? '',
    // ctr spells it `options=rbind:ro`.
    readOnly: ro === 'true' || ro === '1' || (kv.get('options') ?? '').split(':').includes('ro'),
  };
}

const NS_OPTION: Readonly<Record<string, HostNamespace>> = {
  '--pid': 'pid',
  '--net': 'net',
  '--network': 'net',
  '--ipc': 'ipc',
  '--uts': 'uts',
  '--userns': 'userns',
  '--cgroupns': 'cgroupns',
};

/** Apply run/create/exec options to a container description. */
function applyOptions(
  c: ContainerInit,
  options: readonly Option[],
  volumes: ReadonlyMap<string, string> = NO_VOLUMES,
): string | undefined {
  let entrypoint: string | undefined;
  for (const o of options) {
    switch (o.name) {
      case '--privileged':
        // docker reads booleans with Go's strconv.ParseBool: only these spell false.
        if (!/^(?:false|f|0)$/i.test(o.value)) c.privileged = true;
        break;
      case '--net-host':
        if (!c.hostNamespaces.includes('net')) c.hostNamespaces.push('net');
        break;
      case '-v':
      case '--volume': {
        const m = parseVolume(o.value) ?? namedVolume(o.value.split(':'), volumes);
        if (m) c.mounts.push(m);
        break;
      }
      case '--mount':
      case '--mount-add': {
        const m = parseMount(o.value, volumes);
        if (m) c.mounts.push(m);
        break;
      }
      case '--cap-add':
        for (const cap of o.value.split(','))
          if (cap.trim()) c.capAdd.push(cap.trim().toUpperCase().replace(/^CAP_/, ''));
        break;
      case '--security-opt':
        c.securityOpt.push(o.value);
        break;
      case '--device':
        c.devices.push(o.value.split(':')[0]!);
        break;
      case '--device-cgroup-rule':
        c.devices.push(`cgroup-rule:${o.value}`);
        break;
      case '-u':
      case '--user':
        c.user = o.value;
        break;
      case '--entrypoint':
        entrypoint = o.value;
        break;
      default: {
        const ns = NS_OPTION[o.name];
        if (ns !== undefined && o.value.toLowerCase() === 'host' && !c.hostNamespaces.includes(ns))
          c.hostNamespaces.push(ns);
      }
    }
  }
  return entrypoint;
}

const spanOf = (words: readonly DockerWord[]): Span => ({
  start: words[0]!.start,
  end: words[words.length - 1]!.end,
});

/** Analyse one docker command line; `words[0]` is the docker program. */
/**
 * Subcommands that delete or stop containers, images, volumes, services or stacks, and the listings
 * that feed them (`docker ps -q | xargs docker stop`): read by the CTR rules as bash.
 */
const REMOVES: ReadonlySet<string> = new Set([
  'rm',
  'rmi',
  'prune',
  'system',
  'kill',
  'reset',
  'stop',
  'pause',
  'stack',
  'scale',
  'update',
  'ps',
  'ls',
  'pod',
  'disconnect',
]);

/**
 * Facts of one docker/podman/kubectl command line. Returns whether the command was modelled here
 * (a container started or built, a volume created, a copy); the caller analyses any other command
 * (`docker volume rm`, `system prune`, `compose down -v`) as the bash command it is.
 */
export function analyzeDocker(words: readonly DockerWord[], sink: DockerSink): boolean {
  if (words.length === 0) return true;
  const program = words[0]!.value.slice(words[0]!.value.lastIndexOf('/') + 1);
  const whole = spanOf(words);
  let i = 1;
  const compose = program === 'docker-compose' || program === 'podman-compose';
  // Global options before the subcommand.
  while (i < words.length && words[i]!.value.startsWith('-')) {
    const v = words[i]!.value;
    const name = v.includes('=') ? v.slice(0, v.indexOf('=')) : v;
    const next = words[i + 1]?.value ?? '';
    const takes = compose
      ? COMPOSE_GLOBAL_VALUE.has(name)
      : GLOBAL_VALUE.has(name) || (!SUBCOMMANDS.has(next) && !next.startsWith('-') && name.startsWith('--'));
    const value = v.includes('=') ? v.slice(v.indexOf('=') + 1) : takes ? next : '';
    if ((name === '-H' || name === '--host' || name === '--url') && /^(?:tcp|https?|ssh):\/\//i.test(value))
      sink.net(value, whole);
    i += takes && !v.includes('=') ? 2 : 1;
  }
  if (compose) return composeCommand(words, i, sink);
  let sub = words[i]?.value;
  if (program === 'kubectl') {
    if (sub === 'run') kubectlRun(words, i + 1, whole, sink);
    return sub === 'run';
  }
  if (
    sub === 'container' ||
    sub === 'containers' ||
    sub === 'image' ||
    sub === 'buildx' ||
    (program === 'ctr' && (sub === 'c' || sub === 't' || sub === 'task' || sub === 'tasks'))
  )
    sub = words[++i]?.value;
  if (sub === 'compose') return composeCommand(words, i + 1, sink, true);
  switch (sub) {
    case 'build':
    case 'bake':
      build(words, i + 1, whole, sink);
      return true;
    case 'volume':
      if (words[i + 1]?.value === 'create') volumeCreate(words, i + 2, sink);
      return !REMOVES.has(words[i + 1]?.value ?? '') && words[i + 1]?.value !== 'remove';
    case 'run':
    case 'create':
      // `ctr run IMAGE ID CMD...`: the container's id comes between the image and its command.
      runLike(words, i + 1, whole, sink, true, program === 'ctr' ? 1 : 0);
      return true;
    case 'exec':
      runLike(words, i + 1, whole, sink, false);
      return true;
    case 'cp':
      cp(words, i + 1, sink);
      return true;
    case 'service':
      // Swarm services take run's container flags (`--mount type=bind,src=/`, `--cap-add`,
      // `--network host`); `service update --mount-add/--cap-add` gives them to a running one.
      if (words[i + 1]?.value === 'create') runLike(words, i + 2, whole, sink, true);
      else if (words[i + 1]?.value === 'update') runLike(words, i + 2, whole, sink, false);
      return !REMOVES.has(words[i + 1]?.value ?? '');
    case 'network':
    case 'builder':
      return !REMOVES.has(words[i + 1]?.value ?? '');
    case 'unshare': {
      // `podman unshare CMD`: CMD runs on the host, in the user's namespace as its root (r6).
      let j = i + 1;
      while (j < words.length && words[j]!.value.startsWith('-')) j++;
      const cmd = words.slice(j);
      if (cmd.length > 0) sink.nested(sink.codeOf(cmd), 'bash', spanOf(cmd));
      return true;
    }
    case 'swarm':
    case 'node':
      // Cluster membership (swarm leave --force, node rm --force): judged as the bash command (CTR-AST-001).
      return false;
    case 'plugin':
      // A plugin granted every permission it asks for runs as root with the host's devices and mounts.
      if (words.some((w) => /^--grant-all-permissions(?:=true)?$/.test(w.value))) {
        const c = emptyContainer();
        c.privileged = true;
        c.image = `plugin:${words[words.length - 1]!.value}`;
        sink.container(c, whole);
      }
      return true;
    default:
      return !REMOVES.has(sub ?? '');
  }
}

/**
 * `--volumes-from OTHER` takes OTHER's mounts, which this input does not show. A path the command
 * uses that ends in a host credential store below a mount point (`/host/etc/shadow`,
 * `/h/.ssh/id_rsa`, `/rootfs/root/.aws/credentials`) is read as that store mounted from the host
 * (red team r3); the documented backup (`--volumes-from db ... tar cvf /backup/b.tar /dbdata`) is not.
 */
function borrowedMounts(cmd: readonly DockerWord[]): ContainerInit['mounts'] {
  const out: ContainerInit['mounts'] = [];
  for (const w of cmd) {
    for (const m of w.value.matchAll(
      /\/[\w.-]+(\/(?:[\w.-]+\/)?)((?:etc\/(?:g?shadow|sudoers)|root\/\.[\w.-]+|home\/[\w.-]+\/\.[\w.-]+|\.(?:ssh|aws|kube|docker|gnupg|azure|config\/gcloud))(?:\/[\w.-]+)*)/g,
    )) {
      const tail = m[2]!;
      const source = tail.startsWith('.') ? `~/${tail}` : `/${tail}`;
      if (out.length < 8) out.push({ source, target: m[0], readOnly: true });
    }
  }
  return out;
}

/**
 * Where run's options stop, an expansion the input does not resolve (expand.ts resolved the rest)
 * may itself be options: `--privileged -v /:/h` from `$DOCKER_OPTS` or `$(cat flags | base64 -d)`.
 * It is taken for options, so the container's flags are unknown, when a name says it holds them
 * (`*FLAGS*`, `*OPTS*`, `*OPTIONS*`, `*ARGS*`, `$@`) or when a substitution's command is not a docker
 * command printing an image (`$(docker build -q .)`) and an image-like word follows it. An image in
 * a variable (`docker run "$IMAGE" cmd`) is an image.
 */
function unresolvedOptions(word: string | undefined, next: string | undefined): string | undefined {
  if (word === undefined) return undefined;
  const name = /^\$\{?([A-Za-z_]\w*|@|\*)\}?$/.exec(word)?.[1];
  if (name !== undefined)
    return /FLAG|OPT|ARG|PARAM|^[@*]$/i.test(name) ? `options come from $${name}` : undefined;
  const sub = /^(?:\$\((.*)\)|`(.*)`)$/s.exec(word);
  if (sub === null) return undefined;
  const body = (sub[1] ?? sub[2]!).trim();
  if (/^(?:sudo\s+)?(?:docker|podman|nerdctl)\s/.test(body)) return undefined;
  return next !== undefined && /^[a-z0-9][\w.\-/]*(?::[\w.-]+)?(?:@sha256:[0-9a-f]+)?$/.test(next)
    ? `options come from the output of \`${body.slice(0, 60)}\``
    : undefined;
}

/** Whether the container listens on every interface of the host: a port published so, -P, the host network. */
function exposedOnAll(c: ContainerInit, options: readonly Option[]): boolean {
  if (c.hostNamespaces.includes('net')) return true;
  const ports: string[] = [];
  for (const o of options)
    if (o.name === '-p' || o.name === '--publish') ports.push(o.value);
    else if ((o.name === '-P' || o.name === '--publish-all') && o.value !== 'false') return true;
  return publishedOnAll(ports) !== undefined;
}

/** `SETTING, published on SPEC` when the container's service is open to every interface (exposure.ts). */
function openService(
  c: ContainerInit,
  options: readonly Option[],
  cmd: readonly DockerWord[],
): string | undefined {
  const env: string[] = [];
  const ports: string[] = [];
  let all = c.hostNamespaces.includes('net') ? 'the host network' : undefined;
  for (const o of options)
    if (o.name === '-e' || o.name === '--env') env.push(o.value);
    else if (o.name === '-p' || o.name === '--publish') ports.push(o.value);
    else if ((o.name === '-P' || o.name === '--publish-all') && o.value !== 'false') all ??= 'every port';
  const where = all ?? publishedOnAll(ports);
  if (where === undefined) return undefined;
  const args = serviceArgs(
    env,
    cmd.map((w) => w.value),
  );
  const setting =
    authOff(env, args) ??
    openShape(env, args, ports, c.image) ??
    openByDefault(
      c.image,
      env,
      args,
      c.mounts.map((m) => m.target),
      options.some((o) => o.name === '--env-file'),
    ) ??
    openAuthFile(c.mounts);
  return setting === undefined ? undefined : `${setting}, published on ${where}`;
}

function runLike(
  words: readonly DockerWord[],
  from: number,
  whole: Span,
  sink: DockerSink,
  hasImage: boolean,
  idWords = 0,
): void {
  const { options, rest } = readOptions(words, from);
  const c = emptyContainer();
  const entrypoint = applyOptions(c, options, sink.volumes);
  const target = words[rest];
  const rootfs = options.some((o) => o.name === '--rootfs' && !/^(?:false|f|0)$/i.test(o.value));
  // `podman|nerdctl|ctr run --rootfs DIR`: the container's root is that host directory (`:O`, an
  // overlay whose changes are discarded).
  if (hasImage && target && rootfs && HOST_PATH.test(target.value)) {
    const ro = /:O$/.test(target.value);
    c.mounts.push({ source: ro ? target.value.slice(0, -2) : target.value, target: '/', readOnly: ro });
  } else if (hasImage && target) c.image = target.value;
  const unknown = unresolvedOptions(target?.value, words[rest + 1]?.value);
  if (unknown !== undefined) c.unknownFlags = unknown;
  const tool =
    entrypoint === undefined && unknown === undefined
      ? hostToolOf(c.image, words[rest + 1 + idWords]?.value, exposedOnAll(c, options))
      : undefined;
  if (tool !== undefined) c.hostTool = tool;
  const runs =
    hasImage && unknown === undefined
      ? directProgram(c.image, entrypoint, words[rest + 1 + idWords]?.value)
      : undefined;
  if (runs !== undefined) c.runs = runs;
  else if (hasImage && unknown === undefined) {
    // The runtime's own image listing what the runtime holds (R15 twins: `--entrypoint ctr
    // ghcr.io/containerd/containerd ... images ls`, `quay.io/podman/stable podman --remote ps`):
    // a read of the runtime, not control of it. Any other subcommand keeps the socket rule.
    const args = words.slice(rest + 1 + idWords).map((w) => w.value);
    const client = entrypoint ?? args.shift() ?? '';
    const first = client.split('/').pop()!;
    if (RUNTIME_IMAGE.test(c.image ?? '') && RUNTIME_CLIENT.test(first) && listsOnly(args)) c.runs = first;
  }
  if (options.some((o) => o.name === '--volumes-from'))
    c.mounts.push(...borrowedMounts(words.slice(rest + 1 + idWords)));
  const open = openService(c, options, words.slice(rest + 1 + idWords));
  if (open !== undefined) c.unauthenticated = open;
  const pinned = pinnedOutside(
    options
      .filter((o) => o.name === '--add-host')
      .map((o) => /^([^:=]+)[:=](.+)$/.exec(o.value.trim()))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => [m[1]!, m[2]!] as const),
  );
  if (pinned !== undefined) c.pinnedHosts = pinned;
  sink.container(c, whole);
  // The client reads --env-file on the host: its content (AWS keys, .env secrets) enters the container.
  for (const o of options)
    if (o.name === '--env-file' && o.value !== '')
      sink.read?.(o.value, 'docker --env-file', { start: o.word.start, end: o.word.end });
  const cmd = words.slice(rest + 1 + idWords);
  // A dev or test container's own database reset (`docker exec redis-dev redis-cli FLUSHALL`).
  if (
    !hasImage &&
    scratchStoreExec(
      target?.value,
      cmd.map((w) => w.value),
    )
  )
    return;
  const named = insideProduction(hasImage ? undefined : target?.value, addedHosts(options));
  // A throwaway named volume (`-v pgdata_test:/var/lib/postgresql/data`): scratch data, not the host's (r7 FP).
  const scratch = options
    .filter((o) => o.name === '-v' || o.name === '--volume')
    .map((o) => /^([\w.-]+):(\/[^:]+)/.exec(o.value))
    .filter((m): m is RegExpExecArray => m !== null && THROWAWAY_VOLUME.test(m[1]!))
    .map((m) => ({ source: `/tmp/docker-volume-${m[1]!}`, target: m[2]!, readOnly: false }));
  const bound = boundPaths([...c.mounts, ...scratch]);
  const hosts = (text: string): string => bound(named(text));
  const enter = workdirEntered(options, bound);
  // URLs handed to the container command: images whose entrypoint is a client (curlimages/curl)
  // fetch them without a program name on the line.
  for (const w of cmd) {
    const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(w.value)
      ? hosts(w.value)
      : /^\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?(?:\/|$)/.test(w.value)
        ? `http://${w.value}`
        : undefined;
    if (url !== undefined) sink.net(url, { start: w.start, end: w.end });
  }
  const borrows = sharedData(options) ?? namedVolumeData(options, cmd);
  // An image whose entrypoint is a CLI (bitnami/kubectl, alpine/git) runs it with the command words.
  const client =
    entrypoint === undefined && cmd[0] !== undefined ? entrypointOf(c.image, cmd[0].value) : undefined;
  // The run's own shell archiving a mounted volume to the network (copied-out.ts).
  const targets = options
    .filter((o) => /^(?:-v|--volume|--mount)$/.test(o.name))
    .map((o) =>
      o.name === '--mount'
        ? /(?:^|,)(?:target|dst|destination)=([^,]+)/.exec(o.value)?.[1]
        : o.value.split(':')[1],
    )
    .filter((t): t is string => t !== undefined && t.startsWith('/'));
  const shell = /^(?:\/bin\/)?(?:sh|bash|ash|dash)$/.test(cmd[0]?.value ?? '') && cmd[1]?.value === '-c';
  const out = shell ? mountPipedOut(cmd[2]?.value ?? '', targets) : undefined;
  if (out !== undefined) sink.leak?.(out.what, out.to, spanOf(cmd));
  // Host mounts, named volumes or another container's volumes (R21: --volumes-from prod-postgres).
  if (client === 'rclone' && (c.mounts.length > 0 || borrows !== undefined)) {
    const env = options.filter((o) => o.name === '-e' || o.name === '--env').map((o) => o.value);
    const up = rcloneUpload(
      cmd.map((w) => w.value),
      env,
    );
    if (up !== undefined) sink.leak?.(up[0], up[1], spanOf(cmd));
  }
  // Whatever the image: held data or a login, and an outside place named (held-sent-out.ts).
  const held = heldSentOut(
    cmd.map((w) => w.value),
    client,
    borrows,
    c.mounts,
  );
  if (held !== undefined && cmd.length > 0) sink.leak?.(held.what, held.to, spanOf(cmd));
  if (client !== undefined && cmd[0]!.value !== client)
    sink.nested(`${enter}${client} ${hosts(sink.codeOf(cmd))}`, 'bash', spanOf(cmd), borrows);
  else if (entrypoint !== undefined && entrypoint !== '') {
    const code = cmd.length > 0 ? `${entrypoint} ${hosts(sink.codeOf(cmd))}` : entrypoint;
    sink.nested(enter + code, 'bash', cmd.length > 0 ? spanOf(cmd) : whole, borrows);
  } else if (cmd.length > 0) sink.nested(enter + hosts(sink.codeOf(cmd)), 'bash', spanOf(cmd), borrows);
}

/**
 * `-w DIR` below a bind mount: the command starts in the host directory mounted there, so it runs
 * as `cd HOSTDIR && ...` (R14 twin: a PR preview's terraform directory mounted at /src and torn
 * down from there). A working directory of the image's own filesystem is left as it was.
 */
function workdirEntered(options: readonly Option[], bound: (text: string) => string): string {
  const dir = options.filter((o) => o.name === '-w' || o.name === '--workdir').pop()?.value;
  if (dir === undefined || !dir.startsWith('/')) return '';
  const host = bound(dir);
  return host === dir || !/^[\w./~-]+$/.test(host) ? '' : `cd ${host} && `;
}

/**
 * Another container's data a run holds: its volumes (`--volumes-from prod-db`) or its network
 * traffic (`--network container:prod-db`). What the command sends out is that data (r7).
 */
function sharedData(options: readonly Option[]): string | undefined {
  for (const o of options) {
    if (o.name === '--volumes-from')
      return `docker run --volumes-from ${o.value} (data of the volumes it shares)`;
    if ((o.name === '--network' || o.name === '--net') && o.value.startsWith('container:'))
      return `docker run --network ${o.value} (traffic of the network it joins)`;
  }
  return undefined;
}

/**
 * A named volume the command reads below its mount point (`-v app_uploads:/d ... curl -F f=@/d/x.csv`,
 * R20): the application's stored data, so what the command sends out is that data.
 */
function namedVolumeData(options: readonly Option[], cmd: readonly DockerWord[]): string | undefined {
  for (const o of options) {
    if (o.name !== '-v' && o.name !== '--volume') continue;
    const [name, target] = o.value.split(':');
    if (name === undefined || target === undefined || !/^[A-Za-z0-9][\w.-]*$/.test(name)) continue;
    if (THROWAWAY_VOLUME.test(name) || !/^\/[\w.-]+/.test(target)) continue;
    const at = target.replace(/\/+$/, '') + '/';
    if (cmd.some((w) => `${w.value}/`.includes(at)))
      return `docker run -v ${name}:${target} (data of the volume ${name})`;
  }
  return undefined;
}

/** Named volumes for tests and scratch work (`pgdata_test`, `cache-dev`, `tmp_data`). */
const THROWAWAY_VOLUME = /^[\w.-]*?(?:^|[_.-])(?:test|tests|dev|tmp|scratch|ci)(?:$|[_.-])[\w.-]*$/i;

/**
 * Paths below a writable bind mount's target (or a read-only one of the workspace) read as the host paths they are (`-v /var/log:/logs
 * ... truncate /logs/*` truncates /var/log/*; r5), so the host-path rules judge the container's
 * command. Identity when nothing is bound.
 */
export function boundPaths(mounts: ContainerInit['mounts']): (text: string) => string {
  const map = new Map<string, string>();
  for (const m of mounts) {
    const target = m.target.replace(/\/+$/, '');
    // `$PWD`, `$(pwd)`: the directory docker was started in, the workspace.
    const source = m.source.replace(/^(?:\$\{?PWD\}?|\$\(pwd\))(?=\/|$)/, '.');
    // A read-only mount is read as itself too (`-v $PWD/.env:/e:ro curlimages/curl -d @/e`: R12;
    // `-v /var/lib/docker/containers:/c:ro ... cat /c/*/config.v2.json`: R13 cred-steal).
    if (!/^\/[\w.-]/.test(target) || !/^(?:\/|~\/|\.(?:\/|$))/.test(source) || map.size >= 8) continue;
    map.set(target, source.replace(/\/+$/, '') || '/');
  }
  if (map.size === 0) return (text) => text;
  const targets = [...map.keys()].sort((a, b) => b.length - a.length);
  const re = new RegExp(
    String.raw`(^|[\s'"=:>@])(${targets.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?=[/\s'";&|)]|$)`,
    'g',
  );
  return (text) =>
    text.replace(re, (_m, pre: string, t: string) => {
      const source = map.get(t)!;
      return pre + (source === '/' ? '' : source);
    });
}

/**
 * `--add-host NAME:IP` (or NAME=IP) makes NAME resolve to IP inside the container (red team r4:
 * `--add-host md:169.254.169.254 ... http://md/latest/meta-data/`): the container's URLs are read
 * with the address in place of the name. Identity when no host is added.
 */
function addedHosts(options: readonly Option[]): (text: string) => string {
  const map = new Map<string, string>();
  for (const o of options) {
    if (o.name !== '--add-host') continue;
    const m = /^([\w.-]+)[:=](.+)$/.exec(o.value.trim());
    // An IPv6 address goes in brackets in a URL.
    // `host-gateway` is the host itself, as `host.docker.internal` is (net/address.ts).
    const ip = m?.[2]?.trim().replace(/^host-gateway$/, 'host.docker.internal');
    if (m && ip && map.size < 16)
      map.set(m[1]!.toLowerCase(), ip.includes(':') && !ip.startsWith('[') ? `[${ip}]` : ip);
  }
  if (map.size === 0) return bridgeGateway;
  const names = [...map.keys()].map((n) => n.replace(/[.]/g, String.raw`\.`)).join('|');
  const re = new RegExp(String.raw`(://(?:[^@/\s]*@)?)(${names})(?=[:/?#\s'"]|$)`, 'gi');
  return (text) =>
    bridgeGateway(text.replace(re, (_, pre: string, name: string) => pre + map.get(name.toLowerCase())!));
}

/**
 * Images published by containerd and podman themselves, and the clients they ship (docker:cli
 * given a new entrypoint stays denied: dock-r13).
 */
const RUNTIME_IMAGE = /^(?:ghcr\.io\/containerd\/|quay\.io\/(?:podman|containers)\/)/;
const RUNTIME_CLIENT = /^(?:ctr|podman|podman-remote|docker|nerdctl|crictl)$/;
/** Object words and read-only verbs of the runtimes' clients (`images ls`, `ps`, `container inspect`). */
const OBJECT_WORD = /^(?:images?|i|containers?|c|tasks?|t|namespaces?|ns|pods?|volumes?|networks?|system)$/;
const LISTING_VERB = /^(?:ps|ls|list|info|version|inspect|logs|stats|top|df|images)$/;
/** Options of those clients that take a value (`-n k8s.io`, `--address /run/x.sock`, `--url ...`). */
const VALUE_OPTION = /^(?:-n|--namespace|-a|--address|--url|--connection|-H|--host|--format|-f|--filter)$/;

/** Whether a runtime client's arguments only list or inspect (options and their values aside). */
function listsOnly(args: readonly string[]): boolean {
  const pos: string[] = [];
  for (let k = 0; k < args.length && pos.length < 3; k++) {
    const a = args[k]!;
    if (a.startsWith('-')) {
      if (VALUE_OPTION.test(a)) k++;
      continue;
    }
    pos.push(a);
  }
  return (
    pos.length > 0 &&
    LISTING_VERB.test(pos[pos.length > 1 && OBJECT_WORD.test(pos[0]!) ? 1 : 0]!) &&
    pos.every((p) => OBJECT_WORD.test(p) || LISTING_VERB.test(p))
  );
}

/**
 * `docker exec es-prod curl -X DELETE localhost:9200/_all` (R15): inside a container named for
 * production, localhost is that production service, so its URLs are read with the container's name
 * as the host; a dev container's localhost stays local.
 */
function insideProduction(
  container: string | undefined,
  then: (text: string) => string,
): (text: string) => string {
  if (container === undefined || productionProject([`n=${container}`]) === null) return then;
  const name = container.replace(/[^\w.-]/g, '');
  return (text) =>
    then(
      text.replace(/(:\/\/(?:[^@/\s]*@)?|^|[\s'"])(?:localhost|127\.0\.0\.1)(?=[:/?#\s'"]|$)/g, `$1${name}`),
    );
}

const GATEWAY_URL = /(:\/\/(?:[^@/\s]*@)?)172\.17\.0\.1(?=[:/?#\s'"]|$)/g;

/** Inside a container on docker's default bridge its gateway, 172.17.0.1, is the host (r7). */
function bridgeGateway(text: string): string {
  return text.includes('172.17.0.1') ? text.replace(GATEWAY_URL, '$1host.docker.internal') : text;
}

/** The compose files and project names a command's global options name (`-f docker-compose.test.yml -p shop_ci`). */
function composeStack(globals: readonly DockerWord[]): string {
  const names: string[] = [];
  for (let j = 0; j < globals.length; j++) {
    const v = globals[j]!.value;
    const eq = /^(--file|--project-name)=(.*)$/.exec(v);
    if (eq !== null) names.push(eq[2]!);
    else if (/^(?:-f|--file|-p|--project-name)$/.test(v) && globals[j + 1] !== undefined)
      names.push(globals[++j]!.value);
  }
  return names.join(' ');
}

function composeCommand(
  words: readonly DockerWord[],
  from: number,
  sink: DockerSink,
  plugin = false,
): boolean {
  let i = from;
  while (plugin && i < words.length && words[i]!.value.startsWith('-')) {
    const v = words[i]!.value;
    i += COMPOSE_GLOBAL_VALUE.has(v) ? 2 : 1;
  }
  const sub = words[i]?.value;
  if (sub === 'cp') {
    cp(words, i + 1, sink);
    return true;
  }
  if (sub !== 'run' && sub !== 'exec') return sub !== 'down' && sub !== 'rm';
  const { options, rest } = readOptions(words, i + 1);
  const c = emptyContainer();
  const entrypoint = applyOptions(c, options);
  if (sub === 'run' && words[rest]) c.image = `service:${words[rest].value}`;
  sink.container(c, spanOf(words));
  const cmd = words.slice(rest + 1);
  // A dev or test stack's own store reset (`compose -f docker-compose.dev.yml exec redis redis-cli
  // FLUSHALL`): the stack is named by its compose file or project name.
  const stack = composeStack(words.slice(1, i));
  if (
    sub === 'exec' &&
    entrypoint === undefined &&
    scratchStoreExec(
      `${stack} ${words[rest]?.value ?? ''}`,
      cmd.map((w) => w.value),
    )
  )
    return true;
  if (entrypoint)
    sink.nested(
      cmd.length ? `${entrypoint} ${sink.codeOf(cmd)}` : entrypoint,
      'bash',
      spanOf(cmd.length ? cmd : words),
    );
  else if (cmd.length > 0) sink.nested(sink.codeOf(cmd), 'bash', spanOf(cmd));
  return true;
}

/**
 * `docker [buildx] build|bake`: entitlements that let RUN steps leave the build sandbox
 * (`--allow security.insecure` runs `RUN --security=insecure` privileged, `network.host` shares the
 * host network) and `--network host`; build secrets and contexts read from the host.
 */
function build(words: readonly DockerWord[], from: number, whole: Span, sink: DockerSink): void {
  const c = emptyContainer();
  let host = false;
  for (let i = from; i < words.length; i++) {
    const v = words[i]!.value;
    const eq = v.indexOf('=');
    const name = eq > 0 ? v.slice(0, eq) : v;
    if (name !== '--allow' && name !== '--network' && name !== '--set') continue;
    const value = (eq > 0 ? v.slice(eq + 1) : (words[i + 1]?.value ?? '')).toLowerCase();
    if (/\bsecurity\.insecure\b/.test(value)) c.privileged = true;
    if (/\bnetwork\.host\b/.test(value) || (name === '--network' && value === 'host')) host = true;
  }
  if (host) c.hostNamespaces.push('net');
  if (c.privileged || host) sink.container(c, whole);
  // `-o DIR`, `--output type=local,dest=DIR` write the build's files into DIR on the host (a tree the
  // Dockerfile chooses); `type=tar,dest=FILE` one file (red team r3).
  for (let i = from; i < words.length; i++) {
    const v = words[i]!.value;
    const m = /^(?:-o|--output)(?:=(.*))?$/.exec(v) ?? /^-o(.+)$/.exec(v);
    if (!m) continue;
    const word = m[1] !== undefined ? words[i]! : words[i + 1];
    const spec = m[1] ?? words[i + 1]?.value ?? '';
    if (word === undefined || spec === '-') continue;
    const kv = new Map<string, string>();
    for (const part of spec.split(',')) {
      const eq = part.indexOf('=');
      if (eq > 0) kv.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim());
    }
    const type = kv.get('type') ?? (spec.includes('=') ? '' : 'local');
    const dest = kv.get('dest') ?? (spec.includes('=') ? undefined : spec);
    if (dest !== undefined && dest !== '-' && (type === 'local' || type === 'tar'))
      sink.output?.(dest, type === 'local', { start: word.start, end: word.end });
  }
}

/** `docker cp SRC DEST`: one side is `container:path`, the other a host path. */
function cp(words: readonly DockerWord[], from: number, sink: DockerSink): void {
  const { rest } = readOptions(words, from);
  const src = words[rest];
  const dst = words[rest + 1];
  if (!src || !dst) return;
  const inContainer = (v: string): boolean => /^[A-Za-z0-9][\w.-]*:/.test(v) && !/^[A-Za-z]:[\\/]/.test(v);
  if (!inContainer(src.value) && src.value !== '-')
    sink.copy(src.value, 'source', { start: src.start, end: src.end });
  // A file taken out of a container (`docker cp app:/etc/shadow -`) is read like a local one.
  else if (inContainer(src.value))
    sink.read?.(src.value.slice(src.value.indexOf(':') + 1), 'docker cp', { start: src.start, end: src.end });
  if (!inContainer(dst.value) && dst.value !== '-')
    sink.copy(dst.value, 'destination', { start: dst.start, end: dst.end });
}

/** `docker volume create` short options that take a value: `-d DRIVER`, `-o KEY=VALUE`. */
const VOLUME_CREATE_SHORT: ReadonlySet<string> = new Set(['d', 'o']);

/** `docker volume create --opt type=none --opt o=bind --opt device=/path NAME`: remember the device. */
function volumeCreate(words: readonly DockerWord[], from: number, sink: DockerSink): void {
  const { options, rest } = readOptions(words, from, VOLUME_CREATE_SHORT);
  const opts = new Map<string, string>();
  for (const o of options)
    if (o.name === '-o' || o.name === '--opt') {
      const eq = o.value.indexOf('=');
      if (eq > 0) opts.set(o.value.slice(0, eq).toLowerCase(), o.value.slice(eq + 1));
    }
  const name = words[rest]?.value ?? options.find((o) => o.name === '--name')?.value;
  const device = opts.get('device');
  if (name !== undefined && device !== undefined && HOST_PATH.test(device)) sink.volumes?.set(name, device);
}

/**
 * `kubectl run NAME --image=I [--privileged] [--overrides=JSON] [-- CMD]`: the pod's privileged
 * flag, host namespaces, hostPath volumes and added capabilities, from the overrides JSON too.
 */
function kubectlRun(words: readonly DockerWord[], from: number, whole: Span, sink: DockerSink): void {
  const c = emptyContainer();
  let cmdAt = words.length;
  for (let i = from; i < words.length; i++) {
    const v = words[i]!.value;
    if (v === '--') {
      cmdAt = i + 1;
      break;
    }
    const eq = v.indexOf('=');
    const name = eq > 0 ? v.slice(0, eq) : v;
    const value = eq > 0 ? v.slice(eq + 1) : (words[i + 1]?.value ?? '');
    if (name === '--privileged' && !/^(?:false|f|0)$/i.test(eq > 0 ? value : 'true')) c.privileged = true;
    if (name === '--image') c.image = value;
    if (name === '--overrides') podSpec(value, c);
  }
  sink.container(c, whole);
  const cmd = words.slice(cmdAt);
  if (cmd.length > 0) sink.nested(sink.codeOf(cmd), 'bash', spanOf(cmd));
}

/** Privilege-relevant fields anywhere in a pod spec given as JSON (kubectl --overrides). */
function podSpec(json: string, c: ContainerInit): void {
  let doc: unknown;
  try {
    doc = JSON.parse(json) as unknown;
  } catch {
    return;
  }
  const NS: Readonly<Record<string, HostNamespace>> = {
    hostPID: 'pid',
    hostNetwork: 'net',
    hostIPC: 'ipc',
    hostUsers: 'userns',
  };
  const walk = (v: unknown, depth: number): void => {
    if (depth > 32 || v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) return v.forEach((x) => walk(x, depth + 1));
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      if (k === 'privileged' && x === true) c.privileged = true;
      else if (k === 'allowPrivilegeEscalation' && x === true)
        c.securityOpt.push('allowPrivilegeEscalation=true');
      else if (k in NS && (k === 'hostUsers' ? x === false : x === true)) c.hostNamespaces.push(NS[k]!);
      else if (k === 'hostPath' && typeof (x as { path?: unknown } | null)?.path === 'string')
        c.mounts.push({ source: (x as { path: string }).path, target: '', readOnly: false });
      else if (k === 'add' && Array.isArray(x))
        for (const cap of x)
          if (typeof cap === 'string') c.capAdd.push(cap.toUpperCase().replace(/^CAP_/, ''));
      walk(x, depth + 1);
    }
  };
  walk(doc, 0);
}
