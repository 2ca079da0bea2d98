/**
 * A client made with a payment sandbox's key (Stripe's `sk_test_…`, `rk_test_…`): what it lists and
 * deletes are test-mode objects, never live customers (R10 fpa class C). Only the key written into
 * the client's own construction counts, so a stray test key elsewhere in the input changes nothing.
 */
import type { SyntaxNode } from '../../parse/index.js';

/** A test-mode secret or restricted key as a string literal. */
const TEST_KEY = /^["'`](?:sk|rk)_test_[A-Za-z0-9]{8,}["'`]$/;

/**
 * Whether every binding of `name` is a construction given a test-mode key, or its `api_key` set to
 * one, and there is at least one (a later rebinding to another key keeps the delete judged).
 */
export function sandboxClient(root: SyntaxNode, text: string, name: string): boolean {
  let keyed = false;
  const stack = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if ((n.type === 'assignment' || n.type === 'variable_declarator') && n.children.length >= 2) {
      const target = n.children[0]!;
      const value = n.children[n.children.length - 1]!;
      const t = text.slice(target.start, target.end);
      // The client itself, or the module-wide key (python `stripe.api_key = 'sk_test_…'`).
      const ok =
        t === name
          ? testKeyed(value, text)
          : t === `${name}.api_key`
            ? TEST_KEY.test(text.slice(value.start, value.end))
            : undefined;
      if (ok === false) return false;
      if (ok === true) keyed = true;
    }
    for (let i = n.children.length - 1; i >= 0; i--) if (n.children[i]!.named) stack.push(n.children[i]!);
  }
  return keyed;
}

/** A call chain (`require('stripe')(KEY)`, `new Stripe(KEY)`, `stripe.StripeClient(KEY)`) given a test key. */
function testKeyed(v: SyntaxNode, text: string): boolean {
  if (!/^(?:call|call_expression|new_expression)$/.test(v.type)) return false;
  const args = v.children.find((k) => k.type === 'argument_list' || k.type === 'arguments');
  const first = args?.children.find((k) => k.named && k.type !== 'comment');
  return first !== undefined && TEST_KEY.test(text.slice(first.start, first.end));
}
