/** DKR-AST-001: privileged containers (--privileged, compose `privileged: true`, RUN --security=insecure) run as host root. */
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'DKR-AST-001',
  invariant: 'NO_PRIVILEGE_ESCALATION',
  kinds: ['container'],
  summary:
    'Privileged containers: docker run/create/exec --privileged, compose privileged: true, RUN --security=insecure.',
  remediationHint:
    'Run the container without --privileged. If it needs one device or capability, name only that one (--device /dev/fuse, --cap-add NET_BIND_SERVICE) and ask the user first.',
  *check(facts) {
    for (const c of facts.of('container')) {
      // Options the input does not show may be --privileged: fail closed (red team r3).
      if (c.unknownFlags !== undefined)
        yield {
          span: c.span,
          reason: `the container's flags are unknown (${c.unknownFlags}): they may make it privileged or mount the host`,
          suggestedAlternative: null,
        };
      // A one-shot binfmt installer's job is privileged (knowledge/host-tools.ts).
      if (!c.privileged || c.hostTool?.needs.includes('privileged') === true) continue;
      yield {
        span: c.span,
        reason:
          `container ${c.image ?? ''} is privileged: it has every capability and every host device`.replace(
            '  ',
            ' ',
          ),
        rewrite: { find: '--privileged ', with: '' },
      };
    }
  },
  examples: {
    deny: [
      {
        input: 'docker run --rm --privileged --entrypoint sh tonistiigi/binfmt -c "mount /dev/sda1 /mnt"',
        runtime: 'docker',
      },
      { input: 'docker run --privileged -it ubuntu bash', runtime: 'docker' },
      { input: 'docker run --privileged=true alpine id', runtime: 'docker' },
      { input: 'podman run --rm --privileged quay.io/x/y', runtime: 'docker' },
      { input: 'docker exec --privileged -it web sh', runtime: 'docker' },
      { input: 'services:\n  app:\n    image: alpine\n    privileged: true\n', runtime: 'docker' },
      { input: 'FROM alpine\nRUN --security=insecure mount -t tmpfs none /mnt\n', runtime: 'docker' },
      { input: 'docker run --privileged alpine true' },
    ],
    allow: [
      {
        input: 'docker run --rm --privileged tonistiigi/binfmt --install arm64',
        runtime: 'docker',
        why: "buildx's documented one-shot QEMU binfmt install, the image's own entrypoint (knowledge/host-tools.ts)",
      },
      {
        input: 'docker run --rm -it ubuntu bash',
        runtime: 'docker',
        why: 'an ordinary unprivileged container',
      },
      {
        input: 'docker run --privileged=false alpine id',
        runtime: 'docker',
        why: 'explicitly not privileged',
      },
      { input: 'docker ps --filter label=privileged', runtime: 'docker', why: 'listing containers' },
    ],
  },
});
