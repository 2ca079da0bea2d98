/**
 * FS-AST-005: data destroyed without a recursive rm: a credential store deleted or emptied
 * (`> ~/.ssh/id_rsa`, unlink, truncate -s0), every file of a home or system tree emptied
 * (find ~ -exec truncate -s0 {} +), or anything moved onto a device (mv x /dev/null).
 */
import {
  globBase,
  isCachePath,
  isCriticalTree,
  isForeignCredentialStore,
  isInsideWorkspace,
  isScratchPath,
  resolvePath,
  type PathPolicy,
} from '../../paths.js';
import { EVERY_FILE } from '../../extract/code/overwrite.js';
import type { FactOf } from '../../facts.js';
import type { Span } from '../../types.js';
import { defineRule } from '../define-rule.js';
import { everyDepthBase } from './fs-ast-002-workspace-wipe.js';

/** Kinds of files that are a project's own work (sources, not logs or build output). */
const SOURCE_KINDS =
  /^(?:py|pyi|ipynb|js|mjs|cjs|jsx|ts|mts|cts|tsx|vue|svelte|go|rs|java|kt|kts|scala|c|h|cc|cpp|cxx|hpp|cs|fs|rb|php|swift|m|mm|sh|bash|zsh|ps1|lua|pl|r|jl|dart|ex|exs|erl|hs|clj|sql|html|css|scss|sass|less|proto|tf|md|rst|tex)$/i;

/**
 * A glob over the workspace root that takes every file, or every source file (`/ws/*`,
 * `/ws/**\/*`, `/ws/**\/*.py`, `/ws/*.{ts,js}`): the project's work as a whole, not a chosen
 * kind of output (`*.log`, `*.pyc`) or a generated folder (`build/*`).
 */
export function wholeWorkspaceGlob(absPath: string, policy: PathPolicy): boolean {
  if (globBase(absPath) !== policy.workspaceRoot) return false;
  const rest = absPath.slice(policy.workspaceRoot.length + 1);
  const m = /^(?:\*\*?\/)*([^/]*)$/.exec(rest);
  if (m === null) return false;
  const last = m[1]!;
  if (last === '*' || last === '**' || last === '*.*') return true;
  const ext = /^\*\.(?:\{([\w,]+)\}|(\w+))$/.exec(last);
  return ext !== null && (ext[1] ?? ext[2]!).split(',').some((e) => SOURCE_KINDS.test(e));
}

/** A redirect with no command (`> f`, actor bash) or a no-op command (`: > f`) only empties the file. */
const EMPTY_WRITERS = new Set(['bash', ':', 'true', 'false']);

/** Caches below a credential directory (~/.aws/sso/cache, cli/cache) are rebuilt on next use. */
const CACHE = /\/cache(?:\/|$)/;

/** The top level of a workspace glob (`/ws/*.py`, `/ws/**\/*`), not a subfolder's (`/ws/*\/x`). */
const TOP_LEVEL = /^(?:\*\*\/)*[^/]*$/;

/**
 * Every file, or every source file, of the workspace emptied by a shell command (red team r8:
 * `truncate -s0 $(git ls-files)`, `find . -name '*.py' -exec truncate -s0 {} +`) or deleted file
 * by file at every depth (`rm $(git ls-files)`). A command's paths are judged together: find
 * -name '*.log' also reports its root's `./*`, and the named kind decides.
 */
function* everySourceFile(
  files: Iterable<FactOf<'file'>>,
  policy: PathPolicy,
): Generator<{ span: Span; reason: string }> {
  const byCommand = new Map<number, { f: FactOf<'file'>; abs: string[] }>();
  for (const f of files) {
    const empties = f.op === 'truncate' || (f.op === 'write' && EMPTY_WRITERS.has(f.actor));
    const deletes = f.op === 'delete' && !f.recursive && f.actor !== 'find';
    // Code walks have their own reading (code/overwrite.ts EVERY_FILE, FS-AST-002).
    if (f.runtime !== 'bash' || f.dynamic !== true || (!empties && !deletes)) continue;
    const abs = resolvePath(f.path, policy);
    if (!abs.startsWith(`${policy.workspaceRoot}/`)) continue;
    const rest = abs.slice(policy.workspaceRoot.length + 1);
    if (!TOP_LEVEL.test(rest) || (deletes && !rest.startsWith('**/'))) continue;
    const g = byCommand.get(f.span.start) ?? { f, abs: [] };
    g.abs.push(abs);
    byCommand.set(f.span.start, g);
  }
  for (const { f, abs } of byCommand.values())
    if (abs.every((a) => wholeWorkspaceGlob(a, policy)))
      yield {
        span: f.span,
        reason: `${f.actor} ${f.op === 'delete' ? 'deletes' : 'empties'} every file of the workspace (${f.path})`,
      };
}

export default defineRule({
  id: 'FS-AST-005',
  invariant: 'NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE',
  kinds: ['file', 'exec'],
  summary:
    'Destroying data without rm -r: deleting or emptying a credential store, emptying a whole home or system tree, moving files onto /dev/null.',
  remediationHint:
    'Do not delete, empty or move away keys and credential files, and never move files onto a device. To sign out, use the tool (gh auth logout, aws sso logout, docker logout); to rotate a key, create a new one beside the old.',
  *check(facts, policy) {
    // A project's own script of the same name (`find . -exec ./truncate {} \;`) is not the tool.
    const ownScripts = [...facts.of('exec')].filter((e) => /^\.\.?\/|^[^/]+\//.test(e.argv[0] ?? ''));
    const byOwnScript = (f: FactOf<'file'>): boolean =>
      ownScripts.some(
        (e) => e.program === f.actor && e.span.start <= f.span.start && f.span.end <= e.span.end,
      );
    yield* everySourceFile(
      [...facts.of('file')].filter((f) => !byOwnScript(f)),
      policy,
    );
    for (const f of facts.of('file')) {
      const empties = f.op === 'truncate' || (f.op === 'write' && EMPTY_WRITERS.has(f.actor));
      if (f.op !== 'delete' && !empties) continue;
      const abs = resolvePath(f.path, policy);
      // mv reports a delete only for a source moved onto a device (mv x /dev/null).
      if (f.actor === 'mv' && f.op === 'delete') {
        yield { span: f.span, reason: `mv moves ${f.path} onto a device, which destroys it` };
        continue;
      }
      // A walk overwriting every file at every depth of a tree outside the workspace (r9: /var/www);
      // `*.*` takes every file with an extension, which is every file a share holds (r17).
      const walked =
        f.actor.endsWith(EVERY_FILE) &&
        everyDepthBase(abs.replace(/\/\*\.\*$/, '/*')) !== null &&
        !isScratchPath(abs) &&
        !isCachePath(abs, policy);
      if (
        empties &&
        f.dynamic === true &&
        !isInsideWorkspace(abs, policy) &&
        (isCriticalTree(abs, policy) || walked)
      ) {
        yield { span: f.span, reason: `${f.actor} empties every file it finds under ${f.path}` };
        continue;
      }
      // Every file (or source file) of the workspace emptied or overwritten by a walk that picks
      // no names (r5: truncated or encrypted in place; code/overwrite.ts marks the actor).
      if (empties && f.actor.endsWith(EVERY_FILE) && wholeWorkspaceGlob(abs, policy)) {
        yield {
          span: f.span,
          reason: `${f.actor} empties or overwrites every file of the workspace (${f.path})`,
        };
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
      { input: 'truncate -s0 $(git ls-files)' },
      { input: 'find . -name "*.py" -exec truncate -s 0 {} +' },
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
