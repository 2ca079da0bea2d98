import { describe, expect, it } from 'vitest';
import { hostToolOf } from '../../../src/engine/knowledge/host-tools.js';

describe('hostToolOf', () => {
  it.each<[string, string | undefined, string[] | undefined]>([
    // image, first command word, needs (undefined: not a host tool)
    ['containrrr/watchtower', '--cleanup', ['socket']],
    ['containrrr/watchtower:1.7.1', 'nginx', ['socket']],
    ['docker.io/testcontainers/ryuk:0.7.0', undefined, ['socket']],
    ['traefik:v3.0', '--api.dashboard=true', ['socket']],
    ['traefik:v3.0', 'sh', undefined],
    ['localstack/localstack:3.4', '', ['socket']],
    ['localstack/localstack:3.4', 'sh', undefined],
    ['gcr.io/cadvisor/cadvisor:v0.47.2', undefined, ['hostRead', 'socket']],
    ['quay.io/prometheus/node-exporter:v1.7.0', '--path.rootfs=/host', ['hostRead', 'hostNamespaces']],
    ['tonistiigi/binfmt', '--install', ['privileged']],
    ['multiarch/qemu-user-static', '--reset', ['privileged']],
    ['multiarch/qemu-user-static', 'sh', undefined],
    ['docker:27-dind', undefined, ['privileged', 'hostRead']],
    ['docker:27-dind', 'sh', undefined],
    ['docker:27-cli', undefined, undefined],
    ['rancher/k3s:v1.30.4-k3s1', 'server', ['privileged', 'hostRead']],
    ['goreleaser/goreleaser', 'release', ['socket']],
    ['lscr.io/linuxserver/wireguard', undefined, ['hostNet', 'hostRoutes', 'kernelModules']],
    ['nicolaka/netshoot', undefined, ['hostNet']],
    ['nicolaka/netshoot', 'tcpdump', undefined],
    ['evil/watchtower', undefined, undefined],
    ['acme/node-exporter', undefined, undefined],
    [undefined as unknown as string, undefined, undefined],
  ])('%s %s', (image, first, needs) => {
    expect(hostToolOf(image, first)?.needs).toEqual(needs);
  });
  it('grants a management UI the socket only while it is not published on every interface', () => {
    expect(hostToolOf('portainer/portainer-ce:2.21', undefined, false)?.needs).toEqual(['socket']);
    expect(hostToolOf('portainer/portainer-ce:2.21', undefined, true)).toBeUndefined();
  });
});
