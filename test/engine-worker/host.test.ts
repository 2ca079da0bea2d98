/**
 * The analysis worker's failure paths (src/engine-worker/host.ts): a full queue is AG_ERR_ENGINE_BUSY
 * (a 503, never a decision), a worker that stops answering (or never starts) fails its jobs while
 * booting does not count as stopping, and the engine turns a failed job into its fail-closed deny.
 * Real worker threads.
 */
import { describe, expect, it } from 'vitest';
import { createAnalysisWorker } from '../../src/engine-worker/host.js';
import { createEngine } from '../../src/engine/engine.js';

const LIMITS = { maxInputBytes: 256 * 1024, maxDepth: 8 };
const BIG = 'rm -f ./x; '.repeat(2000) + 'ls';

describe('analysis worker', () => {
  it('answers jobs with the facts of a full analysis, and restarts after an idle stop', async () => {
    const events: string[] = [];
    const worker = createAnalysisWorker({ idleMs: 1, onEvent: (e) => events.push(e) });
    try {
      const facts = await worker.analyze('rm -rf ~', 'bash', LIMITS);
      expect(facts.some((f) => f.kind === 'exec' && f.program === 'rm')).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 50));
      await worker.analyze('ls', 'bash', LIMITS);
      expect(events).toEqual(['started', 'started']);
    } finally {
      await worker.close();
    }
  });

  it('refuses a job past maxQueued with AG_ERR_ENGINE_BUSY and still answers the others', async () => {
    const outcomes: string[] = [];
    const worker = createAnalysisWorker({ maxQueued: 1, onJob: (o) => outcomes.push(o) });
    try {
      const first = worker.analyze(BIG, 'bash', LIMITS);
      await expect(worker.analyze('ls', 'bash', LIMITS)).rejects.toMatchObject({
        code: 'AG_ERR_ENGINE_BUSY',
      });
      await expect(first).resolves.toBeInstanceOf(Array);
      expect(outcomes.sort()).toEqual(['answered', 'busy']);
    } finally {
      await worker.close();
    }
  });

  it('passes an input error back as the same AgentGuardError', async () => {
    const worker = createAnalysisWorker();
    try {
      await expect(worker.analyze('x'.repeat(300 * 1024), 'bash', LIMITS)).rejects.toMatchObject({
        code: 'AG_ERR_INPUT_TOO_LARGE',
      });
    } finally {
      await worker.close();
    }
  });

  it('fails the jobs of a worker that stops answering; the engine denies them (fail closed)', async () => {
    const events: string[] = [];
    // 1 ms: no worker starts and loads its parsers that fast.
    const worker = createAnalysisWorker({ bootMs: 1, onEvent: (e) => events.push(e) });
    try {
      await expect(worker.analyze('ls', 'bash', LIMITS)).rejects.toThrow(/did not start/);
      expect(events).toContain('stalled');
      const engine = await createEngine({ config: { cacheEntries: 0 }, offload: worker });
      const evaluation = await engine.evaluateBounded({ text: BIG, runtime: 'bash' });
      expect(evaluation.decision.allowed).toBe(false);
      expect(evaluation.errorCode).toBe('AG_ERR_ENGINE_ANALYSIS_FAILED');
      expect(evaluation.decision.findings[0]?.ruleId).toBe('ENG-AST-000');
    } finally {
      await worker.close();
    }
  });

  it('stops a stalled worker without aborting the process, also inside a native parse', async () => {
    // stallMs 1 fires while the worker parses or analyses these (each job after a stall waits for a
    // fresh worker's boot, then is parsed at once); a stop inside tree-sitter's native parse used to
    // abort the test process (Napi::Error), so every job settling is the check.
    const inputs: [string, 'bash' | 'python' | 'node'][] = [
      ['rm -f ./x; '.repeat(2000) + 'ls', 'bash'],
      ['('.repeat(2000) + 'x' + ')'.repeat(2000), 'python'],
      [`a = "${'x'.repeat(200_000)}"`, 'python'],
      [`f(${'1,'.repeat(60_000)}1)`, 'node'],
    ];
    const events: string[] = [];
    const worker = createAnalysisWorker({ stallMs: 1, onEvent: (e) => events.push(e) });
    try {
      const settled: string[] = [];
      for (let i = 0; i < inputs.length; i++) {
        const [text, runtime] = inputs[i % inputs.length]!;
        settled.push(
          await worker.analyze(text, runtime, LIMITS).then(
            () => 'answered',
            (err: Error) => err.message,
          ),
        );
      }
      expect(settled).toHaveLength(inputs.length);
      // Listed, not counted, so a failure names the message. A job the worker finishes before the stop
      // lands (the stop waits for the native parse) settles with its own answer: the depth refusal.
      expect(
        settled.filter(
          (s) => s !== 'answered' && !/stopped answering|did not start|nests deeper than the limit/.test(s),
        ),
      ).toEqual([]);
      expect(events).toContain('stalled');
    } finally {
      await worker.close();
    }
  }, 180_000);

  it('gives a starting worker bootMs, not stallMs, and fails its jobs closed past it', async () => {
    // Loading the engine from source takes far longer than 50 ms; the job is still answered.
    const patient = createAnalysisWorker({ stallMs: 50 });
    try {
      await expect(patient.analyze('ls', 'bash', LIMITS)).resolves.toBeInstanceOf(Array);
    } finally {
      await patient.close();
    }
    const events: string[] = [];
    const stuck = createAnalysisWorker({ bootMs: 1, onEvent: (e) => events.push(e) });
    try {
      await expect(stuck.analyze('ls', 'bash', LIMITS)).rejects.toThrow(/did not start/);
      expect(events).toEqual(['started', 'stalled']);
    } finally {
      await stuck.close();
    }
  });

  it('rejects waiting jobs on close, and every job after it', async () => {
    const worker = createAnalysisWorker();
    const pending = expect(worker.analyze(BIG, 'bash', LIMITS)).rejects.toThrow(/closed/);
    await worker.close();
    await pending;
    await expect(worker.analyze('ls', 'bash', LIMITS)).rejects.toThrow(/closed/);
  });
});
