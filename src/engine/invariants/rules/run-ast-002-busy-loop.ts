/** RUN-AST-002: unbounded loops that neither sleep nor exit (while true; do ...; done with no sleep/break). */
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'RUN-AST-002',
  invariant: 'NO_RUNAWAY_EXECUTION',
  kinds: ['loop'],
  summary:
    'Unbounded loops (while true, for(;;), while :) whose body never sleeps, breaks, returns or raises out of the loop.',
  remediationHint:
    'Bound the loop: iterate a fixed number of times (for i in $(seq 1 10)), add a sleep and an exit condition, or use timeout 60 to cap it.',
  *check(facts) {
    for (const l of facts.of('loop')) {
      if (!l.unbounded || l.sleeps || l.exits || l.forks) continue;
      yield {
        span: l.span,
        reason: 'an endless loop runs without sleeping or an exit condition',
        suggestedAlternative: 'for i in $(seq 1 10); do ...; sleep 1; done',
      };
    }
  },
  examples: {
    deny: [
      { input: 'while true; do echo x >> log.txt; done' },
      { input: 'while :; do curl -s https://example.com; done' },
      { input: 'until false; do :; done' },
      { input: 'while True:\n    counter += 1', runtime: 'python' },
      { input: 'running = True\nwhile running:\n    work()', runtime: 'python' },
      { input: 'for (;;) { total++; }', runtime: 'node' },
      {
        input: 'while True:\n    try:\n        raise ValueError()\n    except ValueError:\n        pass',
        runtime: 'python',
      },
      {
        input: 'try:\n    while True:\n        print(1)\nexcept KeyboardInterrupt:\n    pass',
        runtime: 'python',
      },
    ],
    allow: [
      {
        input: 'while true; do curl -fs http://localhost:8080/health && break; sleep 1; done',
        why: 'sleeps and breaks',
      },
      { input: 'while read -r line; do echo "$line"; done < list.txt', why: 'bounded by the input' },
      { input: 'for f in *.txt; do wc -l "$f"; done', why: 'bounded by the glob' },
      { input: 'x = 10\nwhile x:\n    x -= 1', runtime: 'python', why: 'the condition changes in the body' },
      {
        input: 'def fib():\n    a, b = 0, 1\n    while True:\n        yield a\n        a, b = b, a + b',
        runtime: 'python',
        why: 'a generator: its consumer decides when to stop',
      },
      {
        input: 'while True:\n    line = input()\n    if line == "q":\n        break',
        runtime: 'python',
        why: 'waits for input and breaks',
      },
      {
        input:
          'it = iter(data)\ntry:\n    while True:\n        out.append(next(it))\nexcept StopIteration:\n    pass',
        runtime: 'python',
        why: 'ends when next() raises, caught outside the loop',
      },
      {
        input: 'try { for (;;) out.push(it.next().value); } catch (e) { done(out); }',
        runtime: 'node',
        why: 'ends when a call throws, caught outside the loop',
      },
      { input: 'let n = 5;\nwhile (n) n--;', runtime: 'node', why: 'the condition changes in the body' },
      {
        input: 'function* ids() {\n  let i = 0;\n  for (;;) yield i++;\n}',
        runtime: 'node',
        why: 'a generator',
      },
    ],
  },
});
