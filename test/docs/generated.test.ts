import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED_DOCS, ROOT } from '../../scripts/generate-docs.js';

describe('generated documents are current (run `npm run docs` after changing their source)', () => {
  it.each(GENERATED_DOCS.map((d) => [d.path, d] as const))('%s', async (path, doc) => {
    const committed = readFileSync(join(ROOT, path), 'utf8');
    expect(committed).toBe(await doc.render());
  });
});
