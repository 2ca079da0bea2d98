/**
 * A terminal prompt that poses as the system (R20: `rl.question('[sudo] password for ' + user + ': ')`):
 * what the user types there is the system password they would give sudo, ssh or the keyring, so the
 * answer is what the user typed (`page` input, as page.ts labels a form's fields) and SEC-AST-010
 * judges where it goes. A CLI that asks for its own password keeps the plain wait it was.
 */
import type { DataSource } from '../../facts.js';
import { sleeps } from '../code/calls.js';
import { UNKNOWN, type Val } from '../code/value.js';
import { callAs, JS_CALLS, type JsCall } from './calls.js';
import type { JsWalker } from '../node.js';

const TYPED: DataSource = { kind: 'page', what: 'input' };
/** Prompt text of sudo, su, ssh keys and OS keyrings. */
const SYSTEM_PROMPT =
  /\[sudo\]|\bsudo\b[^'"`]*password|\bpassword for (?:['"`]\s*\+|\$\{)|@[\w.${}-]+'s password|passphrase for (?:key|['"`/~])|login keyring|keychain password|authentication is required/i;

/** `rl.question(prompt, cb)` / `await rl.question(prompt)`: a wait, and the answer of a system-posing prompt is typed input. */
function asks(w: JsWalker, c: JsCall): Val | undefined {
  sleeps(w, c);
  const prompt = c.argNodes[0];
  if (prompt === undefined || !SYSTEM_PROMPT.test(w.src(prompt))) return undefined;
  const answer: Val = { ...UNKNOWN, sources: [TYPED] };
  if (c.args.length > 1) callAs(w, c, c.args.at(-1), [answer]);
  return answer;
}

JS_CALLS.add(['readline.question', 'readlineSync.question', 'prompt'], asks);
JS_CALLS.methods([['question', asks]]);
