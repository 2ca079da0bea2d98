/**
 * The analysis worker's entry (a worker_threads thread started by host.ts): loads the parsers once,
 * then answers each job with the facts of a full-budget analysis, in the order jobs arrive.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { analyze } from '../engine/analyze.js';
import { analyzeToolCall } from '../engine/extract/tool-call.js';
import { loadParsers } from '../engine/parse/index.js';
import { setNativeSection } from '../engine/parse/native-section.js';
import { isAgentGuardError } from '../errors.js';
import type { AnalysisJob, AnalysisReply, ReadyMessage } from './protocol.js';
import { workerSection } from './stop-gate.js';

function answer(job: AnalysisJob): AnalysisReply {
  try {
    const facts =
      job.kind === 'tool_call'
        ? analyzeToolCall(job.text, job.limits)
        : analyze(job.text, job.runtime, job.limits);
    return { id: job.id, facts };
  } catch (err) {
    if (isAgentGuardError(err))
      return { id: job.id, error: { code: err.code, details: err.details, name: err.name } };
    return { id: job.id, error: { name: err instanceof Error ? err.name : 'unknown error' } };
  }
}

const port = parentPort;
if (port !== null) {
  // The host stops this thread only outside native parses and after the boot (stop-gate.ts).
  const { stopGate } = (workerData ?? {}) as { stopGate?: SharedArrayBuffer };
  const section = stopGate !== undefined ? workerSection(stopGate) : undefined;
  setNativeSection(section);
  const ready = loadParsers();
  // Booting (loading the engine, compiling the parsers) is not a stall: the host waits for this first.
  void ready.then(
    () => {
      section?.leave();
      port.postMessage({ ready: true } satisfies ReadyMessage);
    },
    () => section?.leave(),
  );
  port.on('message', (job: AnalysisJob) => {
    void ready.then(
      () => port.postMessage(answer(job)),
      () => port.postMessage({ id: job.id, error: { name: 'parser load failed' } } satisfies AnalysisReply),
    );
  });
}
