/**
 * Infrastructure-as-code automation APIs (R8 iac-destroy-sdk): Pulumi's automation API
 * (`auto.select_stack(...).destroy()`, `LocalWorkspace.selectStack({...}).then((s) => s.destroy())`)
 * and terraform wrappers (`python_terraform.Terraform(working_dir=...).destroy()`). A stack or
 * working directory got by one of these calls and then destroyed is written as the CLI line it
 * amounts to (`pulumi destroy --yes`, `terraform destroy -auto-approve`), so IAC-AST-001/003
 * decide it as they do in a shell. Read from the tree: the receiver is the getter's call, a name
 * assigned it, or a then() callback's parameter.
 */
import type { SyntaxNode } from '../../parse/index.js';
import type { Collector } from './collector.js';
import { pushNamed } from './syntax.js';

type Lang = 'python' | 'node';

/** Calls that hand back a Pulumi stack or a terraform working directory. */
const STACK_GETTER =
  /^(?:select_stack|selectStack|create_or_select_stack|createOrSelectStack|create_stack|createStack|Terraform|Tofu|Terragrunt)$/;
const GATE =
  /\b(?:select_stack|selectStack|create_or_select_stack|createOrSelectStack|create_stack|createStack|Terraform|Tofu|Terragrunt)\s*\(/;

const src = (text: string, n: SyntaxNode): string => text.slice(n.start, n.end);

/** The last name of a call's callee (`auto.select_stack` → select_stack, `new Terraform` → Terraform). */
function calleeName(n: SyntaxNode, text: string): string | undefined {
  if (n.type !== 'call' && n.type !== 'call_expression' && n.type !== 'new_expression') return undefined;
  const callee = n.children.find((k) => k.named);
  if (callee === undefined) return undefined;
  const last = callee.type === 'identifier' ? callee : callee.children[callee.children.length - 1];
  return last === undefined ? undefined : src(text, last);
}

/** The getter call `n` is or awaits, or undefined. */
function getter(n: SyntaxNode | undefined, text: string): string | undefined {
  while (n !== undefined && /^(?:await|await_expression|parenthesized_expression)$/.test(n.type))
    n = n.children.find((k) => k.named);
  if (n === undefined) return undefined;
  const name = calleeName(n, text);
  return name !== undefined && STACK_GETTER.test(name) ? name : undefined;
}

/** The CLI line a destroy through a getter of `kind` amounts to. */
function line(kind: string): string {
  if (/stack/i.test(kind)) return 'pulumi destroy --yes';
  return `${/tofu/i.test(kind) ? 'tofu' : /terragrunt/i.test(kind) ? 'terragrunt' : 'terraform'} destroy -auto-approve`;
}

/** Every stack or working directory destroyed through an automation API, handed to `col` as its CLI line. */
export function iacAutomation(root: SyntaxNode, text: string, lang: Lang, col: Collector): void {
  if (!GATE.test(text) || !/\bdestroy\s*\(/.test(text)) return;
  // Names bound to a getter's result: `stack = auto.select_stack(...)`, `.then((s) => ...)`.
  const bound = new Map<string, string>();
  const stack = [root];
  const calls: SyntaxNode[] = [];
  while (stack.length > 0) {
    const n = stack.pop()!;
    pushNamed(stack, n);
    if ((n.type === 'assignment' || n.type === 'variable_declarator') && n.children.length >= 2) {
      const target = n.children[0]!;
      const kind = getter(n.children[n.children.length - 1], text);
      if (kind !== undefined && target.type === 'identifier') bound.set(src(text, target), kind);
    }
    if (n.type !== 'call' && n.type !== 'call_expression') continue;
    calls.push(n);
    const callee = n.children[0];
    if (
      callee?.type !== 'member_expression' ||
      src(text, callee.children[callee.children.length - 1]!) !== 'then'
    )
      continue;
    const kind = getter(callee.children[0], text);
    const fn = n.children
      .find((k) => k.type === 'arguments')
      ?.children.find((k) => k.type === 'arrow_function');
    const param = fn?.children.find((k) => k.type === 'identifier' || k.type === 'formal_parameters');
    const first = param?.type === 'identifier' ? param : param?.children.find((k) => k.type === 'identifier');
    if (kind !== undefined && first !== undefined) bound.set(src(text, first), kind);
  }
  for (const n of calls) {
    const callee = n.children[0];
    if (callee === undefined || (callee.type !== 'attribute' && callee.type !== 'member_expression'))
      continue;
    if (src(text, callee.children[callee.children.length - 1]!) !== 'destroy') continue;
    const recv = callee.children[0]!;
    const kind = getter(recv, text) ?? (recv.type === 'identifier' ? bound.get(src(text, recv)) : undefined);
    if (kind === undefined) continue;
    col.nested(line(kind), 'bash', { start: n.start, end: n.end }, lang);
  }
}
