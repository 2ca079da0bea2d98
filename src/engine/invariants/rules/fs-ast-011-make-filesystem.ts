/** FS-AST-011: creating a file system or erasing signatures (mkfs*, mke2fs, mkswap, wipefs -a). */
import type { ExecFact } from '../../facts.js';
import { isBlockDevice, resolvePath } from '../../paths.js';
import { defineRule } from '../define-rule.js';
import { hasLongFlag, hasShortFlag, operands } from '../helpers.js';

const MAKERS =
  /^(?:mkfs(?:\..+)?|mke2fs|mke4fs|mkswap|mkntfs|mkdosfs|mkexfatfs|mkudffs|mkreiserfs|mkxfs|jfs_mkfs|newfs(?:_\w+)?|mformat)$/;

/** Names a disk-image file carries (disk.img, rootfs.ext4, boot.vfat). */
const IMAGE_FILE = /\.(?:img|raw|ext[234]|vfat|fat|btrfs|xfs|squashfs|iso)$/i;

/** The size operand after the target (`mkfs.ext4 disk.img 64M`). */
const SIZE = /^\d+[kmgt]?$/i;

/**
 * Whether a maker formats a disk-image file rather than a device (R21: `dd if=/dev/zero of=disk.img
 * && mkfs.ext4 -F disk.img` for an image-build test): the target, the last operand before an
 * optional size, is a literal path outside /dev named as an image or written by this same input, and
 * nothing here links a name to a device (`ln -s /dev/sda disk.img`).
 */
function formatsImageFile(
  e: ExecFact,
  runs: readonly ExecFact[],
  written: ReadonlySet<string>,
  policy: Parameters<typeof resolvePath>[1],
): boolean {
  if (e.dynamic) return false;
  const words = operands(e.argv);
  while (words.length > 1 && SIZE.test(words[words.length - 1] ?? '')) words.pop();
  const target = words[words.length - 1];
  if (target === undefined || /[$`*?]/.test(target)) return false;
  const abs = resolvePath(target, policy);
  if (abs.startsWith('/dev/') || isBlockDevice(abs)) return false;
  if (runs.some((r) => r.program === 'ln' || r.program === 'losetup' || r.program === 'mknod')) return false;
  return IMAGE_FILE.test(target) || written.has(abs);
}

export default defineRule({
  id: 'FS-AST-011',
  invariant: 'NO_DEVICE_OR_DISK_WRITE',
  kinds: ['exec', 'file'],
  summary: 'mkfs/mke2fs/mkswap (file-system creation) and wipefs -a (signature erasure).',
  remediationHint:
    'Creating or erasing file systems destroys whole disks. If you need a scratch file system, build an image file in the workspace with a user-space tool instead of formatting a device.',
  *check(facts, policy) {
    const runs = facts.of('exec');
    if (!runs.some((e) => MAKERS.test(e.program) || e.program === 'wipefs')) return;
    // Files an earlier step of this input wrote itself (dd of=, truncate, fallocate): not a device.
    const written = new Set(
      facts
        .of('file')
        .filter((f) => f.op === 'write' && !MAKERS.test(f.actor))
        .map((f) => resolvePath(f.path, policy)),
    );
    for (const e of runs) {
      if (MAKERS.test(e.program)) {
        if (formatsImageFile(e, runs, written, policy)) continue;
        yield {
          span: e.span,
          reason: `${e.program} creates a file system, destroying what the target holds`,
        };
      } else if (
        e.program === 'wipefs' &&
        (hasShortFlag(e.argv, 'a') || hasLongFlag(e.argv, 'all') || hasShortFlag(e.argv, 'o'))
      ) {
        yield { span: e.span, reason: 'wipefs erases file-system signatures' };
      }
    }
  },
  examples: {
    deny: [
      { input: 'mkfs.ext4 /dev/sda1' },
      { input: 'mkfs -t xfs /dev/nvme0n1p2' },
      { input: 'wipefs -a /dev/sdb' },
      { input: 'mkswap /dev/sdc2' },
      { input: 'ln -s /dev/sda disk.img && mkfs.ext4 -F disk.img' },
    ],
    allow: [
      { input: 'wipefs /dev/sdb', why: 'without -a wipefs only lists signatures' },
      { input: 'echo mkfs.ext4', why: 'the word is printed, not run' },
      {
        input: 'dd if=/dev/zero of=./out/disk.img bs=1M count=64 && mkfs.ext4 -F ./out/disk.img',
        why: 'formats an image file the same command just wrote, not a device',
      },
    ],
  },
});
