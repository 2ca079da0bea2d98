/**
 * FS-AST-003: a recursive delete whose target is only a variable (`rm -rf $DIR/`, `rm -rf "$X"/*`):
 * unset or empty, it becomes `/` or `/*`. `${DIR:?}` aborts when unset and is allowed.
 */
import { defineRule } from '../define-rule.js';

/** `$X`, `${X}`, `$X/`, `${X}/*`, `$X*`: nothing but an unguarded expansion and an optional slash/glob. */
export function isDynamicRoot(path: string): boolean {
  if (/^(?:\$PWD|\$\{PWD\}|\$\(pwd\)|`pwd`)/.test(path)) return false; // the workspace itself
  // `$(...)` whole, nested parentheses included (`$(python3 -c 'print(site.USER_BASE)')`, #21).
  return /^(?:\$[A-Za-z_]\w*|\$\{[A-Za-z_]\w*\}|\$\(.*\)|`[^`]*`)\/?\*?$/s.test(path);
}

export default defineRule({
  id: 'FS-AST-003',
  invariant: 'NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE',
  kinds: ['file'],
  summary: 'Recursive delete of a bare variable or substitution, which becomes / when empty.',
  remediationHint:
    'Guard the variable so an empty value cannot expand to /: use "${DIR:?}" and a workspace-relative literal path, e.g. rm -rf "./${DIR:?}".',
  *check(facts) {
    for (const f of facts.of('file')) {
      if (f.op !== 'delete' || !f.recursive || !isDynamicRoot(f.path)) continue;
      const name = /\$\{?([A-Za-z_]\w*)/.exec(f.path)?.[1];
      yield {
        span: f.span,
        reason: `${f.actor} recursively deletes ${f.path}; if the value is empty this is the file-system root`,
        ...(name !== undefined ? { suggestedAlternative: `rm -rf "./\${${name}:?}"` } : {}),
      };
    }
  },
  examples: {
    deny: [
      { input: 'rm -rf $BUILD_DIR/' },
      { input: 'rm -rf "$STEAMROOT/"*' },
      { input: 'rm -rf ${TARGET}/*' },
    ],
    allow: [
      { input: 'rm -rf "${BUILD_DIR:?}/out"', why: 'the :? guard aborts when the variable is unset' },
      {
        input: 'rm -rf "$BUILD_DIR/out"',
        why: 'a literal suffix: an empty value cannot name the root or a glob over it',
      },
    ],
  },
});
