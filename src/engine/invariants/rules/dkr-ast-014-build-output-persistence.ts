/**
 * DKR-AST-014: a build's output tree written into a directory that holds login or start-up files
 * (`docker build --output type=local,dest=$HOME`, `-o ~/.local/bin`): the Dockerfile decides which
 * files land there, so it can replace ~/.bashrc, ~/.ssh/authorized_keys or a program on PATH
 * (red team r3). One named file (`type=tar,dest=FILE`) is FS-AST-021's.
 */
import { holdsPersistence, pathPolicy, persistenceFile, resolvePath } from '../../paths.js';
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'DKR-AST-014',
  invariant: 'NO_SYSTEM_PATH_WRITE',
  kinds: ['file'],
  summary:
    'A docker build output tree (--output type=local,dest=DIR, -o DIR) written into home, ~/.config, ~/.local/bin or another directory holding login/start-up files.',
  remediationHint:
    'Write build output into the workspace (docker build -o ./out .) and copy the one file you need from there, or ask the user.',
  *check(facts, policy) {
    const pp = pathPolicy(policy);
    for (const f of facts.of('file')) {
      if (f.op !== 'copy' || !f.recursive || f.actor !== 'docker build --output') continue;
      const abs = resolvePath(f.path, pp);
      const label = persistenceFile(abs, pp) ?? holdsPersistence(abs, pp);
      if (label === null) continue;
      yield {
        span: f.span,
        reason: `the build writes its files into ${f.path}, where they can replace ${label}`,
        suggestedAlternative: 'docker build -o ./out .',
      };
    }
  },
  examples: {
    deny: [
      { input: 'docker build --output type=local,dest=$HOME .', runtime: 'docker' },
      { input: 'docker buildx build -o type=local,dest=/home/agent/.local/bin .', runtime: 'docker' },
    ],
    allow: [
      { input: 'docker build -o ./out .', runtime: 'docker', why: 'the workspace' },
      {
        input: 'docker buildx build --output type=local,dest=dist .',
        runtime: 'docker',
        why: 'the workspace',
      },
    ],
  },
});
