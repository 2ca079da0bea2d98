/**
 * Keyword prefilter: one Aho-Corasick automaton over every pattern keyword, case-insensitive,
 * compiled to a dense transition table. One pass over the text reports where a keyword starts;
 * only the patterns owning that keyword run, and only there. The automaton's state carries
 * across chunks, so streaming finds keywords split over a chunk boundary.
 *
 * The pass runs over a byte copy of the text, not over the string: one native copy (Latin-1, or
 * UTF-16 clamped to 0x80 when the string has wider characters) and then typed-array reads, which
 * are several times cheaper per character than `charCodeAt` on the sliced and concatenated
 * strings the scanner gets. Keywords are ASCII, so every code unit from 0x80 up is one class.
 */

export interface KeywordHit {
  /** Offset of the keyword's first character. */
  readonly start: number;
  /** Index into the keyword list given to the constructor. */
  readonly keyword: number;
}

/** A character of U+0100 or above: the string is stored two bytes per character. */
const WIDE = /[\u0100-\uffff]/;
/** Scratch buffers for the byte copy, reused by every call below this size (scan never re-enters). */
const SCRATCH_MAX = 1 << 20;
let scratch = Buffer.allocUnsafe(16384);
let wideScratch = Buffer.allocUnsafe(16384);
/** A Uint16Array over UTF-16LE bytes reads the code units directly only on little-endian hosts. */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** `text` as one byte per code unit: the code unit itself below 0x80, 0x80 for anything above. */
function toBytes(text: string): Uint8Array {
  const n = text.length;
  if (!WIDE.test(text)) {
    // Latin-1 is exact for every code unit of a one-byte string; 0x80-0xff are outside every class.
    if (n > scratch.length) {
      if (n > SCRATCH_MAX) return Buffer.from(text, 'latin1');
      scratch = Buffer.allocUnsafe(Math.max(n, scratch.length * 2));
    }
    scratch.write(text, 0, n, 'latin1');
    return scratch;
  }
  // Latin-1 would keep only the low byte of a wide character (U+4E73 would read as "s"): copy the
  // UTF-16 units and clamp.
  const bytes = 2 * n;
  let wide = wideScratch;
  if (bytes > wide.length) {
    wide = Buffer.allocUnsafe(Math.max(bytes, wide.length * 2));
    if (bytes <= SCRATCH_MAX) wideScratch = wide;
  }
  wide.write(text, 0, bytes, 'utf16le');
  const out = n > scratch.length ? Buffer.allocUnsafe(n) : scratch;
  if (n > scratch.length && n <= SCRATCH_MAX) scratch = out;
  if (LITTLE_ENDIAN) {
    const units = new Uint16Array(wide.buffer, wide.byteOffset, n);
    for (let i = 0; i < n; i++) {
      const c = units[i]!;
      out[i] = c < 0x80 ? c : 0x80;
    }
  } else {
    for (let i = 0; i < n; i++) {
      // UTF-16LE pairs: a unit is below 0x80 exactly when its high byte is 0 and its low byte is.
      const lo = wide[2 * i]!;
      out[i] = wide[2 * i + 1] === 0 && lo < 0x80 ? lo : 0x80;
    }
  }
  return out;
}

export class KeywordAutomaton {
  readonly keywords: readonly string[];
  readonly maxKeywordLength: number;
  /** Byte → character class (0 = not in any keyword). Letters fold to lower case; 0x80 up is 0. */
  readonly #classOf = new Uint8Array(256);
  readonly #classes: number;
  /** Row-major transitions: delta[state * classes + class] = next state. */
  readonly #delta: Int32Array;
  /** Per state: start and count into #outputs (keywords ending here, suffixes included). */
  readonly #outStart: Int32Array;
  readonly #outCount: Int32Array;
  readonly #outputs: Int32Array;
  /**
   * Start filter for state 0. pairRow[a << 8 | b] is, for bytes a, b that begin some keyword
   * (either case), a row r > 0 with thirdOk[r << 8 | c] = 1 when some keyword begins a, b, c (or
   * is the two characters a, b). A position whose next three characters begin no keyword is
   * skipped without a transition: most of clean text.
   */
  readonly #pairRow = new Uint16Array(1 << 16);
  readonly #thirdOk: Uint8Array;
  /**
   * pairSkip[a << 8 | b] = 0 when no keyword begins with a, b and none has a, b as its second and
   * third characters (a two-character keyword: a second character a, any b): then no keyword
   * starts at either of the two positions before b.
   */
  readonly #pairSkip = new Uint8Array(1 << 16);
  /** Every keyword has at least two characters, so the pair skip cannot miss a one-character one. */
  readonly #canSkip: boolean;

  constructor(keywords: readonly string[]) {
    this.keywords = keywords;
    this.maxKeywordLength = Math.max(1, ...keywords.map((k) => k.length));
    let classes = 1;
    for (const k of keywords) {
      for (const ch of k) {
        const c = ch.charCodeAt(0);
        if (c >= 128) throw new Error('keywords must be ASCII');
        if (this.#classOf[c] === 0) {
          this.#classOf[c] = classes;
          if (c >= 97 && c <= 122) this.#classOf[c - 32] = classes;
          classes++;
        }
      }
    }
    this.#classes = classes;
    // Trie
    const goto: Map<number, number>[] = [new Map<number, number>()];
    const out: number[][] = [[]];
    keywords.forEach((k, idx) => {
      let s = 0;
      for (const ch of k) {
        const cls = this.#classOf[ch.charCodeAt(0)]!;
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
    this.#delta = delta;
    this.#outStart = new Int32Array(states);
    this.#outCount = new Int32Array(states);
    const flat: number[] = [];
    for (let s = 0; s < states; s++) {
      this.#outStart[s] = flat.length;
      this.#outCount[s] = out[s]!.length;
      flat.push(...out[s]!);
    }
    this.#outputs = Int32Array.from(flat);
    // One row per pair of classes that begins a keyword; its third characters by byte.
    const rowOf = new Map<number, number>();
    const thirds: number[][] = [];
    for (const k of keywords) {
      if (k.length < 2) continue;
      const pair = this.#classOf[k.charCodeAt(0)]! * classes + this.#classOf[k.charCodeAt(1)]!;
      let row = rowOf.get(pair);
      if (row === undefined) {
        row = rowOf.size + 1;
        rowOf.set(pair, row);
        thirds[row] = [];
      }
      thirds[row]!.push(k.length >= 3 ? this.#classOf[k.charCodeAt(2)]! : -1);
    }
    this.#thirdOk = new Uint8Array((rowOf.size + 1) << 8);
    for (const [pair, row] of rowOf) {
      const [x, y] = [Math.floor(pair / classes), pair % classes];
      for (let a = 0; a < 256; a++) {
        if (this.#classOf[a] !== x) continue;
        for (let b = 0; b < 256; b++) if (this.#classOf[b] === y) this.#pairRow[(a << 8) | b] = row;
      }
      const zs = thirds[row]!;
      for (let c = 0; c < 256; c++) {
        if (zs.includes(-1) || zs.includes(this.#classOf[c]!)) this.#thirdOk[(row << 8) | c] = 1;
      }
    }
    for (const k of keywords) {
      if (k.length < 2) continue;
      const [x, y] = [this.#classOf[k.charCodeAt(1)]!, k.length >= 3 ? this.#classOf[k.charCodeAt(2)]! : -1];
      for (let a = 0; a < 256; a++) {
        if (this.#classOf[a] !== x) continue;
        for (let b = 0; b < 256; b++) if (y < 0 || this.#classOf[b] === y) this.#pairSkip[(a << 8) | b] = 1;
      }
    }
    for (let p = 0; p < 1 << 16; p++) if (this.#pairRow[p] !== 0) this.#pairSkip[p] = 1;
    this.#canSkip = keywords.every((k) => k.length >= 2);
  }

  /** Initial state for `scan`. */
  get initial(): number {
    return 0;
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
    if (to <= from) return state;
    const bytes = toBytes(from === 0 && to === text.length ? text : text.slice(from, to));
    return this.#run(bytes, to - from, offset + from, state, onHit);
  }

  /** The automaton over `bytes[0, n)`; `base` is the absolute position of `bytes[0]`. */
  #run(bytes: Uint8Array, n: number, base: number, state: number, onHit: (hit: KeywordHit) => void): number {
    const delta = this.#delta;
    const classOf = this.#classOf;
    const outCount = this.#outCount;
    const pairRow = this.#pairRow;
    const thirdOk = this.#thirdOk;
    const pairSkip = this.#pairSkip;
    const classes = this.#classes;
    const canSkip = this.#canSkip;
    let s = state;
    let i = 0;
    while (i < n) {
      if (s === 0 && canSkip) {
        // From state 0, when no keyword starts at i, running the automaton from a fresh start at
        // i + 1 finds the same keywords, and no automaton state can span back to i once three
        // characters follow (every keyword prefix of length 3 passes the third check): skip i.
        // The last two characters of the chunk take ordinary transitions.
        // Two positions per step first: when the pair at i + 1, i + 2 is neither the second and
        // third characters of a keyword (nor a two-character keyword's second and anything) nor
        // a keyword's first two, no keyword starts at i or at i + 1: skip both.
        while (i + 3 < n) {
          if (pairSkip[(bytes[i + 1]! << 8) | bytes[i + 2]!] === 0) {
            i += 2;
            continue;
          }
          let row = pairRow[(bytes[i]! << 8) | bytes[i + 1]!]!;
          if (row !== 0 && thirdOk[(row << 8) | bytes[i + 2]!] !== 0) break;
          i++;
          row = pairRow[(bytes[i]! << 8) | bytes[i + 1]!]!;
          if (row !== 0 && thirdOk[(row << 8) | bytes[i + 2]!] !== 0) break;
          i++;
        }
        let a = bytes[i]!;
        while (i + 2 < n) {
          const b = bytes[i + 1]!;
          const row = pairRow[(a << 8) | b]!;
          if (row !== 0 && thirdOk[(row << 8) | bytes[i + 2]!] !== 0) break;
          a = b;
          i++;
        }
      }
      s = delta[s * classes + classOf[bytes[i]!]!]!;
      if (outCount[s] !== 0) this.#emit(s, base + i, onHit);
      i++;
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
