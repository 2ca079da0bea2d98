#!/usr/bin/env node
/** Entry point of the `agent-guard` command: dispatches to src/cli/commands/*, maps failures to exit codes. */
import module from 'node:module';
import { isAgentGuardError } from '../errors.js';
import { EXIT, UsageError, type CliIo } from './command.js';
import { COMMANDS } from './commands/index.js';
import { runIfMain } from './entry.js';
import { VERSION } from '../version.js';

// Node 22.1+ keeps compiled code on disk (os.tmpdir()/node-compile-cache, or NODE_COMPILE_CACHE),
// so the second start of a command skips parsing the server's modules. It never throws: a
// read-only disk or NODE_DISABLE_COMPILE_CACHE=1 only leaves it off. Node 20 lacks it.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();

function overview(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length), 8);
  const lines = COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return [
    'agent-guard: keep autonomous agents from running dangerous commands and leaking secrets.',
    '',
    'Usage: agent-guard <command> [options]',
    '',
    'Commands:',
    ...lines,
    '',
    "Run `agent-guard <command> --help` for a command's options.",
    'Exit codes: 0 ok/allowed, 1 denied or invalid, 2 usage or input error, 126 blocked (exec), 127 not found.',
  ].join('\n');
}

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(`${overview()}\n`);
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  if (name === '--version' || name === '-V') {
    io.stdout.write(`${VERSION}\n`);
    return EXIT.ok;
  }
  const entry = COMMANDS.find((c) => c.name === name);
  if (!entry) {
    io.stderr.write(`agent-guard: unknown command "${name}"\n\n${overview()}\n`);
    return EXIT.usage;
  }
  const command = await entry.load();
  if (rest.includes('--help') || rest.includes('-h')) {
    if (!rest.includes('--') || rest.indexOf('--help') < rest.indexOf('--')) {
      io.stdout.write(`${command.usage}\n`);
      return EXIT.ok;
    }
  }
  try {
    return await command.run(rest, io);
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr.write(
        `agent-guard ${command.name}: ${err.message}\nRun \`agent-guard ${command.name} --help\` for usage.\n`,
      );
      return EXIT.usage;
    }
    if (isAgentGuardError(err)) {
      io.stderr.write(`agent-guard ${command.name}: ${err.code}: ${err.message}\n`);
      return EXIT.usage;
    }
    const message = err instanceof Error ? err.message : String(err);
    io.stderr.write(`agent-guard ${command.name}: unexpected error: ${message}\n`);
    return EXIT.usage;
  }
}

runIfMain(import.meta.url, runCli, 'agent-guard', EXIT.usage);
