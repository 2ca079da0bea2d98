/**
 * Keyword prefilter: one Aho-Corasick automaton over every pattern keyword, case-insensitive,
 * compiled to a dense transition table. One pass over the text reports where a keyword starts;
 * only the patterns owning that keyword run, and only there. The automaton's state carries
 * across chunks, so streaming finds keywords split over a chunk boundary.
 *
 * The pass runs in WebAssembly (./dfa-wasm.ts) over a byte copy of the text in its memory: one
 * native copy (Latin-1, or UTF-16 clamped to 0x80 when the string has wider characters), then table
 * transitions, skipping from the start state the positions whose three bytes begin no keyword.
 * Keywords are ASCII, so every code unit from 0x80 up is one class.
 */
import { dfaInstance, type DfaRun } from './dfa-wasm.js';

export interface KeywordHit {
  /** Offset of the keyword's first character. */
  readonly start: number;
  /** Index into the keyword list given to the constructor. */
  readonly keyword: number;
}

/** A character of U+0100 or above: the string is stored two bytes per character. */
const WIDE = /[\u0100-\uffff]/;
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * Longer texts are copied and scanned this many characters at a time, the automaton state carried
 * from one block to the next as between stream chunks: the copy stays small and cache-resident.
 */
const BLOCK = 1 << 16;
/** Where the WebAssembly memory holds the class table (address 0 is the state the loop returns). */
const CLASS_AT = 16;
/** Where the start filter's pair table starts (after 256 i32 classes): 65536 i32 addresses. */
const PAIRS_AT = CLASS_AT + 256 * 4;
/** Where the start filter's rows of allowed third bytes start (256 bytes each; row 0 allows none). */
const THIRDS_AT = PAIRS_AT + (1 << 16) * 4;
/** UTF-16 bytes of a wide block, before clamping; allocated when first needed. */
let wideScratch = Buffer.alloc(0);

/**
 * Copy `text` (at most BLOCK characters) into `bytes` as one byte per code unit: the code unit itself
 * below 0x100 for a one-byte string (0x80-0xff are outside every class), 0x80 for anything wider.
 */
function copyBytes(text: string, bytes: Uint8Array, latin1: Buffer): void {
  const n = text.length;
  if (!WIDE.test(text)) {
    latin1.write(text, 0, n, 'latin1');
    return;
  }
  // Latin-1 would keep only the low byte of a wide character (U+4E73 would read as "s"): copy
  // the UTF-16 units and clamp.
  if (wideScratch.length === 0) wideScratch = Buffer.allocUnsafe(2 * BLOCK);
  const wide = wideScratch;
  wide.write(text, 0, 2 * n, 'utf16le');
  if (LITTLE_ENDIAN) {
    const units = new Uint16Array(wide.buffer, wide.byteOffset, n);
    for (let i = 0; i < n; i++) {
      const c = units[i]!;
      bytes[i] = c < 0x80 ? c : 0x80;
    }
  } else {
    for (let i = 0; i < n; i++) {
      // UTF-16LE pairs: a unit is below 0x80 exactly when its high byte is 0 and its low byte is.
      const lo = wide[2 * i]!;
      bytes[i] = wide[2 * i + 1] === 0 && lo < 0x80 ? lo : 0x80;
    }
  }
}

export class KeywordAutomaton {
  readonly keywords: readonly string[];
  readonly maxKeywordLength: number;
  /** Bytes per row of the transition table (classes x 4), and where the root's row is. */
  readonly #rowBytes: number;
  readonly #root: number;
  /** Per state: start and count into #outputs (keywords ending here, suffixes included). */
  readonly #outStart: Int32Array;
  readonly #outCount: Int32Array;
  readonly #outputs: Int32Array;
  /** The WebAssembly loop and the parts of its memory this side writes and reads. */
  readonly #run: DfaRun;
  readonly #textAt: number;
  readonly #hitsAt: number;
  readonly #bytes: Uint8Array;
  readonly #latin1: Buffer;
  readonly #words: Int32Array;

  constructor(keywords: readonly string[]) {
    this.keywords = keywords;
    this.maxKeywordLength = Math.max(1, ...keywords.map((k) => k.length));
    // Byte -> character class (0 = not in any keyword). Letters fold to lower case; 0x80 up is 0.
    const classOf = new Uint8Array(256);
    let classes = 1;
    for (const k of keywords) {
      for (const ch of k) {
        const c = ch.charCodeAt(0);
        if (c >= 128) throw new Error('keywords must be ASCII');
        if (classOf[c] === 0) {
          classOf[c] = classes;
          if (c >= 97 && c <= 122) classOf[c - 32] = classes;
          classes++;
        }
      }
    }
    // Trie
    const goto: Map<number, number>[] = [new Map<number, number>()];
    const out: number[][] = [[]];
    keywords.forEach((k, idx) => {
      let s = 0;
      for (const ch of k) {
        const cls = classOf[ch.charCodeAt(0)]!;
        let n = goto[s]!.get(cls);
        if (n === undefined) {
          n = goto.length;
          goto.push(new Map<number, number>());
          out.push([]);
          goto[s]!.set(cls, n);
        }
        s = n;
      }
      out[s]!.push(idx);
    });
    // Failure links (BFS) folded into a dense DFA
    const states = goto.length;
    const fail = new Int32Array(states);
    const delta = new Int32Array(states * classes);
    const queue: number[] = [];
    for (let cls = 0; cls < classes; cls++) {
      const n = goto[0]!.get(cls);
      if (n !== undefined) {
        delta[cls] = n;
        queue.push(n);
      }
    }
    for (let qi = 0; qi < queue.length; qi++) {
      const s = queue[qi]!;
      out[s]!.push(...out[fail[s]!]!);
      for (let cls = 0; cls < classes; cls++) {
        const n = goto[s]!.get(cls);
        if (n !== undefined) {
          fail[n] = delta[fail[s]! * classes + cls]!;
          delta[s * classes + cls] = n;
          queue.push(n);
        } else {
          delta[s * classes + cls] = delta[fail[s]! * classes + cls]!;
        }
      }
    }
    this.#outStart = new Int32Array(states);
    this.#outCount = new Int32Array(states);
    const flat: number[] = [];
    for (let state = 0; state < states; state++) {
      this.#outStart[state] = flat.length;
      this.#outCount[state] = out[state]!.length;
      flat.push(...out[state]!);
    }
    this.#outputs = Int32Array.from(flat);
    // The start filter: for each pair of classes that begins a keyword, the bytes that may follow.
    const thirds = new Map<number, Set<number>>();
    const any = [...Array(classes).keys()];
    for (const k of keywords) {
      if (k.length < 2) continue;
      const pair = classOf[k.charCodeAt(0)]! * classes + classOf[k.charCodeAt(1)]!;
      if (!thirds.has(pair)) thirds.set(pair, new Set());
      for (const z of k.length > 2 ? [classOf[k.charCodeAt(2)]!] : any) thirds.get(pair)!.add(z);
    }
    const bytesOf: number[][] = Array.from({ length: classes }, () => []);
    for (let b = 0; b < 256; b++) bytesOf[classOf[b]!]!.push(b);
    // The WebAssembly memory: the state word, classes, the start filter, transitions, a text block,
    // its hits.
    this.#rowBytes = classes * 4;
    const deltaAt = (THIRDS_AT + (thirds.size + 2) * 256 + 3) & ~3;
    this.#root = deltaAt;
    this.#textAt = deltaAt + states * this.#rowBytes;
    this.#hitsAt = (this.#textAt + BLOCK + 7) & ~7;
    const { buffer, run } = dfaInstance(this.#hitsAt + 8 * BLOCK);
    const words = new Int32Array(buffer);
    const memBytes = new Uint8Array(buffer);
    this.#words = words;
    for (let c = 0; c < 256; c++) words[CLASS_AT / 4 + c] = classOf[c]! * 4;
    // Row 0 allows no third byte, the last row every one (a one-character keyword: no skipping).
    const anyRow = THIRDS_AT + (thirds.size + 1) * 256;
    memBytes.fill(1, anyRow, anyRow + 256);
    const oneChar = keywords.some((k) => k.length < 2);
    words.fill(oneChar ? anyRow : THIRDS_AT, PAIRS_AT / 4, PAIRS_AT / 4 + (1 << 16));
    let row = 0;
    for (const [pair, zs] of thirds) {
      const at = THIRDS_AT + ++row * 256;
      for (const z of zs) for (const b of bytesOf[z]!) memBytes[at + b] = 1;
      if (oneChar) continue;
      for (const a of bytesOf[Math.floor(pair / classes)]!)
        for (const b of bytesOf[pair % classes]!) words[PAIRS_AT / 4 + (a | (b << 8))] = at;
    }
    for (let k = 0; k < delta.length; k++) {
      const next = delta[k]!;
      words[deltaAt / 4 + k] = deltaAt + next * this.#rowBytes + (out[next]!.length > 0 ? 1 : 0);
    }
    this.#bytes = new Uint8Array(buffer, this.#textAt, BLOCK);
    this.#latin1 = Buffer.from(buffer, this.#textAt, BLOCK);
    this.#run = run;
  }

  /** Initial state for `scan` (the root's row). */
  get initial(): number {
    return this.#root;
  }

  /**
   * Feed `text[from, to)`; `offset` is the absolute position of `text[0]`. Hits go to `onHit`
   * with absolute start positions. Returns the state to pass to the next call.
   */
  scan(
    text: string,
    from: number,
    to: number,
    offset: number,
    state: number,
    onHit: (hit: KeywordHit) => void,
  ): number {
    let s = state;
    const words = this.#words;
    for (let at = from; at < to; at += BLOCK) {
      const end = Math.min(to, at + BLOCK);
      copyBytes(at === 0 && end === text.length ? text : text.slice(at, end), this.#bytes, this.#latin1);
      const count = this.#run(this.#textAt, end - at, s, CLASS_AT, this.#hitsAt, this.#root, PAIRS_AT);
      s = words[0]!;
      // Every hit is read before any callback runs: a callback may not scan, but even if it did
      // this block's hits would be safe.
      const base = this.#hitsAt / 4;
      for (let h = 0; h < count; h++) {
        const row = ((words[base + 2 * h + 1]! & ~1) - this.#root) / this.#rowBytes;
        this.#emit(row, offset + at + words[base + 2 * h]!, onHit);
      }
    }
    return s;
  }

  #emit(row: number, end: number, onHit: (hit: KeywordHit) => void): void {
    const start = this.#outStart[row]!;
    const count = this.#outCount[row]!;
    for (let k = 0; k < count; k++) {
      const kw = this.#outputs[start + k]!;
      onHit({ start: end - this.keywords[kw]!.length + 1, keyword: kw });
    }
  }
}
