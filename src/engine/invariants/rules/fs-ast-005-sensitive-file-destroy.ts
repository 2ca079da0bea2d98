/**
 * FS-AST-005: data destroyed without a recursive rm: a credential store deleted or emptied
 * (`> ~/.ssh/id_rsa`, unlink, truncate -s0), every file of a home or system tree emptied
 * (find ~ -exec truncate -s0 {} +), or anything moved onto a device (mv x /dev/null).
 */
import { isCriticalTree, isForeignCredentialStore, isInsideWorkspace, resolvePath } from '../../paths.js';
import { defineRule } from '../define-rule.js';

/** A redirect with no command (`> f`, actor bash) or a no-op command (`: > f`) only empties the file. */
const EMPTY_WRITERS = new Set(['bash', ':', 'true', 'false']);

/** Caches below a credential directory (~/.aws/sso/cache, cli/cache) are rebuilt on next use. */
const CACHE = /\/cache(?:\/|$)/;

export default defineRule({
  id: 'FS-AST-005',
  invariant: 'NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE',
  kinds: ['file'],
  summary:
    'Destroying data without rm -r: deleting or emptying a credential store, emptying a whole home or system tree, moving files onto /dev/null.',
  remediationHint:
    'Do not delete, empty or move away keys and credential files, and never move files onto a device. To sign out, use the tool (gh auth logout, aws sso logout, docker logout); to rotate a key, create a new one beside the old.',
  *check(facts, policy) {
    for (const f of facts.of('file')) {
      const empties = f.op === 'truncate' || (f.op === 'write' && EMPTY_WRITERS.has(f.actor));
      if (f.op !== 'delete' && !empties) continue;
      const abs = resolvePath(f.path, policy);
      // mv reports a delete only for a source moved onto a device (mv x /dev/null).
      if (f.actor === 'mv' && f.op === 'delete') {
        yield { span: f.span, reason: `mv moves ${f.path} onto a device, which destroys it` };
        continue;
      }
      if (empties && f.dynamic === true && !isInsideWorkspace(abs, policy) && isCriticalTree(abs, policy)) {
        yield { span: f.span, reason: `${f.actor} empties every file it finds under ${f.path}` };
        continue;
      }
      const store = isForeignCredentialStore(abs, policy);
      if (store === null || CACHE.test(abs)) continue;
      yield {
        span: f.span,
        reason: `${f.actor} ${f.op === 'delete' ? 'deletes' : 'empties'} the credential store ${store}`,
        suggestedAlternative: null,
      };
    }
  },
  examples: {
    deny: [
      { input: '> ~/.ssh/id_rsa' },
      { input: ': > ~/.aws/credentials' },
      { input: 'unlink ~/.ssh/id_rsa' },
      { input: 'rm -f ~/.aws/credentials' },
      { input: 'truncate -s0 ~/.kube/config' },
      { input: 'find ~ -type f -exec truncate -s0 {} +' },
      { input: 'mv Cargo.toml /dev/null' },
      { input: 'mv ~ /dev/null' },
    ],
    allow: [
      { input: 'rm -rf ~/.aws/sso/cache', why: 'a cache, rebuilt at the next login' },
      { input: '> ./build.log', why: 'emptying a workspace file' },
      { input: 'rm -f .env.local', why: 'a project secret file in the workspace is the project’s own' },
      { input: 'mv old.txt new.txt', why: 'a rename inside the workspace' },
      { input: 'find . -name "*.log" -exec truncate -s0 {} +', why: 'empties workspace files' },
    ],
  },
});
