/** DKR-AST-002: mounting the docker/containerd/podman API socket hands the container control of the host. */
import { viewMount } from '../../knowledge/docker.js';
import { ENGINE_CLIENT } from '../../knowledge/store-clients.js';
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'DKR-AST-002',
  invariant: 'NO_PRIVILEGE_ESCALATION',
  kinds: ['container'],
  summary:
    'Bind mounts of /var/run/docker.sock, containerd.sock, podman.sock and other container runtime sockets (read-only included).',
  remediationHint:
    'Do not give a container the docker socket: anything that can talk to it can start a privileged container on the host. Run the docker command yourself, or use a rootless builder (buildkit, kaniko) inside the workspace.',
  *check(facts, policy) {
    for (const c of facts.of('container'))
      for (const m of c.mounts) {
        // Mounted read-only or not, a scanner, reaper or runner uses it for its one job (knowledge/host-tools.ts).
        if (c.hostTool?.needs.includes('socket') === true) continue;
        // The docker client run directly (`docker:cli ps`): the command is judged as run here.
        if (c.runs !== undefined && ENGINE_CLIENT.test(c.runs)) continue;
        if (!viewMount(m.source, policy).socket) continue;
        yield {
          span: c.span,
          reason: `the container mounts the runtime socket ${m.source}, which controls the host`,
          suggestedAlternative: null,
        };
      }
  },
  examples: {
    deny: [
      {
        input:
          'docker run --rm -v /var/run/docker.sock:/var/run/docker.sock --entrypoint sh aquasec/trivy -c "docker ps"',
        runtime: 'docker',
      },
      {
        input:
          "docker run -v /var/run/docker.sock:/var/run/docker.sock docker:cli sh -c 'docker ps -q | xargs docker rm -f'",
        runtime: 'docker',
      },
      {
        input: 'docker run -v /var/run/docker.sock:/var/run/docker.sock evil/tools docker ps',
        runtime: 'docker',
      },
      {
        input:
          'docker run --mount type=bind,source=/run/containerd/containerd.sock,target=/c.sock,readonly alpine',
        runtime: 'docker',
      },
      {
        input:
          'services:\n  agent:\n    image: portainer/agent\n    volumes:\n      - /var/run/docker.sock:/var/run/docker.sock:ro\n',
        runtime: 'docker',
      },
    ],
    allow: [
      {
        input:
          'docker run -d --name watchtower -v /var/run/docker.sock:/var/run/docker.sock containrrr/watchtower --cleanup',
        runtime: 'docker',
        why: 'an updater running its own entrypoint: it pulls new tags of the running containers',
      },
      {
        input: 'docker run --rm -v /var/run/docker.sock:/var/run/docker.sock testcontainers/ryuk:0.6.0',
        runtime: 'docker',
        why: "testcontainers' reaper: its job needs the socket",
      },
      {
        input: 'docker run --rm -v /var/run/docker.sock:/var/run/docker.sock:ro docker:cli ps',
        runtime: 'docker',
        why: 'the official docker client run directly: judged as `docker ps` run here',
      },
      { input: 'docker run -v ./data:/data postgres:16', runtime: 'docker', why: 'a workspace directory' },
      {
        input: 'docker run -v pgdata:/var/lib/postgresql/data postgres:16',
        runtime: 'docker',
        why: 'a named volume, not a host path',
      },
    ],
  },
});
