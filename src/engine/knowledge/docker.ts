/**
 * What the container rules know: runtime API sockets, capabilities that break isolation, security
 * options that switch protections off, and how to read a bind-mount source against the policy.
 */
import {
  credentialStore,
  homeRelative,
  holdsCredentials,
  holdsPersistence,
  isBlockDevice,
  isSystemPath,
  isWithin,
  pathPolicy,
  persistenceFile,
  resolvePath,
} from '../paths.js';
import type { Policy } from '../policy.js';

/** Global options that take a value, of docker, podman, nerdctl, ctr and crictl (union: none clash). */
export const GLOBAL_VALUE: ReadonlySet<string> = new Set([
  '-H',
  '--host',
  '-c',
  '--context',
  '--config',
  '-l',
  '--log-level',
  '--tlscacert',
  '--tlscert',
  '--tlskey',
  '--url',
  '--connection',
  // podman
  '--root',
  '--runroot',
  '--storage-driver',
  '--storage-opt',
  '--cgroup-manager',
  '--conmon',
  '--events-backend',
  '--hooks-dir',
  '--identity',
  '--imagestore',
  '--network-cmd-path',
  '--network-config-dir',
  '--runtime',
  '--runtime-flag',
  '--ssh',
  '--tmpdir',
  '--volumepath',
  '--module',
  '--out',
  // nerdctl, ctr
  '-n',
  '--namespace',
  '-a',
  '--address',
  '--snapshotter',
  '--cni-path',
  '--cni-netconfpath',
  '--data-root',
  '--host-gateway-ip',
  '--hosts-dir',
  '--bridge-ip',
  '--timeout',
  '--connect-timeout',
  // crictl
  '-r',
  '--runtime-endpoint',
  '-i',
  '--image-endpoint',
  '-t',
]);
/** Container runtime API sockets: whoever can write to one controls the host. */
export const RUNTIME_SOCKET =
  /(?:^|\/)(?:docker|podman|containerd|crio|cri-dockerd|dockershim|buildkitd)\.sock$/;

/** Capabilities that let a container reach the host kernel, other processes or the host network. */
export const DANGEROUS_CAPS: ReadonlySet<string> = new Set([
  'ALL',
  'SYS_ADMIN',
  'SYS_MODULE',
  'SYS_PTRACE',
  'SYS_RAWIO',
  'SYS_BOOT',
  'SYS_TIME',
  'DAC_READ_SEARCH',
  'NET_ADMIN',
  'BPF',
  'PERFMON',
  'MAC_ADMIN',
  'MAC_OVERRIDE',
  'LINUX_IMMUTABLE',
  'SYSLOG',
]);

/** `--security-opt` values that disable a protection (seccomp, AppArmor, SELinux, no-new-privileges). */
export function disablesProtection(opt: string): boolean {
  const o = opt.toLowerCase().replace(/\s+/g, '');
  return (
    /^(?:seccomp|apparmor|systempaths)[=:]unconfined$/.test(o) ||
    /^label[=:]disable$/.test(o) ||
    /^no-new-privileges[=:]false$/.test(o) ||
    /^label[=:]type:spc_t$/.test(o)
  );
}

/** Host directories whose mount gives the container the host (exactly these, or anything below the system ones). */
const BROAD = new Set(['/', '/home', '/Users', '/var', '/run', '/var/run', '/mnt', '/media', '/srv', '/dev']);

/**
 * State directories below /var/lib that belong to the host's own services (package managers,
 * container runtimes, init, auth). Any other /var/lib/<name> is an application's data directory,
 * the usual place for a service's volume (`-v /var/lib/app:/data`, red team r1 FP).
 */
const HOST_STATE =
  /^\/var\/lib\/(?:docker|containerd|containers|kubelet|etcd|cni|dpkg|apt|rpm|yum|dnf|pacman|snapd|flatpak|systemd|sudo|polkit-1|pam|private|machines|lxc|lxd|libvirt|AccountsService|NetworkManager|sss|ldap|krb5kdc|authselect|shim-signed|grub|ucf|cloud)(?:\/|$)/;
const appData = (path: string): boolean => /^\/var\/lib\/[^/]+/.test(path) && !HOST_STATE.test(path);

/** Home-relative directories whose subdirectories are credential stores (keyrings, browser and chat profiles). */
const STORE_PARENTS =
  /^(?:\.local|\.local\/share|\.config|\.mozilla|\.mozilla\/firefox|Library|Library\/Application Support|AppData|AppData\/(?:Local|Roaming))\/?$/;

export interface MountView {
  /** Absolute host path. */
  readonly path: string;
  /** The source is `/`, a system directory, a whole home, or a broad top-level directory. */
  readonly system: boolean;
  /** The source is or holds a credential store (label), e.g. `~/.aws`, `/etc/shadow`, the whole home. */
  readonly credentials: string | null;
  /** The source is or holds a file that runs code at login or start-up (label), e.g. `~/.bashrc`. */
  readonly persistence: string | null;
  readonly socket: boolean;
}

/** Views already worked out, per policy (three container rules ask for each mount). */
const mountMemo = new WeakMap<Policy, Map<string, MountView>>();

export function viewMount(source: string, policy: Policy): MountView {
  let table = mountMemo.get(policy);
  if (table === undefined) {
    table = new Map();
    mountMemo.set(policy, table);
  }
  const hit = table.get(source);
  if (hit !== undefined) return hit;
  const view = viewMountUncached(source, policy);
  if (table.size >= 1024) table.clear();
  table.set(source, view);
  return view;
}

function viewMountUncached(source: string, policy: Policy): MountView {
  const pp = pathPolicy(policy);
  const raw = source.replace(/^\$\{?PWD\}?|^\$\(pwd\)/, '.');
  const path = resolvePath(raw, pp);
  const home = path === pp.homeDir || /^\/(?:root|home\/[^/]+|Users\/[^/]+)$/.test(path);
  const inWorkspace = isWithin(path, pp.workspaceRoot) && path !== '/';
  const system =
    !inWorkspace &&
    (BROAD.has(path) ||
      home ||
      isBlockDevice(path) ||
      (isSystemPath(path) && !/^\/var\/log(?:\/|$)/.test(path) && !appData(path)));
  let credentials = credentialStore(path, pp);
  // A mount of a directory that contains credential stores exposes them too.
  if (
    credentials === null &&
    (path === '/' || home || path === '/home' || path === '/etc' || path === '/root' || path === '/Users')
  )
    credentials = path === pp.homeDir ? '~' : path;
  // Home directories that hold credential stores (~/.local/share/keyrings, browser profiles under
  // ~/.config, ~/Library/Keychains): mounting the parent hands the stores over (red team r3).
  if (credentials === null) {
    const rel = homeRelative(path, pp);
    if (rel !== null && STORE_PARENTS.test(rel)) credentials = `~/${rel} (which holds credential stores)`;
  }
  // Any other directory with a credential store below it (/etc/kubernetes, ~/.terraform.d; r4).
  // /proc and /sys are the monitoring agents' mounts (node-exporter, cadvisor), not stores.
  if (credentials === null && !inWorkspace && !/^\/(?:proc|sys|dev)(?:\/|$)/.test(path)) {
    const held = holdsCredentials(path, pp);
    if (held !== null) credentials = `${path} (which holds ${held})`;
  }
  return {
    path,
    system,
    credentials,
    persistence: inWorkspace ? null : (persistenceFile(path, pp) ?? holdsPersistence(path, pp)),
    socket: RUNTIME_SOCKET.test(path) || path === '/var/run/docker' || path === '/run/containerd',
  };
}

/** Container engines whose command lines the container rules read. */
export const CONTAINER_ENGINES: ReadonlySet<string> = new Set([
  'docker',
  'podman',
  'nerdctl',
  'crictl',
  'ctr',
]);

/** A listing of every container, service, stack, node or pod (`docker ps -q`, `crictl pods -q`). */
const LISTING =
  /\b(?:docker|podman|nerdctl|crictl|ctr)\b(?:\s+-{1,2}[\w-]+(?:[= ]\S+)?)*?\s+(?:(?:container|service|stack|node|pod|c|containers|t|tasks)\s+)?(?:ps|ls|list|pods)\b/;
/** A listing narrowed to some of them: a filter, a name match, a head count. */
const NARROWED =
  /--filter|\s-f\s|\s-f\w*=|\bgrep\b|\bawk\b|\bsed\b|\bhead\b|\btail\b|\bname=|\blabel=|--label/;

/**
 * Whether an argument is the list of every container/service/node the engine has: a substitution
 * of an unfiltered listing (`$(docker ps -q)`, `` `docker service ls -q` ``), or a word xargs or a
 * loop fills from standard input (`{}`) when the input shows no narrowing of the list.
 */
export function listsEvery(arg: string, fromStdin: boolean): boolean {
  const sub = /\$\((.*)\)|`(.*)`/s.exec(arg);
  if (sub !== null) {
    const body = sub[1] ?? sub[2]!;
    return LISTING.test(body) && !NARROWED.test(` ${body} `);
  }
  return fromStdin;
}

/** Images whose entrypoint is one CLI: the command words are that program's arguments. */
const ENTRYPOINT_IMAGES: readonly (readonly [RegExp, string])[] = [
  [/^(?:bitnami|rancher|lachlanevenson\/k8s)[/-]kubectl$|^registry\.k8s\.io\/kubectl$/, 'kubectl'],
  [/^alpine\/helm$/, 'helm'],
  [/^amazon\/aws-cli$|^public\.ecr\.aws\/aws-cli\/aws-cli$/, 'aws'],
  [/^hashicorp\/terraform$/, 'terraform'],
  [/^(?:curlimages|appropriate|alpine)\/curl$/, 'curl'],
  [/^alpine\/git$/, 'git'],
  [/^(?:mwendler|alpine)\/wget$/, 'wget'],
  [/^alpine\/httpie$/, 'http'],
  // Tunnel clients: NET-AST-004 judges what they publish (r7).
  [/^cloudflare\/cloudflared$/, 'cloudflared'],
  [/^ngrok\/ngrok$/, 'ngrok'],
  [/^ekzhang\/bore$/, 'bore'],
  [/^(?:snowdreamtech|fatedier)\/frpc$/, 'frpc'],
  [/^jpillora\/chisel$/, 'chisel'],
  // The official docker image runs `docker ARGS` when the first word is an option or a subcommand.
  [/^docker$/, 'docker'],
  [/^hetznercloud\/cli$/, 'hcloud'],
];

/**
 * Cloud and hosting CLIs whose vendor images are named for the program and run it as their
 * entrypoint (`digitalocean/doctl databases delete ...`, `flyio/flyctl apps destroy ...`, R13
 * wipe-via-container): an image whose last path part is one of them runs it with the command words.
 */
const CLI_IMAGE_NAMES: ReadonlySet<string> = new Set([
  'doctl',
  'flyctl',
  'hcloud',
  'linode-cli',
  'vultr-cli',
  'scw',
  'heroku',
  'vercel',
  'netlify',
  'railway',
  'oci-cli',
  'ibmcloud',
  'aliyun',
  'exoscale-cli',
  'civo',
  'upcloud-cli',
  'pulumi',
  'rclone',
  's3cmd',
  'mc',
  'vault',
]);

/**
 * Images whose entrypoint script runs a first word that is a program itself (curlimages' `sh -c`,
 * the docker image's `sh`): the CLI runs only when the first word is one of its own arguments.
 */
const CLIENT_ARGUMENT = /^-|^[a-z][a-z0-9+.-]*:\/\/|^[\w.-]+\.[a-z]{2,}(?:[:/]|$)/i;
const OWN_FIRST_WORD: ReadonlyMap<string, RegExp> = new Map([
  ['curl', CLIENT_ARGUMENT],
  ['wget', CLIENT_ARGUMENT],
  ['http', CLIENT_ARGUMENT],
  [
    'docker',
    /^-|^(?:run|exec|ps|build|buildx|compose|pull|push|rm|rmi|cp|save|load|export|import|stop|kill|start|restart|create|volume|network|system|image|images|container|context|login|logout|tag|inspect|logs|swarm|service|stack|node|secret|config|plugin|info|version|prune|top|stats|events|port|diff|history|rename|wait|attach|commit|search|manifest|trust|scout|update|pause|unpause|builder|sbom|init)$/,
  ],
]);

/**
 * The program an image runs with the command words as its arguments, or undefined; `first` is the
 * first command word (an image with a smart entrypoint runs it when it is not an option or URL).
 */
export function entrypointOf(image: string | undefined, first: string): string | undefined {
  if (image === undefined) return undefined;
  const name = image
    .replace(/@sha256:[0-9a-f]+$/i, '')
    .replace(/:[\w.-]+$/, '')
    .replace(/^(?:docker\.io\/|index\.docker\.io\/)(?:library\/)?/, '');
  for (const [re, program] of ENTRYPOINT_IMAGES) {
    if (!re.test(name)) continue;
    const own = OWN_FIRST_WORD.get(program);
    return own === undefined || own.test(first) ? program : undefined;
  }
  // A namespaced image named for the CLI it runs (`digitalocean/doctl`, `rclone/rclone`, `minio/mc`).
  const base = name.slice(name.lastIndexOf('/') + 1);
  if (name.includes('/') && CLI_IMAGE_NAMES.has(base)) return base === 'oci-cli' ? 'oci' : base;
  return undefined;
}

/** Debuggers and tracers: they need ptrace and personality(2), which the default seccomp profile blocks. */
export const DEBUGGER = /^(?:gdb|gdbserver|lldb|lldb-server|rr|strace|ltrace|valgrind|perf|dlv|py-spy)$/;
