/**
 * A fast reader for the plain block YAML most compose files are written in: indented mappings and
 * sequences, plain and quoted one-line scalars, one-line flow sequences of scalars, comments. It
 * reads about ten times faster than the yaml library (which costs ~70 µs for a six-line file, half
 * a compose file's evaluation). Anything else (anchors, aliases, tags, merge keys, block scalars,
 * flow mappings, multi-line scalars, escapes, YAML 1.1 booleans, duplicate keys, tabs, several
 * documents) returns undefined, and the caller parses with the yaml library: what this accepts it
 * reads exactly as `yaml.parse` does (test/engine/extract/docker/yaml-lite.test.ts compares them).
 */

interface Line {
  readonly indent: number;
  /** The line after its indentation, trailing comment and spaces removed. */
  readonly text: string;
}

/** Thrown inside the reader for input outside the subset; caught in readYamlLite. */
class Unsupported extends Error {}

const fail = (): never => {
  throw new Unsupported();
};

/** Strip a trailing comment (` #` outside quotes); undefined when a quote is left open. */
function stripComment(text: string): string {
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote !== '') {
      if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '#' && (i === 0 || text[i - 1] === ' ')) return text.slice(0, i).trimEnd();
  }
  if (quote !== '') fail();
  return text.trimEnd();
}

function lines(source: string): Line[] {
  const out: Line[] = [];
  for (const raw of source.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    let indent = 0;
    while (line.charCodeAt(indent) === 32) indent++;
    if (line[indent] === '\t') fail();
    const text = stripComment(line.slice(indent));
    if (text === '') continue;
    if (indent === 0 && (text.startsWith('---') || text.startsWith('...') || text.startsWith('%'))) fail();
    out.push({ indent, text });
  }
  return out;
}

const NUMBER = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;
/** Plain scalars whose reading differs between YAML versions or needs the full library. */
const UNSURE =
  /^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF|[-+]?\.(?:inf|Inf|INF|nan|NaN|NAN)|0[xXoObB].*|[-+]?0[0-9]+.*|=)$/;
/** Characters a plain scalar may not start with, or that need the full library anywhere. */
const INDICATOR_START = /^[&*!|>{}[\]%@`,?]/;

function scalar(text: string): unknown {
  const t = text.trim();
  if (t === '') return null;
  const q = t[0];
  if (q === '"' || q === "'") {
    if (t.length < 2 || t[t.length - 1] !== q) fail();
    const body = t.slice(1, -1);
    if (q === '"') {
      if (body.includes('\\') || body.includes('"')) fail();
      return body;
    }
    // '' is a quote inside single quotes; a lone ' would have ended the string.
    if (body.replace(/''/g, '').includes("'")) fail();
    return body.replace(/''/g, "'");
  }
  if (INDICATOR_START.test(t) || t.includes(': ') || t.endsWith(':') || t.includes(' #') || UNSURE.test(t))
    fail();
  if (t === 'null' || t === 'Null' || t === 'NULL' || t === '~') return null;
  if (t === 'true' || t === 'True' || t === 'TRUE') return true;
  if (t === 'false' || t === 'False' || t === 'FALSE') return false;
  if (NUMBER.test(t)) {
    const n = Number(t);
    // Integers beyond 2^53 become BigInt-ish strings in some settings: leave them to the library.
    if (!Number.isSafeInteger(n) && /^[-+]?[0-9]+$/.test(t)) fail();
    return n;
  }
  return t;
}

/** A one-line flow sequence of scalars: `[a, "b", 'c']`. */
function flowSequence(text: string): unknown[] {
  const inner = text.slice(1, -1);
  if (/[[\]{}]/.test(inner)) fail();
  if (inner.trim() === '') return [];
  const items: unknown[] = [];
  let quote = '';
  let start = 0;
  for (let i = 0; i <= inner.length; i++) {
    const c = inner[i];
    if (quote !== '') {
      if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === ',' || c === undefined) {
      const item = inner.slice(start, i).trim();
      if (item === '') fail(); // `[a,,b]` and a trailing comma: leave to the library
      items.push(scalar(item));
      start = i + 1;
    }
  }
  return items;
}

function value(text: string): unknown {
  if (text.startsWith('[')) {
    if (!text.endsWith(']')) fail();
    return flowSequence(text);
  }
  return scalar(text);
}

/** `key: rest` (rest may be empty); undefined when the line is no mapping entry. */
function entry(text: string): { key: string; rest: string } | undefined {
  let key: string;
  let after: number;
  if (text[0] === '"' || text[0] === "'") {
    const end = text.indexOf(text[0], 1);
    if (end < 0) fail();
    key = text.slice(1, end);
    if (key.includes('\\') || key.includes("'")) fail();
    after = end + 1;
    if (text[after] !== ':') return undefined;
  } else {
    const m = /^([^\s:#'"][^:]*?):(?= |$)/.exec(text);
    if (!m) return undefined;
    key = m[1]!;
    if (INDICATOR_START.test(key) || key === '<<' || key.endsWith(' ') || key.includes(' #')) fail();
    after = m[0].length - 1;
  }
  return { key, rest: text.slice(after + 1).trim() };
}

class Reader {
  #i = 0;
  readonly #lines: readonly Line[];

  constructor(ls: readonly Line[]) {
    this.#lines = ls;
  }

  get done(): boolean {
    return this.#i >= this.#lines.length;
  }

  /** A block node whose lines start at `indent` (a mapping or a sequence). */
  node(indent: number): unknown {
    const first = this.#lines[this.#i];
    if (first === undefined || first.indent !== indent) return fail();
    return first.text === '-' || first.text.startsWith('- ') ? this.sequence(indent) : this.mapping(indent);
  }

  mapping(indent: number, firstText?: string): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    let text = firstText;
    for (;;) {
      if (text === undefined) {
        const line = this.#lines[this.#i];
        if (line === undefined || line.indent < indent) break;
        if (line.indent > indent) fail();
        text = line.text;
        this.#i++;
      }
      const e = entry(text);
      if (e === undefined || Object.hasOwn(out, e.key) || e.key === '__proto__') return fail();
      if (e.rest !== '') out[e.key] = value(e.rest);
      else {
        const next = this.#lines[this.#i];
        // A sequence may sit at its key's own indentation (`volumes:\n- a`).
        const seqHere = next !== undefined && next.indent === indent && /^-(?: |$)/.test(next.text);
        if (next !== undefined && (next.indent > indent || seqHere)) out[e.key] = this.node(next.indent);
        else out[e.key] = null;
      }
      text = undefined;
    }
    return out;
  }

  sequence(indent: number): unknown[] {
    const out: unknown[] = [];
    for (;;) {
      const line = this.#lines[this.#i];
      if (line === undefined || line.indent < indent) break;
      if (line.indent > indent || !(line.text === '-' || line.text.startsWith('- '))) break;
      this.#i++;
      const rest = line.text.slice(1).trimStart();
      const column = indent + (line.text.length - rest.length);
      if (rest === '') {
        const next = this.#lines[this.#i];
        out.push(next !== undefined && next.indent > indent ? this.node(next.indent) : null);
      } else if (rest === '-' || rest.startsWith('- ')) fail();
      else if (!rest.startsWith('[') && entry(rest) !== undefined) out.push(this.mapping(column, rest));
      else out.push(value(rest));
    }
    return out;
  }
}

/** The document as plain JS (what `yaml.parse` returns), or undefined outside the subset. */
export function readYamlLite(source: string): unknown {
  try {
    const ls = lines(source);
    if (ls.length === 0 || ls[0]!.indent !== 0) return undefined;
    const r = new Reader(ls);
    const doc = r.node(0);
    return r.done ? doc : undefined;
  } catch (err) {
    if (err instanceof Unsupported) return undefined;
    throw err;
  }
}
