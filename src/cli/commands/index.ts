/** The table of CLI commands; add a command by adding its module here (one line each). */
import type { CliCommand } from '../command.js';
import { passkeyCommand } from './passkey.js';
import { serveCommand } from './serve.js';
import { keygenCommand } from './keygen.js';
import { verifyCommand } from './verify.js';
import { validateCommand } from './validate.js';
import { sanitizeCommand } from './sanitize.js';
import { injectCommand } from './inject.js';
import { execCommand } from './exec.js';
import { hookCommand } from './hook.js';

export const COMMANDS: readonly CliCommand[] = [
  passkeyCommand,
  serveCommand,
  keygenCommand,
  verifyCommand,
  validateCommand,
  sanitizeCommand,
  injectCommand,
  execCommand,
  hookCommand,
];
