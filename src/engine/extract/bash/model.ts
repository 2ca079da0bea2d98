/**
 * Working records of the bash extractor: evaluated words, data streams between commands and the
 * invocation handed to program handlers. None of these leave the extractor; facts do.
 */
import type { DataSource, LiteralFact } from '../../facts.js';
import type { SyntaxNode } from '../../parse/index.js';
import type { Span } from '../../types.js';

/** A shell word after quote removal and expansion, as the program receives it. */
export interface Word {
  readonly text: string;
  /** An expansion could not be resolved (or a glob) and stays as written in `text`. */
  readonly dynamic: boolean;
  /** Some part was quoted ('...', "...", $'...', backslash). */
  readonly quoted: boolean;
  /** In this input's coordinates. */
  readonly span: Span;
  /** Data the word carries from substitutions and variables (`$(cat f)`, `$AWS_SECRET_ACCESS_KEY`). */
  readonly sources: readonly DataSource[];
  /** `<(cmd)`: what reading this "file" yields. */
  readonly proc?: Stream;
  /** `>(cmd)`: cmd reads what is written to this "file"; walked when the data is known (#21). */
  readonly procSink?: SyntaxNode;
  /** The literal emitted for this word, so a network sink can mark it as egress. */
  readonly literal?: MutableLiteral;
}

export type MutableLiteral = { -readonly [K in keyof LiteralFact]: LiteralFact[K] };

/** Data moving on a pipe, a redirect or a here-document. */
export interface Stream {
  readonly sources: readonly DataSource[];
  /** The exact text when it is known statically (`echo 'rm -rf /' | sh`, here-documents). */
  readonly text: string | null;
  /** Span of the literal that holds `text`, for nested analysis of piped code. */
  readonly textSpan?: Span;
  /** Nothing is piped or redirected: a terminal (or nothing) is attached. */
  readonly interactive: boolean;
  /** Literals carried on the stream, marked egress when it reaches a network sink. */
  readonly literals: readonly MutableLiteral[];
  /** A directory listing (`ls ~`, `find ~`): paths the unknown lines name (`~/*`, `~`). */
  readonly listing?: readonly string[];
  /** The listing names files by a pattern (`find / -name '*.sql'`): read only by a deleting command. */
  readonly listingNamed?: boolean;
  /** The listing is every object of a kind (`kubectl get ns`, programs/resource-listing.ts), not files. */
  readonly listingKind?: boolean;
}

export const NO_SOURCES: readonly DataSource[] = Object.freeze([]);

export const TERMINAL: Stream = Object.freeze({
  sources: NO_SOURCES,
  text: null,
  interactive: true,
  literals: Object.freeze([]),
});

export const EMPTY_PIPE: Stream = Object.freeze({
  sources: NO_SOURCES,
  text: null,
  interactive: false,
  literals: Object.freeze([]),
});

/** One program run, ready for its handler. */
export interface Invocation {
  /** Normalised program name (basename, unquoted). */
  readonly program: string;
  /** argv[0] is the command word as written after unquoting. */
  readonly argv: readonly Word[];
  /** Span of the whole command. */
  readonly span: Span;
  readonly stdin: Stream;
  readonly via: string | undefined;
  readonly dynamic: boolean;
}

export function sourceKey(source: DataSource): string {
  switch (source.kind) {
    case 'file':
      return 'f:' + source.path;
    case 'env':
      return 'e:' + (source.name ?? '*');
    case 'net':
      return 'n:' + source.host + '|' + (source.url ?? '');
    case 'decoded':
      return 'd:';
    case 'output':
      return 'o:' + source.program;
    case 'page':
      return 'p:' + source.what;
  }
}

/**
 * Most file and command-output sources one stream keeps. Network, decoder and environment sources
 * are always kept (they are what the flow rules look for); past this many plain files the rest are
 * dropped, so a 25,000-stage pipeline costs linear work, not quadratic (#21).
 */
export const MAX_STREAM_SOURCES = 64;

/** Union of source lists, order kept, duplicates dropped; shares an input when nothing is added. */
export function mergeSources(a: readonly DataSource[], b: readonly DataSource[]): readonly DataSource[] {
  if (b.length === 0) return a;
  if (a.length === 0) return b.length <= MAX_STREAM_SOURCES ? b : mergeSources([], b.slice());
  let out: DataSource[] | undefined;
  let keys: Set<string> | undefined;
  for (const s of b) {
    const list = out ?? a;
    if (list.length >= MAX_STREAM_SOURCES && (s.kind === 'file' || s.kind === 'output')) continue;
    const key = sourceKey(s);
    if (list.length > 8) {
      if (keys === undefined) {
        keys = new Set();
        for (const t of list) keys.add(sourceKey(t));
      }
      if (keys.has(key)) continue;
    } else if (list.some((t) => sourceKey(t) === key)) continue;
    out ??= a.slice();
    out.push(s);
    keys?.add(key);
  }
  return out ?? a;
}

export function addSource(list: readonly DataSource[], source: DataSource): readonly DataSource[] {
  return mergeSources(list, [source]);
}
