/** FS-AST-011: creating a file system or erasing signatures (mkfs*, mke2fs, mkswap, wipefs -a). */
import { defineRule } from '../define-rule.js';
import { hasLongFlag, hasShortFlag } from '../helpers.js';

const MAKERS =
  /^(?:mkfs(?:\..+)?|mke2fs|mke4fs|mkswap|mkntfs|mkdosfs|mkexfatfs|mkudffs|mkreiserfs|mkxfs|jfs_mkfs|newfs(?:_\w+)?|mformat)$/;

export default defineRule({
  id: 'FS-AST-011',
  invariant: 'NO_DEVICE_OR_DISK_WRITE',
  kinds: ['exec'],
  summary: 'mkfs/mke2fs/mkswap (file-system creation) and wipefs -a (signature erasure).',
  remediationHint:
    'Creating or erasing file systems destroys whole disks. If you need a scratch file system, build an image file in the workspace with a user-space tool instead of formatting a device.',
  *check(facts) {
    for (const e of facts.of('exec')) {
      if (MAKERS.test(e.program)) {
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
    ],
    allow: [
      { input: 'wipefs /dev/sdb', why: 'without -a wipefs only lists signatures' },
      { input: 'echo mkfs.ext4', why: 'the word is printed, not run' },
    ],
  },
});
