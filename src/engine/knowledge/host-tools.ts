/**
 * Infrastructure images whose one job needs a piece of the host, and which piece: the runtime
 * socket, read-only host mounts, the host's pid/net namespaces, or privileged mode. Trust rests on
 * the repository path, which its publisher owns (a shape such as `*-exporter` anyone could push), and
 * only holds while the image runs its own entrypoint: with --entrypoint or a shell first word it is
 * any program. Each tool is granted only its own need (watchtower with `/:/host` is still denied).
 */

/** What a tool's job needs from the host. */
export type HostNeed = 'socket' | 'hostRead' | 'hostNamespaces' | 'privileged';

interface HostTool {
  /** The repository, registry `docker.io/` and `library/` dropped, tag and digest dropped. */
  readonly name: RegExp;
  readonly needs: readonly HostNeed[];
  /**
   * The entrypoint is the tool's binary (any command words are its arguments); otherwise an
   * entrypoint script runs a first word that is not an option as a program (`traefik sh -c ...`).
   */
  readonly binary: boolean;
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
    needs: ['hostRead', 'hostNamespaces', 'socket'],
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
export function hostToolOf(image: string | undefined, first?: string): HostToolMatch | undefined {
  if (image === undefined) return undefined;
  const name = image
    .replace(/@sha256:[0-9a-f]+$/i, '')
    .replace(/:[\w.-]+$/, '')
    .replace(/^(?:docker\.io\/|index\.docker\.io\/)(?:library\/)?/, '');
  const tool = HOST_TOOLS.find((t) => t.name.test(name));
  if (tool === undefined) return undefined;
  if (!tool.binary && first !== undefined && first !== '' && !first.startsWith('-')) return undefined;
  return { name, needs: tool.needs };
}
