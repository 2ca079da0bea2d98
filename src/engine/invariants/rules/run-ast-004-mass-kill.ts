/** RUN-AST-004: killing every process (kill -9 -1, killall5, kill of PID 1). */
import type { ExecFact } from '../../facts.js';
import { defineRule } from '../define-rule.js';

/** PIDs a kill invocation targets, after its signal options. */
function killTargets(e: ExecFact): string[] {
  const args = e.argv.slice(1);
  let i = 0;
  if (args[i] === '-s' || args[i] === '-n' || args[i] === '--signal') i += 2;
  else if ((args[i] ?? '').startsWith('-') && args.length > 1 && args[i] !== '--') i += 1;
  if (args[i] === '--') i += 1;
  return args.slice(i);
}

export default defineRule({
  id: 'RUN-AST-004',
  invariant: 'NO_RUNAWAY_EXECUTION',
  kinds: ['exec'],
  programs: ['killall5', 'kill', 'pkill', 'killall'],
  summary: 'Mass kills: kill -9 -1 (every process), kill of PID 1, killall5, pkill/killall of everything.',
  remediationHint:
    'Stop only the process you started, by its PID (kill <pid>) or an exact name (pkill -x my-dev-server).',
  *check(facts) {
    for (const e of facts.of('exec')) {
      if (e.program === 'killall5') {
        yield { span: e.span, reason: 'killall5 signals every process', suggestedAlternative: null };
      } else if (e.program === 'kill') {
        const targets = killTargets(e);
        const signal = e.argv[1] ?? '';
        if (targets.includes('-1'))
          yield {
            span: e.span,
            reason: 'kill -1 signals every process the user can reach',
            suggestedAlternative: null,
          };
        else if (targets.includes('1') && signal !== '-0')
          yield { span: e.span, reason: 'kill targets PID 1 (init)', suggestedAlternative: null };
      } else if (
        (e.program === 'pkill' || e.program === 'killall') &&
        e.argv.slice(1).some((a) => a === '.' || a === '.*' || a === '-r.*')
      ) {
        yield { span: e.span, reason: `${e.program} matches every process`, suggestedAlternative: null };
      }
    }
  },
  examples: {
    deny: [
      { input: 'kill -9 -1' },
      { input: 'kill -KILL -1' },
      { input: 'killall5 -9' },
      { input: 'kill -s KILL -- -1' },
      { input: 'kill -9 1' },
    ],
    allow: [
      { input: 'kill -9 12345', why: 'one specific process' },
      { input: 'kill -1 4242', why: 'SIGHUP to one process' },
      { input: 'pkill -f "vite --port 5173"', why: 'a specific dev server' },
      { input: 'kill -0 1', why: 'signal 0 only checks existence' },
    ],
  },
});
