/**
 * `agent-guard exec [--runtime R] [--remote URL] -- CMD ARGS...` (SPEC 7): evaluate the command,
 * then run it with inherited stdio and pass its exit code and signal through; blocked → the block
 * message on stderr and exit 126. The argv is run directly (no shell), exactly as evaluated.
 */
import { RUNTIMES } from '../../engine/types.js';
import { EXIT, UsageError, type CliCommand, type CliIo } from '../command.js';
import { parseOptions } from '../input.js';
import { POLICY_OPTION_HELP, withPolicy } from '../policy-option.js';
import { shellQuoteArgv } from '../../engine/shell-quote.js';
import { blockMessage, checkCommand, exitStatus, reraise, runChild } from '../guarded-run.js';

const USAGE = `Usage: agent-guard exec [--runtime R] [--remote URL] [--config FILE] -- CMD [ARGS...]

Check a command against the 15 invariants, then run it. Allowed: CMD runs with this terminal's
stdin/stdout/stderr and its exit code (or terminating signal) is passed through. Blocked: the
rule, reason and suggested alternative go to stderr, CMD is never started, and the exit code is 126.

The argv after -- is evaluated as one bash command string: words made only of letters, digits
and _@%+=:,./- stay bare, every other word is single-quoted (so \`exec -- sh -c 'rm -rf /'\` is
evaluated as \`sh -c 'rm -rf /'\`, nested shell included). CMD is then run directly, not through a
shell, so what runs is exactly what was evaluated.

  --runtime R     How to read the command: ${RUNTIMES.join(', ')} (default bash). With another
                  runtime the argv is still quoted as above and evaluated as that language's text.
  --remote URL    Ask a remote agent-guard (POST {URL}/api/v1/validate) instead of the local engine.
                  AGENT_GUARD_API_KEY (X-Marketplace-Key), AGENT_GUARD_FAILOVER_URL and
                  AGENT_GUARD_TIMEOUT_MS (default 2000) apply. Unreachable → blocked (126).
  --config FILE   Configuration file for the local engine; default AGENT_GUARD_CONFIG.
${POLICY_OPTION_HELP}

Exit codes: CMD's own exit code; 128+N when CMD died of signal N (after re-raising it);
126 blocked, or the check failed (fail closed), or CMD is not executable; 127 CMD not found;
2 usage error.`;

async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const dashes = argv.indexOf('--');
  const optionArgs = dashes < 0 ? argv : argv.slice(0, dashes);
  const words = dashes < 0 ? [] : argv.slice(dashes + 1);
  const { values, positionals } = parseOptions({
    args: [...optionArgs],
    options: {
      runtime: { type: 'string' },
      remote: { type: 'string' },
      config: { type: 'string' },
      policy: { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length > 0)
    throw new UsageError(`put the command after --: agent-guard exec -- ${positionals.join(' ')}`);
  if (words.length === 0) throw new UsageError('no command given (agent-guard exec -- CMD ARGS...)');
  if (values.runtime !== undefined && !(RUNTIMES as readonly string[]).includes(values.runtime))
    throw new UsageError(`--runtime must be one of ${RUNTIMES.join(', ')}`);

  const outcome = await checkCommand(shellQuoteArgv(words), withPolicy(io, values.policy), {
    runtime: values.runtime ?? 'bash',
    remote: values.remote,
    configFile: values.config,
  });
  if (!outcome.allowed) {
    io.stderr.write(blockMessage('agent-guard exec', outcome));
    return EXIT.blocked;
  }
  const result = await runChild(words[0]!, words.slice(1), io);
  if (result.spawnError !== undefined) {
    io.stderr.write(
      `agent-guard exec: AG_ERR_EXEC_SPAWN_FAILED: cannot run ${words[0]}: ${result.spawnError}\n`,
    );
  }
  reraise(result, io);
  return exitStatus(result);
}

export const execCommand: CliCommand = {
  name: 'exec',
  usage: USAGE,
  run,
};
