/**
 * The process end of a CLI module (`agent-guard`, `agent-guard-sh`): when the module is the script
 * node was started with, run it on the process's streams and make its answer the exit code.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CliIo } from './command.js';

/** Whether `moduleUrl` (the caller's import.meta.url) is the script node was started with (links resolved). */
function isMain(moduleUrl: string): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}

/**
 * Runs `run` with the process's arguments and streams when `moduleUrl` is the entry point; the
 * returned code becomes process.exitCode. A rejection is printed as `<prog>: <error>` and exits
 * with `crashCode`.
 */
export function runIfMain(
  moduleUrl: string,
  run: (argv: readonly string[], io: CliIo) => Promise<number>,
  prog: string,
  crashCode: number,
): void {
  if (!isMain(moduleUrl)) return;
  const io: CliIo = {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
  };
  run(process.argv.slice(2), io).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      process.stderr.write(`${prog}: ${String(err)}\n`);
      process.exitCode = crashCode;
    },
  );
}
