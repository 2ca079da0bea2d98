/**
 * The shape of one `agent-guard <command>`: each lives in src/cli/commands/<name>.ts and is listed
 * in src/cli/commands/index.ts. Commands never call process.exit; they return the exit code and
 * write through `io`, so tests can run them in-process.
 */
import type { Readable, Writable } from 'node:stream';

export interface CliIo {
  readonly stdin: Readable;
  readonly stdout: Writable;
  readonly stderr: Writable;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
}

/** Exit codes shared by every command (documented in the README). */
export const EXIT = {
  ok: 0,
  /** A check denied, a receipt did not verify. */
  denied: 1,
  /** Bad usage or input the command cannot accept. */
  usage: 2,
  /** `exec` / `agent-guard-sh`: the command was blocked (SPEC 7). */
  blocked: 126,
} as const;

export interface CliCommand {
  readonly name: string;
  /** Full `--help` text of the command. */
  readonly usage: string;
  run(argv: readonly string[], io: CliIo): Promise<number>;
}

/** A usage error: main prints the message and the command's usage hint and exits 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
