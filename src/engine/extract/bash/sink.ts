/**
 * Collects the facts of one bash input, stamping runtime, depth and mapped spans, and dropping
 * duplicate flows (the same source reaching the same sink twice says nothing new).
 */
import type { ExtractContext } from '../types.js';
import type {
  DataSink,
  DataSource,
  ExecFact,
  Fact,
  FileOperation,
  FileOpFact,
  FlowFact,
  LoopFact,
  NetOpFact,
  UnparsedFact,
} from '../../facts.js';
import type { Span } from '../../types.js';
import { sourceKey, type MutableLiteral } from './model.js';

function sinkKey(sink: DataSink): string {
  switch (sink.kind) {
    case 'net':
      return 'n:' + sink.host + '|' + (sink.url ?? '') + (sink.auth === true ? '|auth' : '');
    case 'exec':
      return 'x:' + sink.program;
    case 'file':
      return 'f:' + sink.path;
    case 'dns':
      return 'd:' + sink.host;
  }
}

export interface FileOpInit {
  readonly op: FileOperation;
  readonly path: string;
  readonly recursive?: boolean;
  readonly actor: string;
  readonly span: Span;
  readonly mode?: string;
  readonly owner?: string;
  readonly dynamic?: boolean;
  /** The whole text written or appended, when statically known (echo/printf into a file). */
  readonly text?: string;
}

export interface NetOpInit {
  readonly host: string;
  readonly port?: number | undefined;
  readonly url?: string | undefined;
  readonly scheme?: string | undefined;
  readonly direction?: 'connect' | 'listen';
  readonly sends: boolean;
  readonly actor: string;
  readonly span: Span;
}

export class FactSink {
  readonly facts: Fact[] = [];
  /** Marks for requests made inside loops that repeat them or go through a password list (code/repeats.ts). */
  readonly hot: { readonly repeated?: string; readonly guesses?: string }[] = [];
  readonly #ctx: ExtractContext;
  readonly #depth: number;
  readonly #flows = new Set<string>();

  constructor(ctx: ExtractContext) {
    this.#ctx = ctx;
    this.#depth = ctx.depth;
  }

  get ctx(): ExtractContext {
    return this.#ctx;
  }

  span(span: Span): Span {
    return this.#ctx.mapSpan(span);
  }

  exec(
    program: string,
    argv: readonly string[],
    dynamic: boolean,
    span: Span,
    via: string | undefined,
    stdinInteractive: boolean,
  ): void {
    const fact: ExecFact =
      via === undefined
        ? {
            kind: 'exec',
            program,
            argv,
            dynamic,
            stdinInteractive,
            span: this.span(span),
            runtime: 'bash',
            depth: this.#depth,
          }
        : {
            kind: 'exec',
            program,
            argv,
            dynamic,
            via,
            stdinInteractive,
            span: this.span(span),
            runtime: 'bash',
            depth: this.#depth,
          };
    this.facts.push(fact);
  }

  file(init: FileOpInit): void {
    const fact: { -readonly [K in keyof FileOpFact]: FileOpFact[K] } = {
      kind: 'file',
      op: init.op,
      path: init.path,
      recursive: init.recursive ?? false,
      actor: init.actor,
      span: this.span(init.span),
      runtime: 'bash',
      depth: this.#depth,
    };
    if (init.mode !== undefined) fact.mode = init.mode;
    if (init.owner !== undefined) fact.owner = init.owner;
    if (init.dynamic) fact.dynamic = true;
    if (init.text !== undefined) fact.text = init.text;
    this.facts.push(fact);
  }

  net(init: NetOpInit): void {
    const fact: { -readonly [K in keyof NetOpFact]: NetOpFact[K] } = {
      kind: 'net',
      host: init.host,
      direction: init.direction ?? 'connect',
      sends: init.sends,
      actor: init.actor,
      span: this.span(init.span),
      runtime: 'bash',
      depth: this.#depth,
    };
    if (init.port !== undefined) fact.port = init.port;
    if (init.url !== undefined) fact.url = init.url;
    if (init.scheme !== undefined) fact.scheme = init.scheme;
    for (const h of this.hot) {
      if (h.repeated !== undefined) fact.repeated = h.repeated;
      if (h.guesses !== undefined) fact.guesses = h.guesses;
    }
    this.facts.push(fact);
  }

  flow(from: DataSource, to: DataSink, span: Span): void {
    const key = sourceKey(from) + '>' + sinkKey(to);
    if (this.#flows.has(key)) return;
    this.#flows.add(key);
    const fact: FlowFact = {
      kind: 'flow',
      from,
      to,
      span: this.span(span),
      runtime: 'bash',
      depth: this.#depth,
    };
    this.facts.push(fact);
  }

  flows(from: readonly DataSource[], to: DataSink, span: Span): void {
    for (const source of from) this.flow(source, to, span);
  }

  loop(span: Span, unbounded: boolean, sleeps: boolean, exits: boolean, forks: boolean): void {
    const fact: LoopFact = {
      kind: 'loop',
      unbounded,
      sleeps,
      exits,
      forks,
      span: this.span(span),
      runtime: 'bash',
      depth: this.#depth,
    };
    this.facts.push(fact);
  }

  literal(text: string, span: Span, egress: boolean): MutableLiteral {
    const fact: MutableLiteral = {
      kind: 'literal',
      text,
      egress,
      span: this.span(span),
      runtime: 'bash',
      depth: this.#depth,
    };
    this.facts.push(fact);
    return fact;
  }

  unparsed(text: string, span: Span): void {
    const fact: UnparsedFact = {
      kind: 'unparsed',
      text,
      span: this.span(span),
      runtime: 'bash',
      depth: this.#depth,
    };
    this.facts.push(fact);
  }

  /** Facts of nested code, already in the caller's coordinates. */
  add(facts: readonly Fact[]): void {
    for (const fact of facts) this.facts.push(fact);
  }
}
