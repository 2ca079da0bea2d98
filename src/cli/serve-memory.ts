/**
 * Memory settings of `agent-guard serve` (docs/performance.md, "Proxy", memory): steps run before the
 * server's modules load (undici's HTTP parser optimised while the heap is small; the old generation
 * grown in smaller steps), and the node flags and environment the container image starts it with.
 */
import { createRequire } from 'node:module';
import v8 from 'node:v8';

/**
 * Node flags the image's ENTRYPOINT passes (Dockerfile; the Helm chart, the kustomize manifests and
 * injected sidecars all run that entrypoint): new space capped at 2 x 4 MB instead of 2 x 16 MB.
 * Smaller semi-spaces promote more of the in-flight requests' objects; limitHeapGrowth has that
 * garbage collected soon (without it, 4 MB raised the peak instead). A heap size can only be set
 * when the process starts, so the server cannot apply it to itself.
 */
export const SERVE_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=4'];

/**
 * Environment the image sets (Dockerfile ENV): a fixed glibc trim threshold, so the malloc heap gives
 * freed memory back instead of raising its thresholds after the first large frees (start-up's
 * compiles, the first bursts of request buffers). Read by glibc when the process starts.
 */
export const SERVE_ENV: Readonly<Record<string, string>> = { MALLOC_TRIM_THRESHOLD_: '131072' };

/** How much V8 lets the old generation grow past its live size before the next full collection (%). */
export const HEAP_GROWING_PERCENT = 30;

/**
 * Old generation grown by HEAP_GROWING_PERCENT after each full collection instead of V8's default
 * (up to 4x on a small heap): under a burst of large request bodies, promoted garbage is collected
 * at about 30 MB instead of piling up to 40 MB and more. Costs more full collections under heavy
 * load (a few µs of main-thread time per request, averaged); negligible at an agent's request rate.
 * A --heap-growing-percent given on node's command line wins. The flag is read at each collection,
 * so setting it at run time takes effect.
 */
export function limitHeapGrowth(execArgv: readonly string[] = process.execArgv): boolean {
  if (execArgv.some((arg) => /^--heap[-_]growing[-_]percent\b/.test(arg))) return false;
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}

/** The part of the WebAssembly global this module uses (lib ES2023 and @types/node do not declare it). */
interface WasmApi {
  Module: (new (bytes: Uint8Array) => object) & {
    imports(module: object): Array<{ module: string; name: string; kind: string }>;
  };
  Instance: new (module: object, imports: Record<string, Record<string, unknown>>) => { exports: unknown };
}

interface LlhttpExports {
  memory: { buffer: ArrayBuffer };
  llhttp_alloc(type: number): number;
  llhttp_free(parser: number): void;
  llhttp_execute(parser: number, data: number, length: number): number;
  malloc(size: number): number;
  free(pointer: number): void;
}

/** llhttp's parser type for responses (llhttp/constants: TYPE.RESPONSE). */
const RESPONSE = 2;
const SAMPLE = Buffer.from(
  'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\nconnection: keep-alive\r\n\r\n{}',
);

/** Keeps V8's compiled module (and so its optimised code) cached until undici compiles the same bytes. */
let warmed: object | undefined;

/**
 * Compiles and runs undici's llhttp parser (WASM) once. The first responses it parses make V8
 * optimise its main function in a background thread, a compile that needs about 30 MB for a quarter
 * of a second; at the server's first proxied requests that transient lands on top of a heap already
 * grown by the load. V8 shares compiled WASM between modules built from the same bytes, so when undici
 * later compiles its copy it gets the optimised code, and the transient has happened at start-up
 * instead, on a small heap. Never throws: without it the server only peaks higher. Returns whether
 * the parser ran (false where undici would pick its non-SIMD build, which is then left alone).
 */
export function warmHttpParser(env: NodeJS.ProcessEnv = process.env): boolean {
  // undici's own choice (lib/dispatcher/client-h1.js): the SIMD build unless told otherwise or on ppc64.
  if (env.UNDICI_NO_WASM_SIMD === '1' || process.arch === 'ppc64' || warmed) return warmed !== undefined;
  try {
    const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
    // Resolved at run time from node_modules: the same file undici's bundled copy was built from.
    const bytes = createRequire(import.meta.url)('undici/lib/llhttp/llhttp_simd-wasm.js') as Uint8Array;
    const module = new wasm.Module(bytes);
    const imports: Record<string, unknown> = {};
    for (const entry of wasm.Module.imports(module)) imports[entry.name] = () => 0;
    const llhttp = new wasm.Instance(module, { env: imports }).exports as LlhttpExports;
    const parser = llhttp.llhttp_alloc(RESPONSE);
    const pointer = llhttp.malloc(SAMPLE.length);
    new Uint8Array(llhttp.memory.buffer, pointer, SAMPLE.length).set(SAMPLE);
    const code = llhttp.llhttp_execute(parser, pointer, SAMPLE.length);
    llhttp.free(pointer);
    llhttp.llhttp_free(parser);
    warmed = module;
    return code === 0;
  } catch {
    return false;
  }
}
