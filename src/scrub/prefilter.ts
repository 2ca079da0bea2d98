/**
 * Keyword prefilter: one Aho-Corasick automaton over every pattern keyword, case-insensitive,
 * compiled to a dense transition table. One pass over the text reports where a keyword starts;
 * only the patterns owning that keyword run, and only there. The automaton's state carries
 * across chunks, so streaming finds keywords split over a chunk boundary.
 */

export interface KeywordHit {
  /** Offset of the keyword's first character. */
  readonly start: number;
  /** Index into the keyword list given to the constructor. */
  readonly keyword: number;
}

export class KeywordAutomaton {
  readonly keywords: readonly string[];
  readonly maxKeywordLength: number;
  /** ASCII code → character class (0 = not in any keyword). Letters fold to lower case. */
  readonly #classOf = new Uint8Array(128);
  readonly #classes: number;
  /** Row-major transitions: delta[state * classes + class] = next state. */
  readonly #delta: Int32Array;
  /** Per state: start and count into #outputs (keywords ending here, suffixes included). */
  readonly #outStart: Int32Array;
  readonly #outCount: Int32Array;
  readonly #outputs: Int32Array;
  /**
   * Start filter for state 0. pairStarts[a << 7 | b] = 1 when some keyword starts with the ASCII
   * codes a, b (either case); tripleStarts[(x * classes + y) * classes + z] = 1 when some keyword
   * starts with classes x, y, z, or is the two characters x, y. A position whose next three
   * characters start no keyword is skipped without a transition: most of clean text.
   */
  readonly #pairStarts = new Uint8Array(128 * 128);
  readonly #tripleStarts: Uint8Array;
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
    this.#tripleStarts = new Uint8Array(classes * classes * classes);
    for (const k of keywords) {
      if (k.length < 2) continue;
      const [x, y] = [this.#classOf[k.charCodeAt(0)]!, this.#classOf[k.charCodeAt(1)]!];
      for (let a = 0; a < 128; a++) {
        if (this.#classOf[a] !== x) continue;
        for (let b = 0; b < 128; b++) if (this.#classOf[b] === y) this.#pairStarts[(a << 7) | b] = 1;
      }
      const zs = k.length >= 3 ? [this.#classOf[k.charCodeAt(2)]!] : [...Array(classes).keys()];
      for (const z of zs) this.#tripleStarts[(x * classes + y) * classes + z] = 1;
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
    const delta = this.#delta;
    const classOf = this.#classOf;
    const outCount = this.#outCount;
    const pairStarts = this.#pairStarts;
    const tripleStarts = this.#tripleStarts;
    const classes = this.#classes;
    const canSkip = this.#canSkip;
    let s = state;
    let i = from;
    while (i < to) {
      if (s === 0 && canSkip) {
        // From state 0, when no keyword starts at i, running the automaton from a fresh start at
        // i + 1 finds the same keywords, and no automaton state can span back to i once three
        // characters follow (every keyword prefix of length 3 passes the triple check): skip i.
        // The last two characters of the chunk take ordinary transitions.
        let a = text.charCodeAt(i);
        while (i + 2 < to) {
          const b = text.charCodeAt(i + 1);
          if ((a | b) < 128 && pairStarts[(a << 7) | b] !== 0) {
            const c = text.charCodeAt(i + 2);
            const t = (classOf[a]! * classes + classOf[b]!) * classes + (c < 128 ? classOf[c]! : 0);
            if (tripleStarts[t] !== 0) break;
          }
          a = b;
          i++;
        }
      }
      const c = text.charCodeAt(i);
      s = delta[s * classes + (c < 128 ? classOf[c]! : 0)]!;
      if (outCount[s] !== 0) this.#emit(s, i, offset, onHit);
      i++;
    }
    return s;
  }

  #emit(row: number, i: number, offset: number, onHit: (hit: KeywordHit) => void): void {
    const start = this.#outStart[row]!;
    const count = this.#outCount[row]!;
    for (let k = 0; k < count; k++) {
      const kw = this.#outputs[start + k]!;
      onHit({ start: offset + i - this.keywords[kw]!.length + 1, keyword: kw });
    }
  }
}
