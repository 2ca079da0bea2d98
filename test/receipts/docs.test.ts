// docs/receipts.md quotes the committed vectors: if the format changes, the page must change with it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEAF_ORDER } from '../../src/receipts/index.js';

const root = join(import.meta.dirname, '../..');
const doc = readFileSync(join(root, 'docs/receipts.md'), 'utf8');
const fixture = (name: string): string => readFileSync(join(root, 'test/fixtures/receipts', name), 'utf8');

describe('docs/receipts.md', () => {
  it('quotes the decision vector: leaves, signed bytes, seal and signature', () => {
    const receipt = JSON.parse(fixture('decision-deny.receipt.json')) as {
      merkle_seal: string;
      signature: string;
    };
    for (const leaf of fixture('decision-deny.leaves.jsonl').trim().split('\n'))
      expect(doc).toContain(`\`${leaf}\``);
    const statement = fixture('decision-deny.statement.json');
    expect(doc).toContain(statement);
    expect(doc).toContain(`exactly these ${Buffer.byteLength(statement)} bytes`);
    expect(doc).toContain(receipt.merkle_seal);
    expect(doc).toContain(receipt.signature);
  });

  it('lists the leaf order the code uses', () => {
    for (const kind of ['decision', 'scrub'] as const) {
      LEAF_ORDER[kind].forEach((name, i) =>
        expect(doc).toMatch(new RegExp(`\\|\\s*${i}\\s*\\|[^\\n]*\`${name}\``)),
      );
    }
  });
});
