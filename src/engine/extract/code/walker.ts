/**
 * The walk shared by the python and node extractors: a depth-bounded evaluator over the copied
 * tree-sitter tree with one name environment; each language's walker supplies its node cases.
 */
import type { Fact } from '../../facts.js';
import { parseSyntaxWithErrors, type SyntaxNode } from '../../parse/index.js';
import type { Runtime, Span } from '../../types.js';
import type { ExtractContext, Extractor } from '../types.js';
import { Collector, type LoopFrame } from './collector.js';
import { delegated, generatorOf } from './generators.js';
import { containerDeletes } from './container-deletes.js';
import { listingDeletes } from './listing-deletes.js';
import { wholeStores } from './whole-stores.js';
import { modelWipes } from './model-wipes.js';
import { iacAutomation } from './iac-automation.js';
import { plantedCode } from './planted-code.js';
import { inHotRegion, loopRegion, type HotRegion } from './repeats.js';
import { named, reportMissing } from './syntax.js';
import { mayRaise, tryParts } from './try-exits.js';
import { FACT_UNITS, parseCost, VISIT_UNITS } from './work.js';
import {
  concat,
  constText,
  mergeLits,
  mergeSources,
  opaque,
  riskier,
  UNKNOWN,
  withTaint,
  type Part,
  type Val,
} from './value.js';

/** Deepest expression nesting folded; deeper expressions are walked for calls but not folded. */
const MAX_EVAL_DEPTH = 200;
/** Calls of the input's own functions walked with their arguments: nesting, total, body size. */
const MAX_INLINE_DEPTH = 2;
const MAX_INLINED = 64;
const MAX_INLINE_CHARS = 4000;

/** Most characters of a line kept on either side of an unparsed region. */
const UNPARSED_LINE_MAX = 240;
export abstract class CodeWalker {
  readonly col: Collector;
  readonly text: string;
  readonly env = new Map<string, Val>();
  /** The tree being walked (set by run). */
  root!: SyntaxNode;
  #depth = 0;

  constructor(text: string, col: Collector) {
    this.text = text;
    this.col = col;
  }

  src(n: SyntaxNode): string {
    return this.text.slice(n.start, n.end);
  }

  span(n: SyntaxNode): Span {
    return { start: n.start, end: n.end };
  }

  /** Evaluates `n` for its value and its effects (facts). */
  visit(n: SyntaxNode): Val {
    // VISIT_UNITS per node walked (loop unrolling walks again and pays again); past the budget
    // the walk stops and analyze() adds the BudgetFact that ENG-AST-002 denies (issue 22).
    if (this.#depth > MAX_EVAL_DEPTH || !this.col.spend(VISIT_UNITS)) return UNKNOWN;
    this.#depth++;
    try {
      // Inside a catching try, within a loop of its body: a try ends the loop if a call can raise.
      const floor = this.#catchFloor;
      if (floor !== undefined && this.col.loops.length > floor && mayRaise(n, this.text))
        this.#leaveFrom(floor);
      if (n.type === 'try_statement') return this.#try(n);
      return this.node(n);
    } finally {
      this.#depth--;
    }
  }

  /** The language's cases: one node's value and effects. */
  protected abstract node(n: SyntaxNode): Val;

  /** Binds an assignment target to `v`. */
  abstract bind(target: SyntaxNode, v: Val): void;

  /** Walks every named child for effects; the value is unknown, carrying the children's taint. */
  generic(n: SyntaxNode): Val {
    let sources = UNKNOWN.sources;
    let lits = UNKNOWN.lits;
    // Indexed: a for...of allocates an iterator result per child until the code is optimized.
    const kids = n.children;
    for (let i = 0; i < kids.length; i++) {
      const c = kids[i]!;
      if (!c.named) continue;
      const v = this.visit(c);
      sources = mergeSources(sources, v.sources);
      lits = mergeLits(lits, v.lits);
    }
    return sources.length === 0 && lits.length === 0 ? UNKNOWN : { ...UNKNOWN, sources, lits };
  }

  /** A wrapper node (parentheses, an expression statement, await): its only child's value. */
  protected inner(n: SyntaxNode): Val {
    const inner = named(n);
    if (inner.length === 1) return this.visit(inner[0]!);
    return this.generic(n);
  }

  /** A binary operator: integer arithmetic on two known numbers, else the language's `combine`. */
  protected binary(n: SyntaxNode): Val {
    const [l, op, r] = n.children;
    if (!l || !op || !r) return this.generic(n);
    const a = this.visit(l);
    const b = this.visit(r);
    if (a.num !== undefined && b.num !== undefined) {
      const num = arithmetic(op.type, a.num, b.num);
      if (num !== undefined) return num;
    }
    return this.combine(op.type, a, b);
  }

  protected abstract combine(o: string, a: Val, b: Val): Val;

  /** return / raise / throw: walked for effects; leaves every enclosing loop. */
  protected exit(n: SyntaxNode): Val {
    const kids = named(n);
    const v = kids.length === 1 ? this.visit(kids[0]!) : this.generic(n);
    if (n.type === 'return_statement') this.#returns[this.#returns.length - 1]?.push(v);
    // A raise caught by a try inside the loop only restarts it (`while True: try: raise X except: pass`).
    if (n.type !== 'return_statement' && this.#catchFloor !== undefined) this.#leaveFrom(this.#catchFloor);
    else this.col.markLoop('exit');
    return v;
  }

  /**
   * Where in the loop stack the try an error raised now is caught by begins: loops from there on
   * are left. The innermost catch-all try's, else the outermost catching one's.
   */
  #catchFloor: number | undefined;

  /**
   * A try statement: when a handler catches, an error raised in a loop of its body leaves that
   * loop for the handler (see try-exits.ts). The handlers, else and finally run outside that
   * protection; the other children are walked as the language's walker would (generic).
   */
  #try(n: SyntaxNode): Val {
    const { body, catches, catchesAll } = tryParts(n, this.text);
    const saved = this.#catchFloor;
    // An error a handler for named types lets through reaches the enclosing try: its floor holds.
    if (catchesAll || (catches && saved === undefined)) this.#catchFloor = this.col.loops.length;
    try {
      if (body) this.visit(body);
    } finally {
      this.#catchFloor = saved;
    }
    for (const c of n.children) if (c.named && c !== body) this.visit(c);
    return UNKNOWN;
  }

  /** Marks the loops from `floor` on (those inside the catching try) as exited. */
  #leaveFrom(floor: number): void {
    const loops = this.col.loops;
    for (let i = floor; i < loops.length; i++) loops[i]!.exits = true;
  }

  /** Return values seen while walking a function body, innermost function last. */
  readonly #returns: Val[][] = [];
  /** Values yielded while walking a function body, innermost function last. */
  readonly #yields: Val[][] = [];

  /** `yield v`, or `yield from v` / `yield* v` (its elements), inside the function being walked. */
  protected yielded(v: Val, from: boolean): void {
    this.#yields[this.#yields.length - 1]?.push(...(from ? delegated(v) : [v]));
  }

  /** Calls of the input's own functions being walked with their arguments (nesting). */
  #inlineDepth = 0;
  /** Such walks so far in this input. */
  #inlined = 0;

  /**
   * Walks `body` as the body of a function and returns what it returned: the one returned value
   * (or `body`'s own value, an arrow function's expression), or an unknown value carrying the taint
   * of all of them; undefined when it returned nothing.
   */
  protected captureReturns(body: () => Val | undefined): Val | undefined {
    const list: Val[] = [];
    const yields: Val[] = [];
    this.#returns.push(list);
    this.#yields.push(yields);
    let direct: Val | undefined;
    try {
      direct = body();
    } finally {
      this.#returns.pop();
      this.#yields.pop();
    }
    // A generator's call is what its yields iterate over (code/generators.ts).
    if (yields.length > 0) return generatorOf(yields);
    if (direct !== undefined) list.push(direct);
    if (list.length === 0) return undefined;
    return list.length === 1 ? list[0] : opaque(list);
  }

  /**
   * Whether a call of the input's own function may be walked again with its arguments
   * (`def run(c): os.system(c)` then `run("rm -rf ~")`): small bodies, two levels, 64 walks.
   */
  protected mayInline(fn: SyntaxNode, args: readonly Val[]): boolean {
    if (this.#inlineDepth >= MAX_INLINE_DEPTH || this.#inlined >= MAX_INLINED) return false;
    if (fn.end - fn.start > MAX_INLINE_CHARS) return false;
    return args.some(
      (a) =>
        a.parts !== null ||
        a.num !== undefined ||
        a.sources.length > 0 ||
        a.ref !== undefined ||
        a.items !== undefined,
    );
  }

  /**
   * A call of the input's own function from inside a loop: what its body can do to the loop
   * (issue 22: `while True: choice = menu()` where menu() reads input or exits is not runaway).
   * Read from the function's text once per call site; loops outside a function are the only ones.
   */
  protected ownCallEffects(fn: SyntaxNode): void {
    if (this.col.loops.length === 0) return;
    // Read once per function: a bundle calls its large helpers from many loops.
    let marks = this.#ownMarks.get(fn);
    if (marks === undefined) {
      const body = this.text.slice(fn.start, fn.end);
      marks = {
        exit: OWN_EXIT.test(body),
        wait: OWN_WAIT.test(body) ? 'sleeps' : OWN_AWAIT.test(body) ? 'yields' : undefined,
      };
      this.#ownMarks.set(fn, marks);
    }
    if (marks.exit) this.col.markLoop('exit');
    if (marks.wait !== undefined) this.col.markLoop(marks.wait);
  }

  /** What each own function's text marks on a calling loop (ownCallEffects). */
  readonly #ownMarks = new Map<SyntaxNode, { exit: boolean; wait: 'sleeps' | 'yields' | undefined }>();

  /** Runs `walk` as one inlined call (see mayInline). */
  protected inlined<T>(walk: () => T): T {
    this.#inlineDepth++;
    this.#inlined++;
    try {
      return walk();
    } finally {
      this.#inlineDepth--;
    }
  }

  /**
   * A region the parser could not read: an UnparsedFact, and its parts walked all the same. The fact
   * holds the whole lines the region touches: a stray quote (`exec('rm -rf '/home/x')`) is one
   * character, while the command it broke sits beside it on the line (gdog r12).
   */
  protected unparsed(n: SyntaxNode): Val {
    const start = this.text.lastIndexOf('\n', n.start - 1) + 1;
    const eol = this.text.indexOf('\n', n.end);
    const end = Math.min(eol < 0 ? this.text.length : eol, n.end + UNPARSED_LINE_MAX);
    this.col.unparsed(this.span(n), this.text.slice(Math.max(start, n.start - UNPARSED_LINE_MAX), end));
    return this.generic(n);
  }

  /** `x += y` and the other augmented assignments. */
  protected augAssign(n: SyntaxNode): Val {
    const [left, op, right] = n.children;
    if (!left || !op || !right) return this.generic(n);
    const old = this.visit(left);
    const v = this.visit(right);
    this.bind(left, op.type === '+=' ? concat([old, v]) : opaque([old, v]));
    return v;
  }

  /** Walks `body` inside a fresh loop frame for `n`; the frame is handed to endLoop afterwards. */
  protected inLoop(
    n: SyntaxNode,
    unbounded: boolean,
    sleeps: boolean,
    body: () => void,
    hot: HotRegion | undefined = unbounded ? loopRegion(this.src(n), true, undefined, undefined) : undefined,
  ): LoopFrame {
    const frame = { span: this.span(n), unbounded, sleeps, exits: false, forks: false };
    this.col.loops.push(frame);
    inHotRegion(this.col, hot, frame, body);
    this.col.loops.pop();
    return frame;
  }

  protected endLoop(frame: LoopFrame): Val {
    // Only unbounded loops matter to the runaway rules; a bounded loop's fork is a worker pool.
    if (frame.unbounded) this.col.loop(frame);
    // The frame's sleep or fork also happens inside any enclosing loop.
    if (frame.sleeps) this.col.markLoop('sleeps');
    if (frame.yields === true) this.col.markLoop('yields');
    if (frame.forks && frame.accepts !== true) this.col.markLoop('forks');
    return UNKNOWN;
  }

  /** Walks a function body: loops outside do not see its exits. */
  protected inFunction(body: () => void): void {
    const saved = this.col.loops;
    const floor = this.#catchFloor;
    this.col.loops = [];
    this.#catchFloor = undefined;
    body();
    this.col.loops = saved;
    this.#catchFloor = floor;
  }

  run(root: SyntaxNode): void {
    this.root = root;
    this.visit(root);
  }
}

/** An own function's text that can leave the calling loop: raise/throw, exit, quit. */
const OWN_EXIT = /\b(?:raise|throw|exit|quit|_exit|abort)\b/;
/** ... or that waits on input, time or I/O. */
const OWN_WAIT = /\b(?:input|raw_input|sleep|readline|accept|recv|wait|question|select|poll)\b/;
/** ... or that only awaits (its own requests, as often as not): not busy, but no pause either. */
const OWN_AWAIT = /\bawait\b/;

/** Integer arithmetic on two known numbers (`0o700 | 0o7`); undefined for other operators. */
export function arithmetic(o: string, x: number, y: number): Val | undefined {
  const num =
    o === '|'
      ? x | y
      : o === '&'
        ? x & y
        : o === '^'
          ? x ^ y
          : o === '+'
            ? x + y
            : o === '-'
              ? x - y
              : o === '*'
                ? x * y
                : undefined;
  return num !== undefined ? { ...UNKNOWN, dynamic: false, num } : undefined;
}

/** A numeric literal: `0o`, `0x`, `0b` prefixes, `_` separators, a leading-zero octal, BigInt `n`. */
export function numberLiteral(src: string): Val {
  const s = src.replace(/_/g, '').toLowerCase();
  let num: number;
  if (s.startsWith('0o')) num = parseInt(s.slice(2), 8);
  else if (s.startsWith('0x')) num = parseInt(s.slice(2), 16);
  else if (s.startsWith('0b')) num = parseInt(s.slice(2), 2);
  else num = /^0\d+$/.test(s) ? parseInt(s, 8) : Number(s.replace(/n$/, ''));
  return { ...UNKNOWN, dynamic: false, num };
}

/**
 * `a or b` / `a || b`: the first side that is a known string, else the second; taint from both. An
 * empty fallback to data read from somewhere (`process.env.T || ''`) is that data whenever it is
 * set, so the data stands (r8).
 */
export function either(a: Val, b: Val): Val {
  const pick =
    a.parts !== null && !a.dynamic
      ? a
      : b.parts !== null && (a.sources.length === 0 || constText(b) !== '')
        ? b
        : a;
  return withTaint(pick, pick === a ? b : a);
}

/** `c ? a : b`: the branch that could do more harm (value.ts riskier), dynamic when they differ; taint from both. */
export function choice(a: Val, b: Val): Val {
  const pick = riskier(a, b);
  const other = pick === a ? b : a;
  return withTaint({ ...pick, dynamic: pick.dynamic || constText(a) !== constText(b) }, other);
}

/** Appends text to string parts, joining it to a trailing text part. */
export function pushText(parts: Part[], s: string): void {
  const last = parts[parts.length - 1];
  if (typeof last === 'string') parts[parts.length - 1] = last + s;
  else parts.push(s);
}

/** Splices an interpolated value's parts into `parts`; false when it has none to splice (a hole then). */
export function spliceParts(parts: Part[], v: Val): boolean {
  if (v.parts === null || v.ref !== undefined) return false;
  for (const p of v.parts) {
    if (typeof p === 'string') pushText(parts, p);
    else parts.push(p);
  }
  return true;
}

/**
 * An extractor for `runtime`: parse, walk, report the parser's invented tokens, collect. An input
 * with more tokens than the budget can parse and walk is refused before the native parse, and the
 * facts are paid for at the end (each costs the rules a check): past the budget, ENG-AST-002.
 */
export function codeExtractor(
  runtime: Runtime,
  Walker: new (text: string, col: Collector) => CodeWalker,
): Extractor {
  return {
    runtime,
    extract(text: string, ctx: ExtractContext): readonly Fact[] {
      const where = `${runtime} syntax nodes`;
      if (!ctx.budget.spend(parseCost(text), where)) return [];
      const { root, errors } = parseSyntaxWithErrors(runtime, text);
      const col = new Collector(runtime, ctx);
      new Walker(text, col).run(root);
      if (runtime === 'python' || runtime === 'node') {
        listingDeletes(root, text, runtime, col);
        wholeStores(root, text, runtime, col);
        containerDeletes(root, text, runtime, col);
        modelWipes(root, text, runtime, col);
        iacAutomation(root, text, runtime, col);
        plantedCode(root, text, runtime, col);
      }
      // A tree without errors has no MISSING tokens: no second walk to look for them.
      if (errors.length > 0) reportMissing(root, text, col);
      const facts = col.finish();
      ctx.budget.spend(facts.length * FACT_UNITS, `${runtime} facts`);
      return facts;
    },
  };
}
