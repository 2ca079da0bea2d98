/**
 * Ordinary large inputs (issue 22's other side): what a budget must still analyse and allow. Each is
 * printed by bench/worst-case.bench.ts next to the adversarial inputs, with its time and decision;
 * a deny here is a false positive of the budget.
 */
import { existsSync, readFileSync } from 'node:fs';
import { CAP, type Case } from './adversarial-inputs.js';

/** `unit(i)` joined until the next would pass `size` characters. */
function rows(size: number, unit: (i: number) => string, head = ''): string {
  let out = head;
  for (let i = 0; out.length + unit(i).length < size; i++) out += unit(i);
  return out;
}

/** A migration step of a typical schema (tables, indexes, constraints, backfills). */
function migrationStep(i: number): string {
  return (
    `-- step ${i}\n` +
    `CREATE TABLE IF NOT EXISTS orders_${i} (\n  id bigserial PRIMARY KEY,\n  customer_id bigint NOT NULL REFERENCES customers(id),\n  status text NOT NULL DEFAULT 'new',\n  total numeric(12,2) NOT NULL,\n  created_at timestamptz NOT NULL DEFAULT now()\n);\n` +
    `CREATE INDEX IF NOT EXISTS orders_${i}_customer_idx ON orders_${i} (customer_id, created_at);\n` +
    `ALTER TABLE orders_${i} ADD COLUMN IF NOT EXISTS note text;\n` +
    `UPDATE orders_${i} SET status = 'open' WHERE status = 'new' AND created_at > '2024-01-01';\n`
  );
}

/** A file from this machine, or undefined where it is not installed. */
const file = (path: string): (() => string) | undefined =>
  existsSync(path) ? () => readFileSync(path, 'utf8') : undefined;

/** A file's first characters up to the size cap (less a margin for a tool call's JSON around it). */
const atCap = (path: string): (() => string) | undefined => {
  const read = file(path);
  return read && (() => read().slice(0, CAP - 144));
};

/** An agent's Write of `content` to `path`: the edit tools read a source file's content as code (tool-call/source-edit.ts). */
const written = (path: string, content: (() => string) | undefined): (() => string) | undefined =>
  content && (() => JSON.stringify({ name: 'Write', arguments: { file_path: path, content: content() } }));

const BUNDLE = atCap(new URL('../../node_modules/ai/dist/index.js', import.meta.url).pathname);
const MINIFIED = atCap(
  new URL(
    '../../node_modules/aws-cdk-lib/custom-resource-handlers/dist/aws-eks/cluster-resource-handler/index.js',
    import.meta.url,
  ).pathname,
);
const PY_MODULE = atCap('/usr/lib/python3.11/_pydecimal.py');

const OPTIONAL: readonly (Omit<Case, 'text'> & { readonly text: (() => string) | undefined })[] = [
  { runtime: 'python', name: 'typing.py (117 KB module)', text: file('/usr/lib/python3.11/typing.py') },
  { runtime: 'python', name: 'argparse.py (100 KB module)', text: file('/usr/lib/python3.11/argparse.py') },
  { runtime: 'python', name: '_pydecimal.py (229 KB module)', text: PY_MODULE },
  { runtime: 'node', name: 'ai/dist/index.js at the cap (bundle)', text: BUNDLE },
  {
    runtime: 'node',
    name: 'vite chunk at the cap (ESM bundle)',
    text: atCap(new URL('../../node_modules/vite/dist/node/chunks/node.js', import.meta.url).pathname),
  },
  { runtime: 'node', name: 'aws-cdk handler at the cap (minified)', text: MINIFIED },
  {
    runtime: 'tool_call',
    name: 'Write of the ai bundle to a .js',
    text: written('/work/ws/src/index.js', BUNDLE),
  },
  {
    runtime: 'tool_call',
    name: 'Write of minified JS to a .js',
    text: written('/work/ws/src/handler.js', MINIFIED),
  },
  {
    runtime: 'tool_call',
    name: 'Write of _pydecimal.py to a .py',
    text: written('/work/ws/lib/decimal.py', PY_MODULE),
  },
  {
    runtime: 'bash',
    name: 'git-subtree.sh (script)',
    text: file('/usr/share/doc/git/contrib/subtree/git-subtree.sh'),
  },
];

export const ORDINARY: readonly Case[] = [
  {
    runtime: 'sql',
    name: 'seed file, 200 KB of one-row INSERTs',
    text: () =>
      rows(
        200_000,
        (i) =>
          `INSERT INTO users (id, name, email, created_at) VALUES (${i}, 'User ${i}', 'user${i}@example.com', '2024-01-01 00:00:00');\n`,
      ),
  },
  {
    runtime: 'sql',
    name: 'seed file, 200 KB multi-row INSERTs',
    // mysqldump's extended inserts: 100 rows a statement.
    text: () =>
      rows(200_000, (i) =>
        i % 100 === 0
          ? `${i === 0 ? '' : ';\n'}INSERT INTO products (id, sku, title, price) VALUES (${i}, 'SKU-${i}', 'Product ${i}', ${i}.99)`
          : `,(${i}, 'SKU-${i}', 'Product ${i}', ${i}.99)`,
      ) + ';\n',
  },
  { runtime: 'sql', name: 'migration, 5000 lines', text: () => rows(5000 * 40, migrationStep) },
  ...OPTIONAL.filter((c): c is Case => c.text !== undefined),
];
