// The detector index and the detector table in docs/scrubber.md are generated from the files in
// src/scrub/detectors/ (STYLE 13): a new detector file without a regenerated index fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DOC_PATH,
  INDEX_PATH,
  listDetectorFiles,
  renderDoc,
  renderIndex,
} from '../../scripts/generate-scrub-detectors.js';

const read = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

describe('generated detector registry', () => {
  it('lists every file in src/scrub/detectors/ (run npx tsx scripts/generate-scrub-detectors.ts)', () => {
    expect(read(INDEX_PATH)).toBe(renderIndex());
  });

  it('keeps the detector table in docs/scrubber.md current', async () => {
    const doc = read(DOC_PATH);
    expect(doc).toBe(await renderDoc(doc));
  });

  it('rejects files that are not kebab-case detectors', () => {
    expect(() => listDetectorFiles(['ok.ts', 'Bad_Name.ts'])).toThrow(/kebab-case/);
    expect(listDetectorFiles(['b.ts', 'a.ts', 'notes.md'])).toEqual(['a', 'b']);
  });
});
