/**
 * Every table an ORM knows emptied in one loop (R21: `for (const m of Prisma.dmmf.datamodel.models)
 * await prisma[key].deleteMany({})`): a loop over the ORM's own list of models or tables (Prisma's
 * dmmf or ModelName, TypeORM entityMetadatas, Sequelize models, mongoose modelNames, Django
 * get_models, SQLAlchemy sorted_tables) whose body deletes all rows of each. Written as the SQL
 * DELETE without WHERE it amounts to, so SQL-AST-004 judges it. A delete with a filter, a loop that
 * only counts, and a test's own reset (a test hook, a test database) stay everyday work.
 */
import type { SyntaxNode } from '../../parse/index.js';
import type { Collector } from './collector.js';
import { testTeardown } from './test-scope.js';
import { pushNamed } from './syntax.js';

type Lang = 'python' | 'node';

/** The ORM's list of every model or table, per language. */
const REGISTRY: Readonly<Record<Lang, RegExp>> = {
  node: /\bPrisma\s*\.\s*(?:dmmf\s*\.\s*datamodel\s*\.\s*models|ModelName)\b|\.\s*entityMetadatas\b|\bsequelize\s*\.\s*models\b|\.\s*models\b(?!\s*[.([])|\bmodelNames\s*\(\s*\)|\bObject\s*\.\s*(?:values|keys|entries)\s*\(\s*schema\s*\)/,
  python:
    /\bapps\s*\.\s*get_models\s*\(|\.\s*sorted_tables\b|\.\s*tables\s*\.\s*values\s*\(|\.\s*registry\s*\.\s*mappers\b|\bget_table_names\s*\(|\.\s*get_tables\s*\(|\.\s*__subclasses__\s*\(/,
};

/** A call that deletes every row or document of what it is called on (no filter in its arguments). */
const WIPE: Readonly<Record<Lang, RegExp>> = {
  node: /\.\s*(?:deleteMany|deleteAll|clear|truncate|remove|drop|destroy)\s*\(\s*(?:\{\s*\}|\{\s*where\s*:\s*\{\s*\}[^)]*|\{[^)]*\btruncate\s*:\s*true[^)]*)?\)|\bdelete\s*\(\s*\w+\s*\)(?!\s*\.\s*where)/,
  python:
    /\.\s*(?:delete|truncate)\s*\(\s*\)|\.\s*drop\s*\(|\.\s*objects\s*\.\s*all\s*\(\s*\)\s*\.\s*delete\b|\b(?:TRUNCATE|DELETE\s+FROM)\s+(?:TABLE\s+)?["'`]?\{[^}\n]*\}["'`]?\s*;?["']/i,
};

/** Words on the delete's line that pick rows (a filter, a WHERE, a condition). */
const PICKS = /\b(?:filter|filter_by|where|exclude|if)\b|\bWHERE\b/;

/** Loops, with the child that is the body (everything before it is the header). */
const LOOPS = new Set(['for_statement', 'for_in_statement', 'for_of_statement']);

/** Reports a DELETE of every table for each loop over an ORM's models whose body wipes each. */
export function modelWipes(root: SyntaxNode, text: string, lang: Lang, col: Collector): void {
  const registry = REGISTRY[lang];
  if (!registry.test(text) || !WIPE[lang].test(text)) return;
  const stack = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    pushNamed(stack, n, true);
    const body = n.children[n.children.length - 1];
    if (!LOOPS.has(n.type) || body === undefined) continue;
    if (!registry.test(text.slice(n.start, body.start))) continue;
    const code = text.slice(body.start, body.end);
    const wipe = new RegExp(WIPE[lang].source, WIPE[lang].flags + 'g');
    for (let m = wipe.exec(code); m !== null; m = wipe.exec(code)) {
      const at = body.start + m.index;
      const line = text.slice(
        text.lastIndexOf('\n', at) + 1,
        text.indexOf('\n', at) < 0 ? text.length : text.indexOf('\n', at),
      );
      const span = { start: at, end: at + m[0].length };
      if (PICKS.test(line.replace(/\bwhere\s*:\s*\{\s*\}/g, '')) || testTeardown(root, text, lang, span))
        continue;
      col.nested('DELETE FROM every_model_table', 'sql', span, lang);
      return;
    }
  }
}
