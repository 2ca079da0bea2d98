/** RUN-AST-001: fork bombs (`:(){ :|:& };:`, perl fork while fork, fork in an endless loop). */
import { defineRule } from '../define-rule.js';
import { INTERPRETERS } from '../helpers.js';

const CODE_FORK =
  /fork\s+while\s+(?:fork|true|1)\b|while\s*\(?\s*(?:true|1|True)\s*\)?\s*:?\s*(?:\{|do)?\s*[^;]{0,40}fork\s*\(|for\s*\(\s*;\s*;\s*\)\s*\{?\s*fork\s*\(|Process\.fork\s+while|loop\s*\{\s*fork/i;

export default defineRule({
  id: 'RUN-AST-001',
  invariant: 'NO_RUNAWAY_EXECUTION',
  kinds: ['exec', 'loop'],
  programs: [...INTERPRETERS],
  summary: 'Fork bombs: functions that pipe into themselves in the background, fork-while-fork one-liners.',
  remediationHint:
    'Do not start self-replicating processes. Run a bounded number of workers (e.g. xargs -P 4) instead.',
  *check(facts) {
    // A bounded loop that backgrounds its body (for f in *; do gzip $f & done) is not a bomb.
    for (const l of facts.of('loop'))
      if (l.forks && l.unbounded)
        yield {
          span: l.span,
          reason: 'a function or loop forks itself without bound',
          suggestedAlternative: null,
        };
    for (const e of facts.of('exec')) {
      if (!INTERPRETERS.has(e.program)) continue;
      if (e.argv.slice(1).some((a) => CODE_FORK.test(a)))
        yield { span: e.span, reason: `${e.program} code forks without bound`, suggestedAlternative: null };
    }
  },
  examples: {
    deny: [
      { input: ':(){ :|:& };:' },
      { input: 'bomb() { bomb | bomb & }; bomb' },
      { input: 'perl -e "fork while fork"' },
      { input: "perl -e 'fork while true;'" },
      { input: "python3 -c 'import os\nwhile True: os.fork()'" },
    ],
    allow: [
      { input: 'make -j4', why: 'bounded parallelism' },
      {
        input: 'for f in *.log; do gzip "$f" & done; wait',
        why: 'a bounded loop that backgrounds each step',
      },
      { input: 'f() { echo hi; }; f', why: 'a function that does not call itself' },
      {
        input:
          'import socket, threading\ns = socket.create_server(("127.0.0.1", 9000))\nwhile True:\n    c, _ = s.accept()\n    threading.Thread(target=c.close).start()',
        runtime: 'python',
        why: 'one thread per accepted connection: a server, bounded by its clients',
      },
    ],
  },
});
