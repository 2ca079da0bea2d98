/** Every branch pushed to a remote the input names (invariants/git-remotes.ts). */
import { describe, expect, it } from 'vitest';
import type { ExecFact } from '../../../src/engine/facts.js';
import { wholeRepositoryPushes } from '../../../src/engine/invariants/git-remotes.js';

/** One exec fact per line, in order. */
const execs = (...lines: string[]): ExecFact[] =>
  lines.map((line, i) => {
    const argv = line.split(' ');
    return {
      kind: 'exec',
      program: argv[0]!,
      argv,
      dynamic: false,
      stdinInteractive: true,
      span: { start: i * 100, end: i * 100 + line.length },
      runtime: 'bash',
      depth: 0,
    };
  });

describe('wholeRepositoryPushes', () => {
  it.each([
    [['git remote add m https://github.com/x/p.git', 'git push m --all'], 'github.com'],
    [['git remote add m git@gitlab.com:x/p.git', 'git push m refs/heads/*:refs/heads/*'], 'gitlab.com'],
    [
      ['git remote set-url m https://x-mirror.example.com/p.git', 'git push --mirror m'],
      'x-mirror.example.com',
    ],
    [['git push --all https://github.com/x/p.git'], 'github.com'],
    [['git -C app remote add m https://203.0.113.7/p.git', 'git -C app push m --all'], '203.0.113.7'],
  ])('%j goes to %s', (lines, host) => {
    expect(wholeRepositoryPushes(execs(...lines)).map((p) => p.host)).toEqual([host]);
  });

  it.each([
    [['git remote add origin https://github.com/me/new.git', 'git push -u origin main']],
    [['git push origin --all']],
    [['git push m --all', 'git remote add m https://github.com/x/p.git']],
    [['git remote add b git@gitlab.internal:t/app.git', 'git push b --all']],
    [['git remote add ci $CI_REPO_URL', 'git push ci --all']],
    [['git remote add up https://github.com/org/repo.git', 'git fetch up']],
  ])('%j is not such a push', (lines) => {
    expect(wholeRepositoryPushes(execs(...lines))).toEqual([]);
  });
});
