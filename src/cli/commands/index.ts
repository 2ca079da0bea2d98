/** The table of CLI commands, in the order `agent-guard --help` lists them; one line each. */
import type { CliCommand } from '../command.js';
import { execCommand } from './exec.js';
import { hookCommand } from './hook.js';
import { injectCommand } from './inject.js';
import { keygenCommand } from './keygen.js';
import { passkeyCommand } from './passkey.js';
import { sanitizeCommand } from './sanitize.js';
import { serveCommand } from './serve.js';
import { validateCommand } from './validate.js';
import { verifyCommand } from './verify.js';

export const COMMANDS: readonly CliCommand[] = [
  serveCommand,
  validateCommand,
  sanitizeCommand,
  execCommand,
  hookCommand,
  verifyCommand,
  keygenCommand,
  passkeyCommand,
  injectCommand,
];
