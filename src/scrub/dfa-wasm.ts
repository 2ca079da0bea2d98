/**
 * The keyword prefilter's inner loop (./prefilter.ts) as a WebAssembly function: one dense-DFA
 * transition per byte. In JavaScript each typed-array read re-checks its array's map, length and
 * backing store (about 60 instructions per two characters on clean text, three quarters of a 4 KB
 * scrub, issue #26); compiled WebAssembly reads memory with no checks, about 13 per character.
 *
 *   run(text, n, row, classes, hits, root, pairs) -> hit count
 *
 * `text`: n bytes to scan. `classes`: 256 i32, the byte's class times 4. A state is the absolute
 * byte offset of its row of i32 transitions; an entry is the next state's row, plus 1 when a keyword
 * ends in that state. Each such transition appends (position, entry) as two i32 at `hits` (at most
 * n pairs). The state after the last byte is stored at address 0. In the root state (`root`), a
 * position is skipped when no keyword begins with its three bytes: `pairs` holds, for the 16-bit
 * little-endian value of two bytes, an i32 address of 256 bytes that are nonzero for the bytes
 * that may follow them in a keyword (all 256 when a two-character keyword is the pair); the last
 * two bytes of a block always take transitions.
 */

/** Opcodes and types used below (WebAssembly core spec 1.0, section 5.4). */
const I32 = 0x7f;
const BLOCK = 0x02;
const LOOP = 0x03;
const IF = 0x04;
const VOID = 0x40;
const END = 0x0b;
const BR = 0x0c;
const BR_IF = 0x0d;
const GET = 0x20;
const SET = 0x21;
const TEE = 0x22;
const LOAD = 0x28;
const LOAD8_U = 0x2d;
const LOAD16_U = 0x2f;
const STORE = 0x36;
const CONST = 0x41;
const EQZ = 0x45;
const EQ = 0x46;
const LT_U = 0x49;
const GE_U = 0x4f;
const ADD = 0x6a;
const SUB = 0x6b;
const AND = 0x71;
const SHL = 0x74;
const SHR_U = 0x76;

// Parameters, then locals.
const TEXT = 0;
const N = 1;
const ROW = 2;
const CLASSES = 3;
const HITS = 4;
const ROOT = 5;
const PAIRS = 6;
const I = 7;
const ENTRY = 8;
const OUT = 9;

/** The function body: locals, then code (memory immediates are align, offset). */
// prettier-ignore
const BODY = [
  1, 3, I32, // three i32 locals: I, ENTRY, OUT
  GET, HITS, SET, OUT,
  BLOCK, VOID,
  GET, N, EQZ, BR_IF, 0,
  LOOP, VOID,
  // At the root, skip each position whose three bytes begin no keyword: the loads of one position
  // do not wait for the last one's, where transitions wait for each other's.
  GET, ROW, GET, ROOT, EQ,
  IF, VOID,
  BLOCK, VOID,
  LOOP, VOID,
  GET, I, CONST, 2, ADD, GET, N, GE_U, BR_IF, 1,
  // pairs[text[i] | text[i + 1] << 8] is the address of the bytes allowed third; nonzero: a start
  GET, PAIRS, GET, TEXT, GET, I, ADD, LOAD16_U, 0, 0, CONST, 2, SHL, ADD, LOAD, 2, 0,
  GET, TEXT, GET, I, ADD, LOAD8_U, 0, 2, ADD, LOAD8_U, 0, 0,
  BR_IF, 1,
  GET, I, CONST, 1, ADD, SET, I,
  BR, 0,
  END,
  END,
  END,
  // ENTRY = row[classes[text[i]]]
  GET, ROW,
  GET, CLASSES,
  GET, TEXT, GET, I, ADD, LOAD8_U, 0, 0,
  CONST, 2, SHL, ADD, LOAD, 2, 0,
  ADD, LOAD, 2, 0,
  TEE, ENTRY,
  CONST, 1, AND,
  IF, VOID,
  GET, OUT, GET, I, STORE, 2, 0,
  GET, OUT, GET, ENTRY, STORE, 2, 4,
  GET, OUT, CONST, 8, ADD, SET, OUT,
  END,
  GET, ENTRY, CONST, 0x7e /* -2 */, AND, SET, ROW,
  GET, I, CONST, 1, ADD, TEE, I,
  GET, N, LT_U, BR_IF, 0,
  END,
  END,
  CONST, 0, GET, ROW, STORE, 2, 0,
  GET, OUT, GET, HITS, SUB, CONST, 3, SHR_U,
  END,
];

/** An unsigned LEB128 number (the binary format's sizes and counts). */
function leb(n: number): number[] {
  const out: number[] = [];
  let v = n;
  do {
    const b = v & 0x7f;
    v >>>= 7;
    out.push(v === 0 ? b : b | 0x80);
  } while (v !== 0);
  return out;
}

/** A section: its id, then its contents' size. */
function section(id: number, contents: number[]): number[] {
  return [id, ...leb(contents.length), ...contents];
}

function name(s: string): number[] {
  return [s.length, ...Array.from(s, (c) => c.charCodeAt(0))];
}

// prettier-ignore
const BYTES = Uint8Array.from([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // \0asm, version 1
  ...section(1, [1, 0x60, 7, I32, I32, I32, I32, I32, I32, I32, 1, I32]), // type 0: (i32 x7) -> i32
  ...section(2, [1, ...name('env'), ...name('memory'), 0x02, 0x00, 1]), // import env.memory, min 1 page
  ...section(3, [1, 0]), // function 0 has type 0
  ...section(7, [1, ...name('run'), 0x00, 0]), // export function 0 as run
  ...section(10, [1, ...leb(BODY.length), ...BODY]), // code
]);

/** The few members of the WebAssembly JS API used here (the project's type libraries lack them). */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { readonly exports: Record<string, unknown> };
  Memory: new (descriptor: { initial: number }) => { readonly buffer: ArrayBuffer };
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

let compiled: object | undefined;

export type DfaRun = (
  text: number,
  n: number,
  row: number,
  classes: number,
  hits: number,
  root: number,
  pairs: number,
) => number;

/**
 * A memory of at least `bytes` bytes (never grown, so views on its buffer stay valid) and the loop
 * bound to it. The module is compiled once per process, synchronously: it is tiny.
 */
export function dfaInstance(bytes: number): { readonly buffer: ArrayBuffer; readonly run: DfaRun } {
  compiled ??= new wasm.Module(BYTES);
  const memory = new wasm.Memory({ initial: Math.ceil(bytes / (1 << 16)) });
  const instance = new wasm.Instance(compiled, { env: { memory } });
  return { buffer: memory.buffer, run: instance.exports['run'] as DfaRun };
}
