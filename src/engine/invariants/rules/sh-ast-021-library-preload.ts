/**
 * SH-AST-021: injecting a shared library into a program (LD_PRELOAD=/tmp/x.so cmd). Needs from the
 * bash extractor (BASH): DYLD_INSERT_LIBRARIES=... should produce the same execute fact as LD_PRELOAD.
 */
import { isInsideWorkspace, resolvePath } from '../../paths.js';
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'SH-AST-021',
  invariant: 'NO_PRIVILEGE_ESCALATION',
  summary:
    'Preloading a shared library from outside the workspace into a program (LD_PRELOAD, DYLD_INSERT_LIBRARIES).',
  remediationHint:
    'Do not inject libraries into other programs. Run the program as it is; if it needs a different library, build and link it in the workspace.',
  *check(facts, policy) {
    for (const f of facts.of('file')) {
      if (f.op !== 'execute' || !/\.(?:so(?:\.\d+)*|dylib)$/.test(f.path)) continue;
      const abs = resolvePath(f.path, policy);
      if (isInsideWorkspace(abs, policy)) continue;
      yield {
        span: f.span,
        reason: `${f.actor} is run with the library ${abs} preloaded`,
        suggestedAlternative: null,
      };
    }
  },
  examples: {
    deny: [{ input: 'LD_PRELOAD=/tmp/evil.so ls' }],
    allow: [{ input: 'LD_LIBRARY_PATH=./lib ./app', why: 'a search path, not a preload' }],
  },
});
