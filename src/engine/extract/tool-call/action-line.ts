/** The line a tool-call finding is written as: `agent-guard-action <effect> <object> <detail>`, judged by the PLT rules. */
import { quote, type CliEquivalent } from './cli.js';
import { ACTION_PROGRAM } from './saas.js';

export const actionLine = (effect: string, object: string, detail: string): CliEquivalent => ({
  code: [ACTION_PROGRAM, effect, quote(object), quote(detail.slice(0, 200))].join(' '),
  runtime: 'bash',
});
