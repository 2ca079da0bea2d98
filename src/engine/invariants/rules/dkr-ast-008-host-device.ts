/** DKR-AST-008: host disks and memory devices passed into a container (--device /dev/sda, /dev/mem, cgroup rule `a *:* rwm`). */
import { isBlockDevice } from '../../paths.js';
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'DKR-AST-008',
  invariant: 'NO_DEVICE_OR_DISK_WRITE',
  kinds: ['container'],
  summary:
    '--device of raw disks, partitions or memory devices, and device cgroup rules that allow every device.',
  remediationHint:
    'Do not give a container raw disks or memory devices. Mount a workspace directory instead; for GPUs or FUSE pass only that device (--gpus, --device /dev/fuse).',
  *check(facts) {
    for (const c of facts.of('container'))
      for (const d of c.devices) {
        const wide = d.startsWith('cgroup-rule:') && /^cgroup-rule:\s*[ab]\s+\*:\*/.test(d);
        if (!wide && !isBlockDevice(d)) continue;
        yield {
          span: c.span,
          reason: wide
            ? 'a device cgroup rule lets the container open every host device'
            : `the container gets the host device ${d}`,
          suggestedAlternative: null,
        };
      }
  },
  examples: {
    deny: [
      {
        input: 'docker run --device /dev/sda:/dev/xvda alpine dd if=/dev/zero of=/dev/xvda',
        runtime: 'docker',
      },
      { input: 'docker run --device=/dev/mem alpine', runtime: 'docker' },
      { input: "docker run --device-cgroup-rule 'a *:* rwm' alpine", runtime: 'docker' },
    ],
    allow: [
      { input: 'docker run --device /dev/fuse sshfs-image', runtime: 'docker', why: 'FUSE is not a disk' },
      {
        input: 'docker run --gpus all nvidia/cuda:12.4.0-base-ubuntu22.04 nvidia-smi',
        runtime: 'docker',
        why: 'GPU access',
      },
    ],
  },
});
