/** FS-AST-010: raw writes into block or memory devices (dd of=/dev/sda, > /dev/nvme0n1, cp img /dev/sdb). */
import { isBlockDevice, resolvePath } from '../../paths.js';
import { defineRule } from '../define-rule.js';
import { isWriteLike } from '../helpers.js';

export default defineRule({
  id: 'FS-AST-010',
  invariant: 'NO_DEVICE_OR_DISK_WRITE',
  kinds: ['exec', 'file'],
  programs: ['dd'],
  summary: 'Writing to a raw disk or memory device (dd of=/dev/..., redirects, cp, tee).',
  remediationHint:
    'Never write to raw devices. To produce a disk image, write to a file in the workspace, e.g. dd if=/dev/zero of=./disk.img bs=1M count=64.',
  *check(facts, policy) {
    const seen = new Set<string>();
    for (const f of facts.of('file')) {
      if (!isWriteLike(f) || f.op === 'delete') continue;
      const abs = resolvePath(f.path, policy);
      if (!isBlockDevice(abs)) continue;
      seen.add(`${f.span.start}:${abs}`);
      yield { span: f.span, reason: `${f.actor} writes to the device ${abs}`, suggestedAlternative: null };
    }
    // dd is the classic form; keep a direct reading of of= in case no file fact was produced.
    for (const e of facts.of('exec')) {
      if (e.program !== 'dd') continue;
      for (const a of e.argv) {
        if (!a.startsWith('of=')) continue;
        const abs = resolvePath(a.slice(3), policy);
        if (!isBlockDevice(abs) || [...seen].some((k) => k.endsWith(`:${abs}`))) continue;
        yield { span: e.span, reason: `dd writes to the device ${abs}`, suggestedAlternative: null };
      }
    }
  },
  examples: {
    deny: [
      { input: 'dd if=/dev/zero of=/dev/sda bs=1M' },
      { input: 'dd if=/dev/urandom of=/dev/nvme0n1' },
      { input: 'cat image.iso > /dev/sdb' },
      { input: 'echo 0 > /dev/mem' },
      { input: 'cp disk.img /dev/mmcblk0' },
    ],
    allow: [
      { input: 'dd if=/dev/zero of=./disk.img bs=1M count=64', why: 'the output is a file in the workspace' },
      { input: 'make > /dev/null 2>&1', why: '/dev/null is not a disk' },
      { input: 'echo done > /dev/stderr', why: 'stderr is a stream, not a disk' },
    ],
  },
});
