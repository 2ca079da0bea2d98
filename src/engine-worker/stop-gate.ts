/**
 * When the analysis worker may be stopped. `worker.terminate()` while the thread is inside
 * tree-sitter's native code aborts the process (src/engine/parse/native-section.ts), so the worker
 * marks those spans in one shared cell and the host stops it only from outside them. The host's
 * claim is a compare-and-swap, so the worker cannot enter native code between the check and the stop.
 * Booting counts as native (the addons load and initialise then): the cell starts inside, and the
 * worker leaves once its parsers are loaded.
 */
import type { NativeSection } from '../engine/parse/native-section.js';

const OUTSIDE = 0;
const NATIVE = 1;
const STOPPING = 2;

/** The shared cell, made by the host and handed to the worker in workerData. */
export function createStopGate(): SharedArrayBuffer {
  const gate = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  Atomics.store(new Int32Array(gate), 0, NATIVE);
  return gate;
}

/**
 * The worker's side: marks native spans (nested ones count once); refuses to start one once the host
 * has claimed the stop. It starts inside, for the boot: the worker calls leave() once it is ready.
 */
export function workerSection(gate: SharedArrayBuffer): NativeSection {
  const cell = new Int32Array(gate);
  let depth = 1;
  return {
    enter() {
      if (depth++ > 0) return;
      if (Atomics.compareExchange(cell, 0, OUTSIDE, NATIVE) !== OUTSIDE) {
        depth--;
        throw new Error('analysis worker is stopping');
      }
    },
    leave() {
      if (depth === 0 || --depth > 0) return;
      Atomics.compareExchange(cell, 0, NATIVE, OUTSIDE);
    },
  };
}

/**
 * The host's side: true when the worker is outside native code and now never enters it again (it
 * may be terminated); false while it is inside (try again shortly).
 */
export function claimStop(gate: SharedArrayBuffer): boolean {
  return Atomics.compareExchange(new Int32Array(gate), 0, OUTSIDE, STOPPING) !== NATIVE;
}
