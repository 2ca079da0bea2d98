/**
 * SH-AST-014: code that cannot be read is run (issue 22, gdog r11): a pyarmor runtime that
 * decrypts and runs bytecode, an obfuscator's output executed. What such code does cannot be
 * judged, and in an agent's sandbox nothing needs it, so it is refused (fail closed). Obfuscated
 * text that is only defined and never run is judged as it is. The extractors record the shapes
 * (code/unreadable-code.ts).
 */
import { UNREADABLE_CODE } from '../../extract/code/unreadable-code.js';
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'SH-AST-014',
  invariant: 'NO_REMOTE_CODE_EXECUTION',
  kinds: ['exec'],
  summary:
    'Code that cannot be read is run: a pyarmor runtime decrypting its bytecode, or an obfuscator’s output executed.',
  remediationHint:
    'Run only code whose source can be read. Ask for the package’s plain source, or install it from its published, unobfuscated release.',
  *check(facts) {
    for (const e of facts.of('exec')) {
      if (e.via !== UNREADABLE_CODE) continue;
      yield { span: e.span, reason: `${e.argv[1] ?? 'unreadable code'} is run`, suggestedAlternative: null };
    }
  },
  examples: {
    deny: [
      {
        input: "from pyarmor_runtime_000000 import __pyarmor__\n__pyarmor__(__name__, __file__, b'PY000000')",
        runtime: 'python',
      },
      { input: 'from pytransform import pyarmor_runtime\npyarmor_runtime()', runtime: 'python' },
    ],
    allow: [
      {
        input: "armor = 'plate'\ndocs = 'PyArmor is an obfuscation tool'",
        runtime: 'python',
        why: 'the words, not the runtime',
      },
      {
        input: 'import runtime_utils\nfrom sklearn import transform',
        runtime: 'python',
        why: 'other modules',
      },
    ],
  },
});
