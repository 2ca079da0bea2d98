/**
 * The spans in which the engine is inside tree-sitter's native code. A worker thread stopped there
 * aborts the whole process: the binding reads the text through a JavaScript callback, and the failed
 * call throws a C++ exception through tree-sitter's C frames. The analysis worker installs a section
 * that tells its host when stopping is safe (src/engine-worker/stop-gate.ts); elsewhere it does nothing.
 */
export interface NativeSection {
  /** Called before native work begins; may throw to refuse it (the thread is being stopped). */
  enter(): void;
  /** Called when the native work is over, also when it threw. */
  leave(): void;
}

const NONE: NativeSection = { enter() {}, leave() {} };

let current: NativeSection = NONE;

/** Installs `section` for this thread (undefined: none). */
export function setNativeSection(section: NativeSection | undefined): void {
  current = section ?? NONE;
}

/** The section of this thread. */
export function nativeSection(): NativeSection {
  return current;
}
