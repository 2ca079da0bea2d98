/** FS-AST-001: a recursive delete reaches outside the workspace (/, ~, .., system trees, escaping globs). */
import { isCachePath, isCriticalTree, isInsideWorkspace, isScratchPath, resolvePath } from '../../paths.js';
import { defineRule } from '../define-rule.js';
import { rebase } from '../helpers.js';
import { EVERY_FILE } from '../../extract/code/overwrite.js';
import { EMPTY_ONLY, everyDepthBase, FIND_SELECTORS } from './fs-ast-002-workspace-wipe.js';
import { isDynamicRoot } from './fs-ast-003-dynamic-delete-root.js';
import { retentionDelete } from '../find-retention.js';

export default defineRule({
  id: 'FS-AST-001',
  invariant: 'NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE',
  kinds: ['exec', 'file'],
  summary: 'Recursive delete (rm -r, find -delete, rmtree) of a path outside the workspace.',
  remediationHint:
    'Recursive deletes must stay inside the workspace. Delete only a workspace-relative path you created (for example ./build), never /, ~, .., system directories or a glob that climbs out of the workspace.',
  *check(facts, policy) {
    let selectiveFind: boolean | undefined;
    for (const f of facts.of('file')) {
      if (f.op !== 'delete' || isDynamicRoot(f.path)) continue;
      const abs = resolvePath(f.path, policy);
      // Scratch directories below /tmp, /var/tmp and $TMPDIR are the agent's to clean up (#21), and
      // so are caches below home that tools rebuild (docs/policy.md).
      if (isInsideWorkspace(abs, policy) || isScratchPath(abs) || isCachePath(abs, policy)) continue;
      // find /tmp -name '*.o' -delete reports its root; with a selector it deletes matches only.
      if (f.actor === 'find' && (abs === '/tmp' || abs === '/var/tmp')) {
        selectiveFind ??= facts
          .of('exec')
          .some((e) => e.program === 'find' && e.argv.some((a) => FIND_SELECTORS.has(a)));
        if (selectiveFind) continue;
      }
      const critical = isCriticalTree(abs, policy);
      // Old files of one kind deleted by find (backup or export rotation) outside root, home and
      // system trees: the selection, not the tree, is deleted (find-retention.ts).
      if (!critical && retentionDelete(f, facts.of('exec'))) continue;
      // A walk deleting every file at every depth, picking no names, is rm -r of the tree it walks
      // (r9 ransomware over ~/projects and /var/www; code/overwrite.ts marks the actor).
      const walked =
        f.actor.endsWith(EVERY_FILE) && !EMPTY_ONLY.test(f.actor) && everyDepthBase(abs) !== null;
      // find / -name x -exec rm -f {} \; reports the search root: not recursive, yet it reaches the whole tree.
      if (!f.recursive && !walked && !(f.dynamic === true && critical)) continue;
      const alt = critical ? null : rebase(f.path);
      yield {
        span: f.span,
        reason: critical
          ? `${f.actor} recursively deletes ${f.path}, a root, home or system tree outside the workspace`
          : `${f.actor} recursively deletes ${f.path}, outside the workspace`,
        ...(alt !== null ? { rewrite: { find: f.path, with: alt } } : {}),
      };
    }
  },
  examples: {
    deny: [
      { input: 'rm -rf /' },
      { input: 'rm -rf /*' },
      { input: 'rm -rf ~' },
      { input: 'rm -rf ~/*/cache/../..' },
      { input: 'rm -rf ~/.config' },
      { input: 'rm -rf $HOME' },
      { input: 'rm -fr ..' },
      { input: 'rm -r -f /etc' },
      { input: 'rm --recursive --force /usr/lib' },
      { input: '/bin/rm -rf /var/lib/docker' },
      { input: "r''m -rf /" },
      { input: 'rm -rf ../../*' },
      { input: 'rm -rf /srv/x' },
      { input: 'rm -rf /tmp/*' },
      { input: 'rm -rf /tmp' },
      { input: 'rm -rf /tmp/..' },
      { input: 'rm -rf $TMPDIR/../etc' },
      { input: 'rm -rf /var/tmp/../../usr' },
      { input: 'find / -name "*.log" -delete' },
      { input: 'find ~ -type f -exec rm -rf {} +' },
      { input: 'find / -name busybox -exec rm -f {} \\;' },
      { input: 'find /srv/backups -name "*.tar.gz" -mtime +1 -delete' },
      { input: 'find /srv/backups -name "*.tar.gz" -mtime +30 -o -mtime -30 -delete' },
      { input: "bash -c 'rm -rf /'" },
      { input: 'sudo rm -rf --no-preserve-root /' },
    ],
    allow: [
      { input: 'rm -rf ./build', why: 'a workspace-relative directory' },
      { input: 'rm -rf node_modules dist coverage', why: 'relative paths resolve inside the workspace' },
      { input: 'rm file.txt', why: 'not recursive and inside the workspace' },
      { input: 'rm -rf /tmp/build', why: 'scratch work below /tmp (#21)' },
      { input: 'rm -rf ~/.cache/pip ~/.npm/_cacache', why: 'caches that tools rebuild' },
      { input: "find /tmp -name '*.tmp' -mtime +7 -delete", why: 'find deletes selected scratch files' },
      { input: 'rm -rf "$TMPDIR/cache" /var/tmp/x', why: 'scratch work below $TMPDIR and /var/tmp' },
      { input: 'find . -name "*.pyc" -delete', why: 'find rooted at the workspace' },
      {
        input: 'find /srv/backups -name "*.tar.gz" -mtime +30 -delete',
        why: 'backup rotation: one kind of file older than a month, the newest kept',
      },
      { input: 'echo rm -rf /', why: 'echo prints the words, nothing is deleted' },
      { input: 'git rm -r --cached src/old', why: 'git rm acts on the index of the workspace repository' },
    ],
  },
});
