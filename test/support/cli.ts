/** Runs a CLI entry (runCli, runShellShim) in-process with its stdout and stderr captured. */
import { PassThrough, Readable } from 'node:stream';
import type { CliIo } from '../../src/cli/command.js';

export interface Captured {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export async function runCaptured(
  run: (argv: readonly string[], io: CliIo) => Promise<number>,
  argv: readonly string[],
  io: { readonly stdin?: Readable; readonly env: CliIo['env']; readonly cwd: string },
): Promise<Captured> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  stdout.on('data', (c: Buffer) => out.push(c));
  stderr.on('data', (c: Buffer) => err.push(c));
  const code = await run(argv, {
    stdin: io.stdin ?? Readable.from([]),
    stdout,
    stderr,
    env: io.env,
    cwd: io.cwd,
  });
  return { code, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() };
}
