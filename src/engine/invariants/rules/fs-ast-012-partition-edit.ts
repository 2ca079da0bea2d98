/** FS-AST-012: partition-table edits and whole-device erasure (fdisk, parted, sgdisk --zap-all, blkdiscard...). */
import type { ExecFact } from '../../facts.js';
import { defineRule } from '../define-rule.js';
import { hasLongFlag, hasShortFlag, operands } from '../helpers.js';

/** Read-only invocations (listing, printing) stay allowed. */
function isWrite(e: ExecFact): boolean {
  const args = e.argv.slice(1);
  switch (e.program) {
    case 'fdisk':
    case 'gdisk':
    case 'cfdisk':
    case 'cgdisk':
      return !(hasShortFlag(e.argv, 'l') || hasLongFlag(e.argv, 'list') || hasShortFlag(e.argv, 'V'));
    case 'sfdisk':
      return !(
        hasShortFlag(e.argv, 'l') ||
        hasShortFlag(e.argv, 'd') ||
        hasShortFlag(e.argv, 's') ||
        hasLongFlag(e.argv, 'list') ||
        hasLongFlag(e.argv, 'dump') ||
        hasLongFlag(e.argv, 'json') ||
        hasShortFlag(e.argv, 'J')
      );
    case 'sgdisk':
      return (
        !(hasShortFlag(e.argv, 'p') || hasLongFlag(e.argv, 'print') || hasShortFlag(e.argv, 'i')) ||
        hasShortFlag(e.argv, 'Z') ||
        hasLongFlag(e.argv, 'zap-all')
      );
    case 'parted': {
      const words = operands(e.argv).map((w) => w.toLowerCase());
      return (
        !(hasShortFlag(e.argv, 'l') || hasLongFlag(e.argv, 'list')) &&
        !(words.length <= 2 && words.includes('print'))
      );
    }
    case 'blkdiscard':
      return true;
    case 'hdparm':
      return args.some((a) =>
        /^--(?:security-erase|security-erase-enhanced|security-set-pass|trim-sector-ranges|write-sector|yes-i-know-what-i-am-doing)/.test(
          a,
        ),
      );
    case 'cryptsetup':
      return args.some((a) =>
        /^(?:luksFormat|erase|luksErase|reencrypt|luksAddKey|luksRemoveKey|luksKillSlot|luksChangeKey)$/.test(
          a,
        ),
      );
    case 'diskutil':
      return args.some((a) =>
        /^(?:eraseDisk|eraseVolume|partitionDisk|zeroDisk|secureErase|randomDisk|reformat)$/.test(a),
      );
    case 'zpool':
      return args.some((a) => /^(?:destroy|labelclear)$/.test(a));
    case 'zfs': {
      // A dataset or volume destroyed takes its data along; a snapshot (`pool/ds@snap`) or bookmark is retention.
      if (operands(e.argv)[0] !== 'destroy' || hasShortFlag(e.argv, 'n')) return false;
      const targets = operands(e.argv).slice(1);
      return targets.length > 0 && targets.some((t) => !/[@#]/.test(t));
    }
    case 'mdadm':
      return hasLongFlag(e.argv, 'zero-superblock');
    case 'pvremove':
    case 'vgremove':
    case 'lvremove':
      return true;
    default:
      return false;
  }
}

export default defineRule({
  id: 'FS-AST-012',
  invariant: 'NO_DEVICE_OR_DISK_WRITE',
  kinds: ['exec'],
  programs: [
    'fdisk',
    'gdisk',
    'cfdisk',
    'cgdisk',
    'sfdisk',
    'sgdisk',
    'parted',
    'blkdiscard',
    'hdparm',
    'cryptsetup',
    'diskutil',
    'zpool',
    'zfs',
    'mdadm',
    'pvremove',
    'vgremove',
    'lvremove',
  ],
  summary:
    'Partition-table edits and device erasure (fdisk, parted, sgdisk --zap-all, blkdiscard, luksFormat, lvremove, zfs destroy of a dataset).',
  remediationHint:
    'Partitioning and erasing devices is outside an agent task. Read-only listing (fdisk -l, parted -l, lsblk) is fine if you need disk information.',
  *check(facts) {
    for (const e of facts.of('exec')) {
      if (isWrite(e))
        yield {
          span: e.span,
          reason: `${e.program} modifies partitions or erases a device`,
          suggestedAlternative: 'lsblk',
        };
    }
  },
  examples: {
    deny: [
      { input: 'fdisk /dev/sda' },
      { input: 'parted /dev/sdb mklabel gpt' },
      { input: 'sgdisk --zap-all /dev/sda' },
      { input: 'blkdiscard /dev/nvme0n1' },
      { input: 'cryptsetup luksFormat /dev/sdb1' },
      { input: 'diskutil eraseDisk JHFS+ Empty disk2' },
      { input: 'zfs destroy -r tank/backups' },
    ],
    allow: [
      { input: 'fdisk -l', why: 'listing partitions is read-only' },
      { input: 'parted -l', why: 'listing' },
      { input: 'sfdisk --dump /dev/sda', why: 'dumping the table is read-only' },
      { input: 'lsblk -f', why: 'lists block devices' },
      { input: 'zfs destroy tank/backups@2024-01-01', why: 'one snapshot, a retention step' },
      { input: 'zfs list -t snapshot', why: 'listing' },
    ],
  },
});
