/** The docker extractor on its own: CLI flags, compose files, Dockerfiles and the code they hand back. */
import { describe, expect, it } from 'vitest';
import { unlimitedBudget } from '../../../src/engine/budget.js';
import { extractDocker } from '../../../src/engine/extract/docker.js';
import type { ExtractContext } from '../../../src/engine/extract/types.js';
import type { ContainerFact, Fact } from '../../../src/engine/facts.js';
import type { Runtime } from '../../../src/engine/types.js';

function run(text: string): { facts: Fact[]; nested: { code: string; runtime: Runtime; via: string }[] } {
  const nested: { code: string; runtime: Runtime; via: string }[] = [];
  const ctx: ExtractContext = {
    depth: 0,
    mapSpan: (s) => s,
    budget: unlimitedBudget(),
    nested(code, runtime, _span, via) {
      nested.push({ code, runtime, via });
      return [];
    },
  };
  return { facts: extractDocker(text, ctx), nested };
}
const container = (text: string): ContainerFact =>
  run(text).facts.find((f): f is ContainerFact => f.kind === 'container')!;

describe('docker CLI flags', () => {
  it.each([
    ['docker run --privileged alpine', { privileged: true, image: 'alpine' }],
    ['docker run --privileged=false alpine', { privileged: false }],
    [
      'docker run -it --rm -v /:/host:ro alpine',
      { mounts: [{ source: '/', target: '/host', readOnly: true }] },
    ],
    ['docker run -v/etc:/etc alpine', { mounts: [{ source: '/etc', target: '/etc', readOnly: false }] }],
    ['docker run -v data:/data alpine', { mounts: [] }],
    [
      'docker run --mount type=bind,src=/var/run/docker.sock,dst=/s alpine',
      { mounts: [{ source: '/var/run/docker.sock', target: '/s', readOnly: false }] },
    ],
    [
      'docker run --pid=host --network host --ipc=host --uts=host --userns=host alpine',
      { hostNamespaces: ['pid', 'net', 'ipc', 'uts', 'userns'] },
    ],
    ['docker run --cap-add=SYS_ADMIN --cap-add cap_net_admin alpine', { capAdd: ['SYS_ADMIN', 'NET_ADMIN'] }],
    ['docker run --security-opt seccomp=unconfined alpine', { securityOpt: ['seccomp=unconfined'] }],
    ['docker run --device=/dev/sda:/dev/xvda alpine', { devices: ['/dev/sda'] }],
    ['docker run -u root alpine', { user: 'root' }],
    ['docker container run -d --name x nginx:1.27', { image: 'nginx:1.27' }],
    ['podman run --privileged quay.io/a/b', { privileged: true, image: 'quay.io/a/b' }],
    ['docker -H tcp://10.0.0.5:2375 run --privileged alpine', { privileged: true }],
    ['docker exec --privileged -u 0 web sh', { privileged: true, user: '0' }],
  ] as const)('%s', (text, want) => {
    expect(container(text)).toMatchObject(want);
  });

  it('hands the container command back as bash', () => {
    expect(run('docker run --rm postgres sh -c "psql -c \'DROP DATABASE prod\'"').nested).toEqual([
      { code: 'sh -c "psql -c \'DROP DATABASE prod\'"', runtime: 'bash', via: 'docker' },
    ]);
    expect(run('docker exec -it web bash -c "rm -rf /data"').nested[0]).toMatchObject({
      code: 'bash -c "rm -rf /data"',
      runtime: 'bash',
    });
    expect(run('docker run --entrypoint sh alpine -c id').nested[0]).toMatchObject({ code: 'sh -c id' });
    expect(run('docker compose run --rm api python manage.py flush').nested[0]).toMatchObject({
      code: 'python manage.py flush',
    });
  });

  it('analyses non-docker commands of the line as bash, docker commands blanked', () => {
    const { nested } = run('docker pull alpine && curl -s https://x.example/i.sh | sh');
    expect(nested).toHaveLength(1);
    expect(nested[0]!.code).toMatch(/^:\s+&& curl -s https:\/\/x\.example\/i\.sh \| sh$/);
  });

  it('turns docker cp into file operations on the host side', () => {
    const files = run('docker cp ~/.ssh/id_rsa web:/tmp/k').facts.filter((f) => f.kind === 'file');
    expect(files).toMatchObject([{ op: 'copy', path: '~/.ssh/id_rsa', role: 'source', actor: 'docker cp' }]);
    const back = run('docker cp web:/etc/passwd /etc/passwd').facts.filter((f) => f.kind === 'file');
    // The container side is read (a secret taken out of a container is still a secret), the host side written.
    expect(back).toMatchObject([
      { op: 'read', path: '/etc/passwd', actor: 'docker cp' },
      { op: 'copy', path: '/etc/passwd', role: 'destination' },
    ]);
  });

  it('reports a remote docker API as a network target', () => {
    expect(run('docker -H tcp://10.0.0.5:2375 ps').facts.find((f) => f.kind === 'net')).toMatchObject({
      host: '10.0.0.5',
      port: 2375,
    });
  });
});

describe('compose files', () => {
  it('reads each service', () => {
    const text = [
      'services:',
      '  app:',
      '    image: alpine',
      '    privileged: true',
      '    network_mode: host',
      '    cap_add: [SYS_PTRACE]',
      '    security_opt: ["apparmor:unconfined"]',
      '    volumes:',
      '      - /var/run/docker.sock:/var/run/docker.sock:ro',
      '      - type: bind',
      '        source: /etc',
      '        target: /host-etc',
      '    command: ["sh", "-c", "rm -rf /x"]',
    ].join('\n');
    const { facts, nested } = run(text);
    expect(facts.find((f) => f.kind === 'container')).toMatchObject({
      privileged: true,
      hostNamespaces: ['net'],
      capAdd: ['SYS_PTRACE'],
      securityOpt: ['apparmor:unconfined'],
      mounts: [
        { source: '/var/run/docker.sock', readOnly: true },
        { source: '/etc', target: '/host-etc', readOnly: false },
      ],
    });
    expect(nested).toEqual([{ code: "sh -c 'rm -rf /x'", runtime: 'bash', via: 'docker' }]);
  });
});

describe('Dockerfiles', () => {
  const dockerfile = [
    '# syntax=docker/dockerfile:1',
    'FROM python:3.12-slim AS app',
    'RUN apt-get update && \\',
    '    apt-get install -y curl',
    'RUN ["sh", "-c", "echo two words"]',
    'RUN --mount=type=cache,target=/root/.cache pip install -r requirements.txt',
    'RUN <<EOF',
    'set -e',
    'make build',
    'EOF',
    'ADD https://example.org/tool.tgz /opt/',
    'COPY --from=build /out /app',
    'COPY .env /app/.env',
    'USER root',
    'CMD python app.py',
  ].join('\n');

  it('hands every RUN/CMD back as bash, keeping exec-form whitespace', () => {
    expect(run(dockerfile).nested.map((n) => n.code)).toEqual([
      'apt-get update && \\\n    apt-get install -y curl',
      "sh -c 'echo two words'",
      'pip install -r requirements.txt',
      'set -e\nmake build\n',
      'python app.py',
    ]);
  });

  it('reports ADD of a URL, COPY sources from the host, image and user', () => {
    const { facts } = run(dockerfile);
    expect(facts.filter((f) => f.kind === 'net')).toMatchObject([
      { host: 'example.org', actor: 'docker ADD' },
    ]);
    expect(facts.filter((f) => f.kind === 'file')).toMatchObject([
      { path: '.env', op: 'read', actor: 'Dockerfile COPY' },
    ]);
    expect(facts.find((f) => f.kind === 'container')).toMatchObject({
      image: 'python:3.12-slim',
      user: 'root',
      privileged: false,
    });
  });

  it('marks RUN --security=insecure as privileged', () => {
    expect(container('FROM alpine\nRUN --security=insecure id\n')).toMatchObject({ privileged: true });
  });
});
