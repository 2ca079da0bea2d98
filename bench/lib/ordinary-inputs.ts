/**
 * Ordinary large inputs (issue 22's other side): what a budget must still analyse and allow. Each is
 * printed by bench/worst-case.bench.ts next to the adversarial inputs, with its time and decision;
 * a deny here is a false positive of the budget.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Case } from './adversarial-inputs.js';

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

const OPTIONAL: readonly (Omit<Case, 'text'> & { readonly text: (() => string) | undefined })[] = [
  { runtime: 'python', name: 'typing.py (117 KB module)', text: file('/usr/lib/python3.11/typing.py') },
  { runtime: 'python', name: 'argparse.py (100 KB module)', text: file('/usr/lib/python3.11/argparse.py') },
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
