/**
 * SH-AST-013: a process, code, file-write, network or system-identity API reached by a name the
 * program spells as data (issue 22, gdog r11): `cp['sp' + 'awn']`, `Reflect.get(os, 'hostname')`,
 * `os.__dict__[b64decode(x)]`, `vars(__builtins__)['exec']`, `Object.entries(cp).find(...)`.
 * Everyday code names these APIs with a dotted name; hiding the name only serves to slip past
 * whoever reads it. Also (r12) `eval('exec')`, and python names in look-alike letters python folds to
 * ASCII (`𝚎𝚡𝚎𝚌`). The extractors record each spelling (code/hidden-names.ts).
 */
import { HIDDEN_NAME } from '../../extract/code/hidden-names.js';
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'SH-AST-013',
  invariant: 'NO_REMOTE_CODE_EXECUTION',
  kinds: ['exec'],
  summary:
    'A process, code-execution, file-write, network or system-identity API reached through a name spelled as data (a computed key, a reflective read, a listing of the module, eval of the bare name), or a python name written in look-alike letters that python folds to ASCII.',
  remediationHint:
    'Call the API by its plain dotted name (child_process.spawn, os.system, os.hostname) so that what the code does can be reviewed.',
  *check(facts) {
    for (const e of facts.of('exec')) {
      if (e.via !== HIDDEN_NAME) continue;
      const [, api = '?', what = 'is sensitive', how = 'a computed name'] = e.argv;
      yield {
        span: e.span,
        reason: `${api} (${what}) is reached through ${how}`,
        suggestedAlternative: null,
      };
    }
  },
  examples: {
    deny: [
      {
        input: "const cp = require('child_process');\ncp['sp' + 'awn']('node', ['x.js']);",
        runtime: 'node',
      },
      {
        input: "const os = require('os');\nconst h = Reflect.get(os, 'hostname')();",
        runtime: 'node',
      },
      {
        input: "import os, base64\nos.__dict__[base64.b64decode('c3lzdGVt').decode()]('id')",
        runtime: 'python',
      },
      {
        input: "vars(__builtins__)['exec']('print(1)')",
        runtime: 'python',
      },
      { input: "run = eval('exec')\nrun('print(1)')", runtime: 'python' },
      {
        input: "import os\nｏｓ.system('id')",
        runtime: 'python',
        why: 'fullwidth letters python reads as os',
      },
    ],
    allow: [
      {
        input: "const cp = require('child_process');\ncp.spawn('node', ['x.js']);",
        runtime: 'node',
        why: 'a plain dotted name',
      },
      {
        input: "import os\nflag = getattr(os, 'O_BINARY', 0)",
        runtime: 'python',
        why: 'a constant read by name is not a sensitive API',
      },
      {
        input: 'café = 3\nπ = 3.14\nprint(café * π)',
        runtime: 'python',
        why: 'letters that fold to themselves',
      },
      {
        input: "const opts = { a: 1 };\nconst k = 'a';\nconsole.log(opts[k]);",
        runtime: 'node',
        why: 'a key into the program’s own object',
      },
    ],
  },
});
