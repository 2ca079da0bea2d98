/**
 * Infrastructure images whose one job needs a piece of the host, and which piece: the runtime
 * socket, read-only host mounts, the host's namespaces, privileged mode, tracing, devices or kernel
 * modules. Trust rests on the repository path, which its publisher owns (a shape such as
 * `*-exporter` anyone could push), and only holds while the image runs its own entrypoint: with
 * --entrypoint or a shell first word it is any program. Each tool is granted only its own need (watchtower with `/:/host` is still denied).
 */

/**
 * What a tool's job needs from the host: the runtime socket, read-only host mounts, the host's pid
 * and net namespaces (or only its network, and its routes: NET_ADMIN there), privileged mode, the tracing a monitor does (SYS_PTRACE,
 * SYS_ADMIN, BPF, AppArmor off), host devices mounted writable (a kernel-event driver), or kernel
 * modules (SYS_MODULE with /lib/modules: a VPN loading wireguard).
 */
export type HostNeed =
  | 'socket'
  | 'hostRead'
  | 'hostNamespaces'
  | 'hostNet'
  | 'hostRoutes'
  | 'privileged'
  | 'trace'
  | 'hostDev'
  | 'kernelModules';

interface HostTool {
  /** The repository, registry `docker.io/` and `library/` dropped, tag and digest dropped. */
  readonly name: RegExp;
  readonly needs: readonly HostNeed[];
  /**
   * The entrypoint is the tool's binary (any command words are its arguments); otherwise an
   * entrypoint script runs a first word that is not an option as a program (`traefik sh -c ...`).
   */
  readonly binary: boolean;
  /** Only the tag says it (`docker:27-dind` is the engine, `docker:27-cli` the client). */
  readonly tag?: RegExp;
  /**
   * A web UI that hands whoever reaches it the socket's power: granted only while it is not
   * published on every interface of the host (`-p 127.0.0.1:9443:9443` or no port at all).
   */
  readonly localOnly?: boolean;
}

const HOST_TOOLS: readonly HostTool[] = [
  // Reap or inspect this engine's own containers and images; start none of their choosing.
  {
    name: /^(?:testcontainers\/ryuk|wagoodman\/dive|aquasec\/trivy|ghcr\.io\/aquasecurity\/trivy|anchore\/(?:grype|syft)|goodwithtech\/dockle)$/,
    needs: ['socket'],
    binary: true,
  },
  // Reverse proxies and config generators reading labels to route, a socket filter, log readers (r11 fpd).
  {
    name: /^(?:traefik|(?:jwilder|nginxproxy)\/(?:nginx-proxy|docker-gen)|lucaslorentz\/caddy-docker-proxy|tecnativa\/docker-socket-proxy|grafana\/promtail|amir20\/dozzle)$/,
    needs: ['socket'],
    binary: false,
  },
  // R11 fp: updaters and CI runners start containers, but only the images they are configured with
  // (watchtower: new tags of running ones; autoheal restarts unhealthy ones; gitlab-runner: its
  // project's job images); LocalStack runs
  // Lambda functions in containers.
  {
    name: /^(?:containrrr\/watchtower|nickfedor\/watchtower|willfarrell\/autoheal|gitlab\/gitlab-runner|registry\.gitlab\.com\/gitlab-org\/gitlab-runner)$/,
    needs: ['socket'],
    binary: true,
  },
  { name: /^localstack\/localstack(?:-pro)?$/, needs: ['socket'], binary: false },
  // Host monitoring agents read /, /sys, /proc and the container store read-only; node-exporter
  // counts the host's processes and interfaces.
  {
    name: /^(?:gcr\.io\/cadvisor\/cadvisor|google\/cadvisor|gcr\.io\/google-containers\/cadvisor)$/,
    needs: ['hostRead', 'socket'],
    binary: true,
  },
  {
    name: /^(?:quay\.io\/prometheus\/node-exporter|prom\/node-exporter)$/,
    needs: ['hostRead', 'hostNamespaces'],
    binary: true,
  },
  {
    name: /^(?:netdata\/netdata|grafana\/alloy|grafana\/agent|gcr\.io\/datadoghq\/agent|datadog\/agent|public\.ecr\.aws\/datadog\/agent)$/,
    needs: ['hostRead', 'hostNamespaces', 'socket', 'trace'],
    binary: false,
  },
  // Release tools that build and push images through the engine (goreleaser's `dockers:` steps).
  {
    name: /^(?:goreleaser\/goreleaser(?:-cross|-pro)?|ghcr\.io\/goreleaser\/goreleaser(?:-cross|-pro)?)$/,
    needs: ['socket'],
    binary: true,
  },
  // CI agents that run their jobs' containers on the host engine, as gitlab-runner does.
  {
    name: /^(?:drone\/drone-runner-docker|gitea\/act_runner|buildkite\/agent|jenkins\/(?:jenkins|inbound-agent|ssh-agent)|myoung34\/github-runner|ghcr\.io\/actions\/actions-runner)$/,
    needs: ['socket'],
    binary: false,
  },
  // Container management UIs: whoever reaches them drives the engine, so only from this machine.
  {
    name: /^(?:portainer\/portainer(?:-ce|-ee)?|louislam\/dockge|selfhostedpro\/yacht|lazyteam\/lazydocker|quay\.io\/vektorlab\/ctop|louislam\/uptime-kuma)$/,
    needs: ['socket'],
    binary: false,
    localOnly: true,
  },
  // Nested engines: Docker-in-Docker, a kind or k3s node, buildkitd, podman. Their daemon needs
  // privileged mode and reads the host's kernel modules.
  { name: /^docker$/, tag: /(?:^|-)dind(?:-|$)/, needs: ['privileged', 'hostRead'], binary: false },
  {
    name: /^(?:kindest\/node|quay\.io\/podman\/stable|cruizba\/ubuntu-dind)$/,
    needs: ['privileged', 'hostRead'],
    binary: false,
  },
  { name: /^(?:rancher\/k3s|moby\/buildkit)$/, needs: ['privileged', 'hostRead'], binary: true },
  // Runtime security monitors load a kernel-event driver and watch every process and container.
  {
    name: /^(?:falcosecurity\/falco(?:-no-driver|-driver-loader)?|aquasec\/tracee|sysdig\/sysdig)$/,
    needs: ['privileged', 'socket', 'hostRead', 'hostNamespaces', 'trace', 'hostDev'],
    binary: false,
  },
  // VPN servers and clients: tun devices and routes in their own namespace (NET_ADMIN is already
  // allowed there), the host's network to route for it, the wireguard module (linuxserver docs).
  {
    name: /^(?:(?:lscr\.io\/)?linuxserver\/wireguard|(?:ghcr\.io\/)?wg-easy\/wg-easy|weejewel\/wg-easy|tailscale\/tailscale|qmcgaw\/gluetun|kylemanna\/openvpn|zerotier\/zerotier|netbirdio\/netbird)$/,
    needs: ['hostNet', 'hostRoutes', 'kernelModules'],
    binary: false,
  },
  // Home Assistant's documented install: privileged for USB and Bluetooth radios, the host network,
  // D-Bus read-only.
  {
    name: /^(?:(?:ghcr\.io\/)?home-assistant\/home-assistant|homeassistant\/home-assistant|(?:lscr\.io\/)?linuxserver\/homeassistant)$/,
    needs: ['hostNet', 'privileged', 'hostRead'],
    binary: false,
  },
  // Network debugging: its shell looks at the host's interfaces (a command given is judged as run).
  { name: /^nicolaka\/netshoot$/, needs: ['hostNet'], binary: false },
  // LAN hubs whose discovery (mDNS, SSDP, DHCP) does not cross docker's bridge: home automation,
  // media servers, network-wide DNS. They are given the host network, nothing else.
  {
    name: /^(?:(?:lscr\.io\/)?linuxserver\/(?:plex|jellyfin|emby)|homebridge\/homebridge|openhab\/openhab|koush\/scrypted|(?:ghcr\.io\/)?esphome\/esphome|jellyfin\/jellyfin|plexinc\/pms-docker|pihole\/pihole|adguard\/adguardhome)$/,
    needs: ['hostNet'],
    binary: false,
  },
  // One-shot registration of QEMU binfmt handlers for multi-arch builds (buildx docs).
  { name: /^(?:tonistiigi\/binfmt|docker\/binfmt)$/, needs: ['privileged'], binary: true },
  { name: /^(?:multiarch\/qemu-user-static|aptman\/qus)$/, needs: ['privileged'], binary: false },
];

/** A known tool and what it needs, or undefined. */
export interface HostToolMatch {
  readonly name: string;
  readonly needs: readonly HostNeed[];
}

/**
 * The tool when the image is one of HOST_TOOLS running its own entrypoint (the caller checks that
 * none replaces it); `first` is the first command word (undefined or '' when none).
 */
export function hostToolOf(
  image: string | undefined,
  first?: string,
  publishedOnAll = false,
): HostToolMatch | undefined {
  if (image === undefined) return undefined;
  const bare = image.replace(/@sha256:[0-9a-f]+$/i, '');
  const tag = /:([\w.-]+)$/.exec(bare)?.[1] ?? 'latest';
  const name = bare
    .replace(/:[\w.-]+$/, '')
    .replace(/^(?:docker\.io\/|index\.docker\.io\/)(?:library\/)?/, '');
  const tool = HOST_TOOLS.find((t) => t.name.test(name) && (t.tag === undefined || t.tag.test(tag)));
  if (tool === undefined || (tool.localOnly === true && publishedOnAll)) return undefined;
  if (!tool.binary && first !== undefined && first !== '' && !first.startsWith('-')) return undefined;
  return { name, needs: tool.needs };
}
