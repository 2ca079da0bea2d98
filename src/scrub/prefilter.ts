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
 * From the start state most positions are skipped two at a time on one table lookup of the
 * following characters (see #stepRow): clean text rarely takes a transition at all.
 */

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
 * A byte copy of the text and the same bytes one place later, with 16-bit views of both: the
 * start filter reads the two characters at any position with one aligned load (`even` for an
 * even position, `odd` for an odd one).
 */
interface ByteCopy {
  readonly bytes: Uint8Array;
  readonly later: Uint8Array;
  readonly even: Uint16Array;
  readonly odd: Uint16Array;
  readonly latin1: Buffer;
}

function byteCopy(capacity: number): ByteCopy {
  const size = (capacity + 4) & ~1;
  const bytes = new Uint8Array(size);
  const later = new Uint8Array(size);
  return {
    bytes,
    later,
    even: new Uint16Array(bytes.buffer, 0, size >> 1),
    odd: new Uint16Array(later.buffer, 0, size >> 1),
    latin1: Buffer.from(bytes.buffer, 0, size),
  };
}

/**
 * Longer texts are copied and scanned this many characters at a time, the automaton state carried
 * from one block to the next as between stream chunks: the copy stays small and cache-resident.
 */
const BLOCK = 1 << 16;
/**
 * Deepest state the automaton leaves for state 0 on a failure transition (#run); each rescan
 * reads at most this many characters again, which bounds the extra work on any text.
 */
const REWIND_DEPTH = 3;
/** Reused by every call (scan never re-enters). */
const scratch = byteCopy(BLOCK);
/** UTF-16 bytes of a wide block, before clamping; allocated when first needed. */
let wideScratch = Buffer.alloc(0);

/**
 * `text` (at most BLOCK characters) as one byte per code unit: the code unit itself below 0x80,
 * 0x80 for anything above.
 */
function toBytes(text: string): ByteCopy {
  const n = text.length;
  const copy = scratch;
  const { bytes, later } = copy;
  if (!WIDE.test(text)) {
    // Latin-1 is exact for every code unit of a one-byte string; 0x80-0xff are outside every class.
    copy.latin1.write(text, 0, n, 'latin1');
  } else {
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
  later.set(bytes.subarray(0, n), 1);
  return copy;
}

/** The 16-bit value a view reads for byte a followed by byte b. */
function pairValue(a: number, b: number): number {
  return LITTLE_ENDIAN ? a | (b << 8) : (a << 8) | b;
}

export class KeywordAutomaton {
  readonly keywords: readonly string[];
  readonly maxKeywordLength: number;
  /** Byte → character class (0 = not in any keyword). Letters fold to lower case; 0x80 up is 0. */
  readonly #classOf = new Uint8Array(256);
  readonly #classes: number;
  /**
   * Row-major transitions: delta[state * classes + class] = next state, plus #hasOutput when a
   * keyword ends in it (one load per character instead of two). States are numbered breadth
   * first, so the shallow states clean text visits share a few cache lines; two bytes an entry
   * while the states fit in 15 bits.
   */
  readonly #delta: Uint16Array | Int32Array;
  readonly #hasOutput: number;
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
   * Two-position filter. For the characters x, y, z at i + 1, i + 2, i + 3, stepRow[pairValue(x,
   * y)] is a row r > 0 with stepOk[r << 8 | z] = 1 when a keyword can start at i (x, y, z being
   * its second to fourth characters, as far as it has them) or at i + 1 (x, y, z its first three).
   * Otherwise neither position starts one: both are skipped on one 16-bit load. Row 0 of
   * stepOk and thirdOk is all zeros, so a pair that begins no keyword takes the same test as one
   * that does, without a branch of its own (which mispredicted on about a third of prose steps).
   */
  readonly #stepRow = new Uint16Array(1 << 16);
  readonly #stepOk: Uint8Array;
  /** Every keyword has at least two characters, so the pair skip cannot miss a one-character one. */
  readonly #canSkip: boolean;
  /**
   * Per state: its depth when the automaton may leave it for state 0 and rescan its characters
   * with the start filters (depth at most REWIND_DEPTH, no keyword ending on its trie path), else 0.
   */
  readonly #rewind: Uint8Array;

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
    const parent: number[] = [0];
    const depth: number[] = [0];
    keywords.forEach((k, idx) => {
      let s = 0;
      for (const ch of k) {
        const cls = this.#classOf[ch.charCodeAt(0)]!;
        let n = goto[s]!.get(cls);
        if (n === undefined) {
          n = goto.length;
          goto.push(new Map<number, number>());
          out.push([]);
          parent.push(s);
          depth.push(depth[s]! + 1);
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
    // Renumber breadth first (the root, then the failure-link queue) and pack the output flag.
    const order = [0, ...queue];
    const id = new Int32Array(states);
    order.forEach((state, k) => (id[state] = k));
    const narrow = states < 0x8000;
    const hasOutput = narrow ? 0x8000 : 1 << 30;
    const packed = narrow ? new Uint16Array(states * classes) : new Int32Array(states * classes);
    for (const state of order) {
      for (let cls = 0; cls < classes; cls++) {
        const next = delta[state * classes + cls]!;
        packed[id[state]! * classes + cls] = id[next]! | (out[next]!.length > 0 ? hasOutput : 0);
      }
    }
    this.#delta = packed;
    this.#hasOutput = hasOutput;
    this.#outStart = new Int32Array(states);
    this.#outCount = new Int32Array(states);
    const flat: number[] = [];
    order.forEach((state, k) => {
      this.#outStart[k] = flat.length;
      this.#outCount[k] = out[state]!.length;
      flat.push(...out[state]!);
    });
    this.#outputs = Int32Array.from(flat);
    // Rewind depths (see #run): a shallow state no keyword ends on the way to, from the root on.
    const silent = new Uint8Array(states);
    this.#rewind = new Uint8Array(order.length);
    for (const state of order) {
      if (state === 0) continue;
      const quiet = out[state]!.length === 0 && (parent[state] === 0 || silent[parent[state]!] === 1);
      silent[state] = quiet ? 1 : 0;
      if (quiet && depth[state]! <= REWIND_DEPTH) this.#rewind[id[state]!] = depth[state]!;
    }
    // The start filters, built class by class: bytesOf[x] lists the bytes of class x (class 0,
    // every byte outside the keywords, is most of them).
    const classOf = this.#classOf;
    const bytesOf: number[][] = Array.from({ length: classes }, () => []);
    for (let a = 0; a < 256; a++) bytesOf[classOf[a]!]!.push(a);
    const cls = (k: string, at: number): number => (at < k.length ? classOf[k.charCodeAt(at)]! : -1);
    /** Classes at one place of a window: the keyword's, or any when the keyword is shorter. */
    const choices = (c: number): number[] => (c >= 0 ? [c] : [...Array(classes).keys()]);
    /** Sets table[pairValue or pair index of (a, b)] = row for every byte a of x and b of y. */
    const fillPairs = (
      table: Uint16Array,
      x: number,
      y: number,
      row: number,
      index: typeof pairValue,
    ): void => {
      for (const a of bytesOf[x]!) for (const b of bytesOf[y]!) table[index(a, b)] = row;
    };
    /** Sets table[row << 8 | c] = 1 for every byte c of the classes zs. */
    const fillThirds = (table: Uint8Array, row: number, zs: Iterable<number>): void => {
      for (const z of zs) for (const c of bytesOf[z]!) table[(row << 8) | c] = 1;
    };
    // One row per pair of classes that begins a keyword; its third characters by class.
    const thirds = new Map<number, Set<number>>();
    for (const k of keywords) {
      if (k.length < 2) continue;
      const pair = cls(k, 0) * classes + cls(k, 1);
      if (!thirds.has(pair)) thirds.set(pair, new Set());
      for (const z of choices(cls(k, 2))) thirds.get(pair)!.add(z);
    }
    this.#thirdOk = new Uint8Array((thirds.size + 1) << 8);
    let row = 0;
    for (const [pair, zs] of thirds) {
      row++;
      fillPairs(this.#pairRow, Math.floor(pair / classes), pair % classes, row, (a, b) => (a << 8) | b);
      fillThirds(this.#thirdOk, row, zs);
    }
    // The two-position filter: for the class pair x, y at i + 1, i + 2, the classes z at i + 3
    // that let a keyword start at i (x, y, z its second to fourth characters, as far as it has
    // them) or at i + 1 (x, y, z its first three).
    const steps = new Map<number, Set<number>>();
    const allow = (x: number, ys: number[], zs: number[]): void => {
      for (const y of ys) {
        const xy = x * classes + y;
        if (!steps.has(xy)) steps.set(xy, new Set());
        for (const z of zs) steps.get(xy)!.add(z);
      }
    };
    for (const k of keywords) {
      if (k.length < 2) continue;
      allow(cls(k, 1), choices(cls(k, 2)), choices(cls(k, 3))); // starts at i
      allow(cls(k, 0), [cls(k, 1)], choices(cls(k, 2))); // starts at i + 1
    }
    this.#stepOk = new Uint8Array((steps.size + 1) << 8);
    row = 0;
    for (const [xy, zs] of steps) {
      row++;
      fillPairs(this.#stepRow, Math.floor(xy / classes), xy % classes, row, pairValue);
      fillThirds(this.#stepOk, row, zs);
    }
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
    let s = state;
    for (let at = from; at < to; at += BLOCK) {
      const end = Math.min(to, at + BLOCK);
      const copy = toBytes(at === 0 && end === text.length ? text : text.slice(at, end));
      s = this.#run(copy, end - at, offset + at, s, onHit);
    }
    return s;
  }

  /** The automaton over `copy.bytes[0, n)`; `base` is the absolute position of its first byte. */
  #run(copy: ByteCopy, n: number, base: number, state: number, onHit: (hit: KeywordHit) => void): number {
    const { bytes, even, odd } = copy;
    const delta = this.#delta;
    const classOf = this.#classOf;
    const hasOutput = this.#hasOutput;
    const stateMask = hasOutput - 1;
    const pairRow = this.#pairRow;
    const thirdOk = this.#thirdOk;
    const stepRow = this.#stepRow;
    const stepOk = this.#stepOk;
    const classes = this.#classes;
    const canSkip = this.#canSkip;
    const rewind = this.#rewind;
    let s = state;
    let i = 0;
    while (i < n) {
      if (s === 0 && canSkip) {
        // From state 0, when no keyword starts at i, running the automaton from a fresh start at
        // i + 1 finds the same keywords, and no automaton state can span back to i once the
        // characters the filters read follow in this chunk: skip i. First two positions per step
        // (the characters at i + 1, i + 2 in one load from the view of their parity), then one
        // at a time; the chunk's last two characters take ordinary transitions.
        while (i + 3 < n) {
          if ((i & 1) === 1) {
            let k = (i + 1) >> 1; // even[k]: bytes 2k, 2k + 1 = i + 1, i + 2
            while (2 * k + 4 < n) {
              const r0 = stepRow[even[k]!]!;
              if (stepOk[(r0 << 8) | bytes[2 * k + 2]!] !== 0) break;
              const r1 = stepRow[even[k + 1]!]!;
              if (stepOk[(r1 << 8) | bytes[2 * k + 4]!] !== 0) {
                k++;
                break;
              }
              k += 2;
            }
            while (2 * k + 2 < n) {
              const row = stepRow[even[k]!]!;
              if (stepOk[(row << 8) | bytes[2 * k + 2]!] !== 0) break;
              k++;
            }
            i = 2 * k - 1;
          } else {
            let k = (i + 2) >> 1; // odd[k]: bytes 2k - 1, 2k = i + 1, i + 2
            while (2 * k + 3 < n) {
              const r0 = stepRow[odd[k]!]!;
              if (stepOk[(r0 << 8) | bytes[2 * k + 1]!] !== 0) break;
              const r1 = stepRow[odd[k + 1]!]!;
              if (stepOk[(r1 << 8) | bytes[2 * k + 3]!] !== 0) {
                k++;
                break;
              }
              k += 2;
            }
            while (2 * k + 1 < n) {
              const row = stepRow[odd[k]!]!;
              if (stepOk[(row << 8) | bytes[2 * k + 1]!] !== 0) break;
              k++;
            }
            i = 2 * k - 2;
          }
          if (i + 3 >= n) break;
          // A keyword may start at i or i + 1: test each on its first three characters.
          let row = pairRow[(bytes[i]! << 8) | bytes[i + 1]!]!;
          if (thirdOk[(row << 8) | bytes[i + 2]!] !== 0) break;
          i++;
          row = pairRow[(bytes[i]! << 8) | bytes[i + 1]!]!;
          if (thirdOk[(row << 8) | bytes[i + 2]!] !== 0) break;
          i++;
        }
        let a = bytes[i]!;
        while (i + 2 < n) {
          const b = bytes[i + 1]!;
          const row = pairRow[(a << 8) | b]!;
          if (thirdOk[(row << 8) | bytes[i + 2]!] !== 0) break;
          a = b;
          i++;
        }
      }
      const next = delta[s * classes + classOf[bytes[i]!]!]!;
      const ns = next & stateMask;
      if (ns < s) {
        // A failure into a shallow state: in prose, a word that began like a keyword and did not
        // go on as one. Rescanning that state's few characters from state 0 reaches it again
        // unless the start filters rule them out, and returns to the skip loop at once instead of
        // walking the rest of the word one transition at a time. States are numbered breadth
        // first, so ns < s is never a trie step forward (no rescan loops), and the state is quiet
        // (no keyword ends on its path), so no hit is reported twice.
        const d = rewind[ns]!;
        if (d !== 0 && i + 1 >= d) {
          i = i + 1 - d;
          s = 0;
          continue;
        }
      }
      s = ns;
      if (next >= hasOutput) this.#emit(s, base + i, onHit);
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
