/**
 * PKG-AST-002: a package manager configured to run a program of the agent's choosing on every
 * later run: npm/pnpm/yarn `config set script-shell|shell|node-options|onload-script|init-module`
 * to anything but a system shell (npm config set script-shell /tmp/evil.sh runs on every npm run).
 */
import { defineRule } from '../define-rule.js';
import { asksHelp, execHits, positionals } from '../command-line.js';

const MANAGERS = ['npm', 'pnpm', 'yarn'];

/** Keys whose value is a program or module npm runs by itself. */
const CODE_KEYS = /^(?:script-shell|shell|node-options|onload-script|init-module|scriptShell|nodeOptions)$/;

/** A system shell or plain option value, as the key means it. */
const PLAIN =
  /^(?:(?:\/usr)?\/bin\/)?(?:bash|sh|zsh|dash|pwsh|cmd(?:\.exe)?|powershell(?:\.exe)?)$|^--max-old-space-size=\d+$/;

function configures(words: readonly string[]): string | null {
  if (!MANAGERS.includes(words[0]!)) return null;
  const args = words.slice(1);
  if (asksHelp(args)) return null;
  const pos = positionals(args);
  if (pos[0] !== 'config' || pos[1] !== 'set') return null;
  let key = pos[2];
  let value = pos[3];
  if (key !== undefined && key.includes('=') && value === undefined)
    [key, value] = [key.slice(0, key.indexOf('=')), key.slice(key.indexOf('=') + 1)];
  if (key === undefined || !CODE_KEYS.test(key)) return null;
  if (value !== undefined && PLAIN.test(value)) return null;
  return `${words[0]} config set ${key} makes every later ${words[0]} run start ${value ?? 'a program'}`;
}

export default defineRule({
  id: 'PKG-AST-002',
  invariant: 'NO_SYSTEM_PATH_WRITE',
  pack: 'packages',
  kinds: ['exec'],
  programs: MANAGERS,
  summary:
    'npm/pnpm/yarn config set script-shell, node-options, onload-script or init-module to a program of its own.',
  remediationHint:
    'Do not change which program the package manager runs. Run the script you need directly (bash ./scripts/x.sh) or pass options for one run (NODE_OPTIONS=... npm test).',
  *check(facts) {
    yield* execHits(facts, (words) => configures(words));
  },
  examples: {
    deny: [
      { input: 'npm config set script-shell /tmp/evil.sh' },
      { input: 'npm config set node-options "--require /tmp/x.js"' },
      { input: 'pnpm config set script-shell=./x.sh' },
      { input: 'yarn config set onload-script /tmp/x.js' },
    ],
    allow: [
      { input: 'npm config set registry https://registry.npmjs.org/', why: 'not a program' },
      { input: 'npm config set script-shell /bin/bash', why: 'a system shell' },
      { input: 'npm config get script-shell', why: 'reads' },
    ],
  },
});
