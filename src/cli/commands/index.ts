/** The table of CLI commands; add a command by adding its module here (one line each). */
import type { CliCommand } from '../command.js';
import { passkeyCommand } from './passkey.js';

export const COMMANDS: readonly CliCommand[] = [
  passkeyCommand,
];
