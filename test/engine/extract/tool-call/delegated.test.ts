/** Commands handed to another agent (src/engine/extract/tool-call/delegated.ts). */
import { describe, expect, it } from 'vitest';
import { fields, nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { delegatedLines } from '../../../../src/engine/extract/tool-call/delegated.js';

const lines = (name: string, args: unknown): string[] =>
  delegatedLines(nameWords(name), fields(args)).map((c) => c.code);

describe('delegatedLines', () => {
  it.each<[string, unknown, string[]]>([
    [
      'delegate_task',
      { instructions: 'run: aws s3 rm s3://d --recursive' },
      ['aws s3 rm s3://d --recursive'],
    ],
    ['spawn_subagent', { prompt: 'Then `rm -rf /srv/x` please.' }, ['rm -rf /srv/x']],
    ['handoff_to_agent', { task: 'Do:\n```bash\n$ kubectl delete ns prod\n```' }, ['kubectl delete ns prod']],
    ['delegate_task', { instructions: 'Never run `rm -rf /data`; use `df -h`.' }, ['df -h']],
    ['delegate_task', { instructions: 'Summarise the churn numbers.' }, []],
    ['create_issue', { instructions: 'run: rm -rf /' }, []],
  ])('%s %j', (name, args, want) => {
    expect(lines(name, args)).toEqual(want);
  });
});
