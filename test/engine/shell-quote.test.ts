import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { shellQuote, shellQuoteArgv } from '../../src/engine/shell-quote.js';

describe('shellQuoteArgv', () => {
  it.each([
    [['rm', '-rf', '/'], 'rm -rf /'],
    [['sh', '-c', 'rm -rf /'], "sh -c 'rm -rf /'"],
    [['echo', "it's", ''], `echo 'it'\\''s' ''`],
    [['ls', '*.txt', '$HOME'], "ls '*.txt' '$HOME'"],
    [['cat', '~/.ssh/id_rsa'], "cat '~/.ssh/id_rsa'"],
  ])('%j → %s', (argv, want) => {
    expect(shellQuoteArgv(argv)).toBe(want);
  });
});

describe('shellQuote', () => {
  it('reads back as the same word in a real shell, whatever the bytes', () => {
    const words = ['', 'plain', "it's", '$(id)', '`id`', '*', 'a b\tc\nd', '\\', '"', "''", '~', '!x', 'é日'];
    const script = `for w in ${words.map(shellQuote).join(' ')}; do printf '%s\\0' "$w"; done`;
    const run = spawnSync('bash', ['-c', script], { encoding: 'utf8', timeout: 10_000 });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.split('\0').slice(0, -1)).toEqual(words);
  });
});
