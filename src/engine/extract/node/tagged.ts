/**
 * Tagged templates calling the input's own tag function (issue 22, r6): `` sh`rm -rf ${home}` ``
 * calls `sh(strings, ...values)`, so the tag is walked with the literal chunks as an array (its
 * `raw` too) and the substitutions as the rest; `String.raw(strings, ...values)` joins them back.
 */
import type { SyntaxNode } from '../../parse/index.js';
import { unescape } from '../code/strings.js';
import { concat, opaque, strVal, type Val } from '../code/value.js';
import type { JsWalker } from '../node.js';
import { JS_CALLS, type JsCall } from './calls.js';

/** An array value of the template's literal chunks, with `raw` the same chunks unescaped. */
function chunksVal(cooked: readonly string[], raw: readonly string[]): Val {
  const items = cooked.map((s) => strVal(s));
  const rawItems = raw.map((s) => strVal(s));
  return { ...opaque([]), items, fields: new Map([['raw', { ...opaque([]), items: rawItems }]]) };
}

/** The arguments a tag function receives for `template`: (strings, ...substitutions). */
export function taggedArgs(w: JsWalker, template: SyntaxNode): Val[] {
  const cooked: string[] = [''];
  const raw: string[] = [''];
  const values: Val[] = [];
  for (const c of template.children) {
    if (c.type === 'string_fragment' || c.type === 'escape_sequence') {
      const text = w.src(c);
      cooked[cooked.length - 1] += c.type === 'escape_sequence' ? unescape(text, true) : text;
      raw[raw.length - 1] += text;
    } else if (c.type === 'template_substitution') {
      const expr = c.children.find((k) => k.named);
      values.push(expr ? w.visit(expr) : opaque([]));
      cooked.push('');
      raw.push('');
    }
  }
  return [chunksVal(cooked, raw), ...values];
}

/** `String.raw(strings, ...values)`: the chunks (or `{ raw }`'s) with the values between them. */
function stringRaw(_w: JsWalker, c: JsCall): Val | undefined {
  const first = c.args[0];
  const chunks = first?.fields?.get('raw')?.items ?? first?.items;
  if (chunks === undefined || c.tagged) return undefined;
  const parts: Val[] = [];
  chunks.forEach((s, i) => {
    parts.push(s);
    const v = c.args[i + 1];
    if (v !== undefined && i < chunks.length - 1) parts.push(v);
  });
  return concat(parts);
}

JS_CALLS.add(['String.raw'], stringRaw);
