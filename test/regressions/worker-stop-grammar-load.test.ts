/**
 * A stalled analysis worker stopped while it loaded a grammar on first use (tree-sitter-python's
 * addon and setLanguage run during the first python job) aborted the whole process with Napi::Error:
 * the grammar load sat outside the native section (src/engine/parse/index.ts), and the boot outside
 * the stop gate (src/engine-worker/stop-gate.ts). Fresh workers with a 1-7 ms stall window, each
 * first job on a lazily loaded grammar; the process surviving every stop is the check.
 */
import { describe, expect, it } from 'vitest';
import { createAnalysisWorker } from '../../src/engine-worker/host.js';

const LIMITS = { maxInputBytes: 256 * 1024, maxDepth: 8 };
const JOBS: [string, 'python' | 'node' | 'sql' | 'docker'][] = [
  ['import os\nos.system("ls")\n', 'python'],
  ['const fs = require("fs");\n', 'node'],
  ['SELECT 1', 'sql'],
  ['FROM alpine\nRUN ls\n', 'docker'],
];

describe('worker stop during a grammar load', () => {
  it('stops stalled workers in their first jobs without aborting the process', async () => {
    let settled = 0;
    for (let round = 0; round < 5; round++) {
      const worker = createAnalysisWorker({ stallMs: 1 + (round % 7) });
      try {
        for (const [text, runtime] of JOBS)
          await worker.analyze(text, runtime, LIMITS).then(
            () => settled++,
            (err: Error) => {
              expect(err.message).toMatch(/stopped answering|did not start|stopping/);
              settled++;
            },
          );
      } finally {
        await worker.close();
      }
    }
    expect(settled).toBe(5 * JOBS.length);
  }, 300_000);
});
