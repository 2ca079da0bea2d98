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
    // `a *:*` and `b *:*` open every device; any block-device rule that may create (m) or write (w)
    // reaches host disks with mknod (`b 8:* rmw`: every SCSI disk, red team r3); `c 1:*` is /dev/mem.
    const wideRule = (rule: string): boolean => {
      const m = /^\s*([abc])\s+(\*|\d+):(\*|\d+)\s*([rwm]*)/.exec(rule.replace(/^["']|["']$/g, ''));
      if (!m) return true; // unreadable: fail closed
      const [, type, major, minor, perms] = m;
      if ((type === 'a' || type === 'b') && major === '*' && minor === '*') return true;
      if (type === 'b' && /[wm]/.test(perms!)) return true;
      return type === 'c' && major === '1';
    };
    for (const c of facts.of('container'))
      for (const d of c.devices) {
        const wide = d.startsWith('cgroup-rule:') && wideRule(d.slice('cgroup-rule:'.length));
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
      { input: "docker run --device-cgroup-rule='b 8:* rmw' alpine", runtime: 'docker' },
      {
        input: "services:\n  x:\n    image: alpine\n    device_cgroup_rules:\n      - 'b 8:* rmw'",
        runtime: 'docker',
      },
    ],
    allow: [
      { input: 'docker run --device /dev/fuse sshfs-image', runtime: 'docker', why: 'FUSE is not a disk' },
      {
        input: "docker run --device-cgroup-rule='c 189:* rmw' -v /dev/bus/usb:/dev/bus/usb adb-image",
        runtime: 'docker',
        why: 'USB character devices (an Android phone), not disks',
      },
      {
        input: 'docker run --gpus all nvidia/cuda:12.4.0-base-ubuntu22.04 nvidia-smi',
        runtime: 'docker',
        why: 'GPU access',
      },
    ],
  },
});
