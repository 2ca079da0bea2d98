/**
 * SH-AST-021: injecting a shared library into a program (LD_PRELOAD=/tmp/x.so cmd, macOS
 * DYLD_INSERT_LIBRARIES, or exported for the session). The bash extractor emits one `execute`
 * FileOpFact per library of the list.
 */
import { isInsideWorkspace, resolvePath } from '../../paths.js';
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'SH-AST-021',
  invariant: 'NO_PRIVILEGE_ESCALATION',
  kinds: ['file'],
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
    deny: [
      { input: 'LD_PRELOAD=/tmp/evil.so ls' },
      { input: 'DYLD_INSERT_LIBRARIES=/tmp/hook.dylib /Applications/Safari.app/Contents/MacOS/Safari' },
      { input: 'LD_PRELOAD=./lib/ok.so:/tmp/evil.so ./app', why: 'the second library of the list' },
      { input: 'export LD_PRELOAD=/dev/shm/x.so', why: 'every later program loads it' },
    ],
    allow: [
      { input: 'LD_LIBRARY_PATH=./lib ./app', why: 'a search path, not a preload' },
      {
        input: 'DYLD_INSERT_LIBRARIES=./build/libtrace.dylib ./app',
        why: 'a library built in the workspace',
      },
    ],
  },
});
