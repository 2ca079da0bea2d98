/** The table of CLI commands; add a command by adding its module here (one line each). */
import type { CliCommand } from '../command.js';
import { passkeyCommand } from './passkey.js';
import { keygenCommand } from './keygen.js';
import { verifyCommand } from './verify.js';
import { validateCommand } from './validate.js';

export const COMMANDS: readonly CliCommand[] = [
  passkeyCommand,
  keygenCommand,
  verifyCommand,
  validateCommand,
];
