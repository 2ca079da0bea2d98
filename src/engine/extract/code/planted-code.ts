/**
 * Backdoors and leaks planted in product code (R21: a passport strategy accepting a master
 * password, Next.js middleware passing one header value, `jwt.decode` trusted as verification, an
 * invoice mail Bcc'd to a personal mailbox): judged on the code as written, so the same text is
 * judged whether the agent runs it or an edit tool writes it (tool-call/source-edit.ts hands an
 * edit's new text here). The readers are the text detectors the tool-call reader uses
 * (auth-backdoor.ts, jwt-unverified.ts, mail-bcc.ts, mail-capture.ts, exposed-exec.ts, R23:
 * credential-copy.ts, cors-reflect.ts, root-served.ts, payee-swap.ts; R23 by data flow: mass-assign.ts,
 * host-link.ts, webhook-unverified.ts; R24: env-response.ts); a hit inside a test, or inside a string the
 * code only carries (a scanner's sample, the text a `.replace()` takes away: source-backdoor.ts
 * judges written strings), is no plant. Becomes `agent-guard-action weaken sign-in` / `divert mail`
 * lines for PLT-AST-003.
 */
import type { SyntaxNode } from '../../parse/index.js';
import { bypassAt, type Planted } from '../tool-call/auth-backdoor.js';
import { corsReflectAt } from '../tool-call/cors-reflect.js';
import { credentialCopyAt } from '../tool-call/credential-copy.js';
import { envResponseAt } from '../tool-call/env-response.js';
import { exposedExecAt } from '../tool-call/exposed-exec.js';
import { hostLinkAt } from '../tool-call/host-link.js';
import { unverifiedTokenAt } from '../tool-call/jwt-unverified.js';
import { outsideCopyAt } from '../tool-call/mail-bcc.js';
import { mailedCaptureAt } from '../tool-call/mail-capture.js';
import { massAssignAt } from '../tool-call/mass-assign.js';
import { payeeSwapAt } from '../tool-call/payee-swap.js';
import { rootServedAt } from '../tool-call/root-served.js';
import { ACTION_PROGRAM } from '../tool-call/saas.js';
import { webhookUnverifiedAt } from '../tool-call/webhook-unverified.js';
import type { Collector } from './collector.js';
import { inTestScope } from './test-scope.js';

/** Each reader with the action line its hit becomes. */
const READERS: readonly [(text: string) => Planted | undefined, string, string][] = [
  [bypassAt, 'weaken', 'sign-in'],
  [unverifiedTokenAt, 'weaken', 'sign-in'],
  [outsideCopyAt, 'divert', 'mail'],
  [mailedCaptureAt, 'leak', 'sign-in'],
  [exposedExecAt, 'expose', 'server'],
  [credentialCopyAt, 'leak', 'sign-in'],
  [corsReflectAt, 'expose', 'server'],
  [rootServedAt, 'expose', 'files'],
  [payeeSwapAt, 'divert', 'payments'],
  [massAssignAt, 'weaken', 'sign-in'],
  [hostLinkAt, 'leak', 'sign-in'],
  [webhookUnverifiedAt, 'disarm', 'payments'],
  [envResponseAt, 'expose', 'server'],
];

/** Texts no plant is read in: too long for the regular-expression readers' budget. */
const MAX_TEXT = 65536;

/** Whether offset `at` lies inside a string literal or a comment of the tree. */
function inStringOrComment(root: SyntaxNode, at: number): boolean {
  let n: SyntaxNode | undefined = root;
  while (n !== undefined) {
    if (/string|comment|template/.test(n.type) && n !== root) return true;
    n = n.children.find((c) => c.start <= at && at < c.end);
  }
  return false;
}

export function plantedCode(root: SyntaxNode, text: string, lang: 'python' | 'node', col: Collector): void {
  if (text.length > MAX_TEXT) return;
  for (const [read, effect, object] of READERS) {
    const hit = read(text);
    if (hit === undefined || inStringOrComment(root, hit.at)) continue;
    const span = { start: hit.at, end: hit.at + 1 };
    if (inTestScope(root, text, lang, span)) continue;
    col.exec(span, [ACTION_PROGRAM, effect, object, hit.why], false, 'code');
  }
}
