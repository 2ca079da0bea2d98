/**
 * A migration's down step (R8 twin): knex/sequelize `exports.down = (knex) => knex.schema.dropTable('invoices')`,
 * TypeORM `async down(queryRunner)`, alembic `def downgrade()`. It undoes what the same file's up
 * step creates and runs only under the migration tool, so a table it drops is the project's own
 * schema being rolled back, not a store destroyed. Both steps must be present (the file's shape).
 */
import type { SyntaxNode } from '../../parse/index.js';
import type { Span } from '../../types.js';

const DOWN = /^(?:down|downgrade)$/;
const UP = /^(?:up|upgrade)$/;

const src = (text: string, n: SyntaxNode): string => text.slice(n.start, n.end);

/** The step a definition names (`def downgrade`, `down(q) {}`, `down: ...`, `exports.down = ...`), and its body. */
function step(n: SyntaxNode, text: string): [string, SyntaxNode] | undefined {
  switch (n.type) {
    case 'function_definition':
    case 'function_declaration':
    case 'method_definition': {
      const name = n.children.find((k) => k.type === 'identifier' || k.type === 'property_identifier');
      return name ? [src(text, name), n] : undefined;
    }
    case 'pair': {
      const key = n.children[0];
      const value = n.children[n.children.length - 1];
      return key && value ? [src(text, key).replace(/^["']|["']$/g, ''), value] : undefined;
    }
    case 'assignment_expression': {
      const left = n.children[0];
      const value = n.children[n.children.length - 1];
      const m = left && /^(?:module\.)?exports\.(\w+)$/.exec(src(text, left));
      return m && value ? [m[1]!, value] : undefined;
    }
    default:
      return undefined;
  }
}

const cache = new WeakMap<SyntaxNode, readonly Span[]>();

/** The down steps of a migration file, or none when the input has no up step beside them. */
function downSteps(root: SyntaxNode, text: string): readonly Span[] {
  let spans = cache.get(root);
  if (spans !== undefined) return spans;
  const downs: Span[] = [];
  let up = false;
  const stack = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    const s = step(n, text);
    if (s !== undefined && DOWN.test(s[0])) downs.push({ start: s[1].start, end: s[1].end });
    else if (s !== undefined && UP.test(s[0])) up = true;
    for (const k of n.children) if (k.named && k.type !== 'comment') stack.push(k);
  }
  spans = up ? downs : [];
  cache.set(root, spans);
  return spans;
}

/** Whether `span` lies inside a migration's down step. */
export function inMigrationDown(root: SyntaxNode, text: string, span: Span): boolean {
  return downSteps(root, text).some((s) => s.start <= span.start && span.end <= s.end);
}
