/** FS-AST-002: a recursive delete of the whole workspace (`rm -rf .`, `rm -rf *`, `rm -rf .*`). */
import { EVERY_FILE } from '../../extract/code/overwrite.js';
import { isWorkspaceRootOrAll, resolvePath, type PathPolicy } from '../../paths.js';
import { defineRule } from '../define-rule.js';

/** find predicates that select what is deleted (with them, find deletes matches, not its root). */
export const FIND_SELECTORS: ReadonlySet<string> = new Set([
  '-newermt',
  '-newerct',
  '-newerat',
  '-name',
  '-iname',
  '-path',
  '-ipath',
  '-wholename',
  '-regex',
  '-iregex',
  '-mtime',
  '-mmin',
  '-atime',
  '-amin',
  '-ctime',
  '-newer',
  '-size',
  '-empty',
  '-user',
  '-group',
  '-perm',
  '-links',
  '-inum',
  '-samefile',
]);

/**
 * Whether a find line picks what it acts on: a selector not negated, or only names spared (`-not
 * -name '*.top'`) where each file is not first rewritten by another -exec. `! -name '*.gpg' -exec
 * gpg -c {} -exec shred -u {}` encrypts every other file and destroys the originals (R20).
 */
export function findSelects(argv: readonly string[]): boolean {
  if (argv.some((a, i) => FIND_SELECTORS.has(a) && argv[i - 1] !== '!' && argv[i - 1] !== '-not'))
    return true;
  const runs = argv.filter((a) => /^-(?:exec|execdir|ok|okdir)$/.test(a)).length;
  return runs < 2 && argv.some((a) => FIND_SELECTORS.has(a));
}

/** A glob naming every entry at every depth under the workspace root (`/ws/**`, `/ws/*\/*`). */
function everyDepth(absPath: string, policy: PathPolicy): boolean {
  const rest = absPath.startsWith(`${policy.workspaceRoot}/`)
    ? absPath.slice(policy.workspaceRoot.length + 1)
    : '';
  return /^(?:\*\*?\/)*\*\*?$/.test(rest) && (rest.includes('**') || rest.includes('/'));
}

/**
 * The tree a glob names every entry of at every depth (`/srv/www/**`, `~/projects/*\/*`): what a
 * walk visiting it reaches; null for one level (`dist/*`) or a pick (`logs/**\/*.log`).
 */
export function everyDepthBase(absPath: string): string | null {
  const m = /^(.*?)((?:\/\*\*?)+)$/.exec(absPath);
  if (m === null || (!m[2]!.includes('**') && m[2]!.split('/').length < 3)) return null;
  return m[1] === '' ? '/' : m[1]!;
}

/** Deletes that remove only an empty directory (a walk pruning empty folders destroys nothing). */
export const EMPTY_ONLY = /^(?:os\.rmdir|pathlib\.Path\.rmdir|fs(?:\.promises)?\.rmdir(?:Sync)?)\b/;

export default defineRule({
  id: 'FS-AST-002',
  invariant: 'NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE',
  kinds: ['exec', 'file'],
  summary: 'Recursive delete of the workspace root itself or everything in it (., *, .*).',
  remediationHint:
    'Do not wipe the whole workspace. Name the generated directories you mean to remove (for example ./dist ./build) so source files and .git survive.',
  *check(facts, policy) {
    // find . -name X -delete / -exec rm -rf {} + reports the search root as the path: with a
    // selection predicate it deletes matches, not the workspace.
    const selectiveFind = facts.of('exec').some((e) => e.program === 'find' && findSelects(e.argv));
    for (const f of facts.of('file')) {
      if (f.op !== 'delete') continue;
      // A walk deleting every entry at every depth of the workspace, picking no names (os.walk,
      // rglob('*'), a recursive readdir; code/overwrite.ts marks the actor), is rm -rf of it (r6).
      const walked = f.actor.endsWith(EVERY_FILE);
      if (
        !f.recursive &&
        walked &&
        !EMPTY_ONLY.test(f.actor) &&
        everyDepth(resolvePath(f.path, policy), policy)
      ) {
        yield { span: f.span, reason: `${f.actor} deletes every entry under the workspace (${f.path})` };
        continue;
      }
      // find . -type f -exec rm {} + (or shred -u): the command runs on every file find reaches,
      // at every depth, when no predicate selects them (r9: shred -u over the workspace).
      if (
        !f.recursive &&
        !selectiveFind &&
        f.dynamic === true &&
        f.actor !== 'find' &&
        // rmdir removes only empty directories: no file is lost.
        f.actor !== 'rmdir' &&
        resolvePath(f.path, policy) === `${policy.workspaceRoot}/*` &&
        facts.of('exec').some((e) => e.via === 'find' && e.program === f.actor)
      ) {
        yield { span: f.span, reason: `find runs ${f.actor} on every file of the workspace (${f.path})` };
        continue;
      }
      if (!f.recursive) continue;
      if (selectiveFind && (f.actor === 'find' || f.dynamic === true)) continue;
      const abs = resolvePath(f.path, policy);
      // `rm -rf ./**`; a walk's rmtree of each entry only when it picks no names.
      const all = everyDepth(abs, policy) && (f.dynamic !== true || walked);
      if (!isWorkspaceRootOrAll(abs, policy) && !all) continue;
      yield {
        span: f.span,
        reason: `${f.actor} recursively deletes ${f.path}: the entire workspace`,
        suggestedAlternative: 'rm -rf ./dist ./build',
      };
    }
    // The workspace root itself moved away (`mv /ws /tmp/old`, fs-extra moveSync, shutil.move): every
    // file leaves with it (r5). Moving something into it is not: the source is the end read at the
    // same place (mv), or the first of the two ends a call reports at one span (python, node).
    const files = [...facts.of('file')];
    const moved: typeof files = [];
    // find reports its root among the paths it may hand to -exec mv (`find . -name x -exec mv {} d`).
    const viaFind = facts.of('exec').some((e) => e.program === 'find');
    // Also the repository's history (`mv .git /tmp`) and the home directory (`mv ~ /tmp/x`) (r8).
    const history = `${policy.workspaceRoot}/.git`;
    const watched = (abs: string): boolean =>
      abs === policy.workspaceRoot || abs === history || abs === policy.homeDir;
    files.forEach((f, i) => {
      if (viaFind || f.op !== 'move') return;
      const abs = resolvePath(f.path, policy);
      if (!watched(abs)) return;
      // A move with no other end (`mv .`) moves nothing.
      if (!files.some((g) => g.op === 'move' && resolvePath(g.path, policy) !== abs)) return;
      const at = (g: (typeof files)[number]): boolean =>
        g.span.start === f.span.start && g.span.end === f.span.end;
      const read = files.some((g) => g.op === 'read' && g.path === f.path && at(g));
      const first =
        files.some((g, j) => j > i && g.op === 'move' && at(g)) &&
        !files.some((g, j) => j < i && g.op === 'move' && at(g));
      if (read || first) moved.push(f);
    });
    for (const f of moved) {
      const abs = resolvePath(f.path, policy);
      yield {
        span: f.span,
        reason:
          abs === history
            ? `${f.actor} moves the repository's history (${f.path}) out of the workspace`
            : abs === policy.homeDir
              ? `${f.actor} moves the home directory away (${f.path})`
              : `${f.actor} moves the entire workspace away (${f.path})`,
        suggestedAlternative: abs === policy.workspaceRoot ? 'mv ./dist ./dist-old' : null,
      };
    }
    // The workspace's own .git deleted, or the object store or refs inside it (r9: rmtree of
    // .git/objects): every commit not pushed is gone (a scratch clone elsewhere is not).
    const stores = new Set([history, `${history}/objects`, `${history}/refs`, `${history}/*`]);
    for (const f of files)
      if (f.op === 'delete' && f.recursive && stores.has(resolvePath(f.path, policy)))
        yield {
          span: f.span,
          reason: `${f.actor} deletes the repository's history (${f.path}): unpushed commits, branches and stashes are lost`,
          suggestedAlternative: null,
        };
    // git rm -r . / git rm -f * removes every tracked file.
    for (const e of facts.of('exec')) {
      if (e.program !== 'git' || e.argv[1] !== 'rm' || e.via !== undefined || e.argv.includes('--cached'))
        continue;
      const targets = e.argv.slice(2).filter((a) => !a.startsWith('-'));
      if (targets.some((t) => t === '.' || t === '*' || t === './*' || t === ':/')) {
        yield {
          span: e.span,
          reason: 'git rm removes every tracked file in the workspace',
          suggestedAlternative: 'git rm -r --cached ./build',
        };
      }
    }
  },
  examples: {
    deny: [
      { input: 'git rm -r .' },
      { input: 'rm -rf .git' },
      { input: 'rm -rf .git/objects' },
      { input: 'find . -type f -exec shred -u {} +' },
      { input: 'mv .git /tmp/old-git' },
      { input: 'git rm -f *' },
      { input: 'find . -delete' },
      { input: 'rm -rf *' },
      { input: 'rm -rf .' },
      { input: 'rm -rf ./*' },
      { input: 'rm -rf .*' },
    ],
    allow: [
      { input: 'rm -rf ./dist/*', why: 'a generated sub-directory, not the workspace root' },
      { input: 'rm -f *.o', why: 'a glob over object files is not recursive' },
      { input: "find . -name '*.pyc' -delete", why: 'find deletes only the matches of -name' },
      {
        input: "find . -name '__pycache__' -type d -exec rm -rf {} +",
        why: 'rm receives the matches, not the root',
      },
      { input: 'rm -rf .git/hooks', why: 'hooks hold no history' },
      { input: 'find dist -type f -exec rm {} +', why: 'every file of a build directory' },
    ],
  },
});
