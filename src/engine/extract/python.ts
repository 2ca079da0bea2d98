/**
 * The python extractor: one walk over the tree-sitter-python tree, folding string constants,
 * resolving import aliases and turning the calls it recognises (python/calls.ts) into facts.
 */
import { markSecretLogins } from './code/secret-logins.js';
import { extend } from '../extend.js';
import type { Fact } from '../facts.js';
import type { SyntaxNode } from '../parse/index.js';
import type { Span } from '../types.js';
import { envVal } from './code/calls.js';
import { conditionMayChange, named } from './code/syntax.js';
import { unescape } from './code/strings.js';
import {
  concat,
  constText,
  dirnameOf,
  holeVal,
  joinPaths,
  mergeLits,
  mergeSources,
  opaque,
  refVal,
  strVal,
  truthy,
  UNKNOWN,
  withTaint,
  type Part,
  type Val,
} from './code/value.js';
import {
  choice,
  codeExtractor,
  CodeWalker,
  either,
  numberLiteral,
  pushText,
  spliceParts,
} from './code/walker.js';
import { clientCredentialCall, clientCredentialMember } from './code/client-credentials.js';
import { CLIENT_REQUEST, dynamicCall } from './code/effects.js';
import { ownReturnAtDefinition } from './code/own-return.js';
import { membersOf } from './code/records.js';
import { testTeardown } from './code/test-scope.js';
import { inMigrationDown } from './code/migration-scope.js';
import { maySdk, sdkCall, sdkConstruct, sdkMember, sdkQuery, type SdkCall } from './code/sdk.js';
import { answerInput, sentSince, unmodelledSend } from './code/unmodelled-sends.js';
import {
  awaited,
  inHotRegion,
  inlinedBody,
  keyspaceOf,
  loopRegion,
  rangeTurns,
  type HotRegion,
  listLogin,
} from './code/repeats.js';
import {
  CLIENT_INPUT,
  importFromPath,
  programVal,
  PY_CALLS,
  PY_CONSTANTS,
  queueLongPoll,
  type PyCall,
} from './python/calls.js';
import { attrRef, isModuleName, sliceText } from './python/modules.js';
import {
  attributeHeld,
  classDefinition,
  construct,
  defaultsLeftOut,
  keyHeld,
  matchStatement,
  recordAttribute,
  recordKeywords,
} from './python/records.js';
import { byteArithmetic } from './python/decoders.js';
import { heldAt } from './code/carry.js';
import './python/carry.js';
import './python/sql-clients.js';
import './python/teardown.js';
import { reorderInPlace, rotatedArgs } from './code/reorder.js';
import { joinedIterables } from './code/iterables.js';
import {
  assigned,
  comparison,
  dunder,
  operatorHook,
  passCallables,
  splatParam,
  storedFunction,
} from './python/callbacks.js';
import { HIDDEN_PAYLOAD, revealsHidden } from './code/hidden-payloads.js';
import { foldedName, hiddenName } from './code/hidden-names.js';
import { armoredImport, armoredName, escapedRun } from './code/unreadable-code.js';
import { preloadVar } from './code/preload.js';
import { sweepLine } from './code/address-sweep.js';
import './python/processes.js';
import './python/walks.js';
import './python/loads.js';
import './python/products.js';
import './python/unpacks.js';
import './python/hub-code.js';
import './python/grpc.js';
import './python/trackers.js';
import './python/listeners.js';
import './python/rpc-servers.js';
import './python/dumps.js';
import './python/packets.js';
import { overwriteWalk } from './code/overwrite.js';

/** A short fill (`b'\\0'`, `'A'`) that `*` repeats: the bytes written over a file by a wiper. */
const FILL = /^[^]{1,8}$/;

/** Most loop-body walks one input may spend unrolling loops over literal lists (work units). */
const UNROLL_BUDGET = 4096;
/** Longest literal list a `for` statement is unrolled over (its body may be long). */
const UNROLL_STATEMENT = 16;
/** Longest `for` statement or comprehension body (in characters) that is unrolled. */
const UNROLL_BODY_CHARS = 2000;

/** Dict methods that return the value under a key. */
const DICT_READS: ReadonlySet<string> = new Set(['get', 'setdefault', 'pop', '__getitem__']);

export class PyWalker extends CodeWalker {
  /** Modules imported with `from m import *`: their names resolve unqualified. */
  readonly #star: string[] = [];
  /** Methods of the input's own classes, by name (`Runner().go(x)` walks `go` with self and x). */
  readonly #methods = new Map<string, Val>();
  #inClass = 0;
  /** What the input's `__reduce__` methods return: (callable, args) that copying or unpickling calls. */
  readonly reduces: Val[] = [];
  /** What a gadget pickled here does where it is loaded: kept for the end of the walk (python/calls.ts). */
  readonly dumpedGadgets: Fact[] = [];
  /** Directories this input put on sys.path (imports from there run files it may have written). */
  readonly importDirs: string[] = [];
  /** What each function of the input returns when walked at its definition (see #function). */
  readonly #defReturns = new Map<SyntaxNode, Val>();

  /**
   * A gadget pickled here runs where its bytes are loaded: judged as run when this input connects to
   * a network host (the payload posted, or put in a cookie), not when it is only kept (a scanner's fixture).
   */
  override run(root: SyntaxNode): void {
    super.run(root);
    if (
      this.dumpedGadgets.length > 0 &&
      this.col.facts.some((f) => f.kind === 'net' && f.direction === 'connect')
    )
      this.col.facts.push(...this.dumpedGadgets);
  }

  /** What the function `fn` of this input returned when walked at its definition (accessors read it). */
  defReturn(fn: unknown): Val | undefined {
    return this.#defReturns.get(fn as SyntaxNode);
  }

  /** Inside a request-handler class (BaseHTTPRequestHandler...): `self.path`, `self.rfile` are the client's. */
  #inHandler = 0;
  /** Set while the next function_definition visited is a web route's handler (decorated_definition). */
  #route = false;
  /** What the last `raise X('text')` raised: an `except ... as e` handler sees it (`str(e)`, r1). */
  #raised: Val | undefined;
  /** Loop-body walks spent unrolling loops over literal lists (UNROLL_BUDGET). */
  #unrolled = 0;
  /** Names assigned more than once in the input (a loop condition over them can change). */
  #reassigned: Set<string> | undefined;

  protected node(n: SyntaxNode): Val {
    switch (n.type) {
      case 'string':
        return this.#string(n);
      case 'concatenated_string':
        return concat(named(n).map((c) => this.visit(c)));
      case 'integer':
        return numberLiteral(this.src(n));
      case 'float':
        return { ...UNKNOWN, dynamic: false, num: Number(this.src(n)) };
      case 'true':
        return { ...UNKNOWN, dynamic: false, bool: true };
      case 'false':
      case 'none':
        return { ...UNKNOWN, dynamic: false, bool: false };
      case 'identifier': {
        const name = this.src(n);
        armoredName(this.col, this.span(n), name);
        // Only a name with a non-ASCII letter can fold to another one (code/hidden-names.ts).
        if (/[^ -~]/.test(name)) foldedName(this.col, this.span(n), name);
        return this.#name(name);
      }
      case 'attribute':
        return this.#attribute(n);
      case 'subscript':
        return this.#credential(n, this.#subscript(n));
      case 'call':
        return this.#credential(n, this.#call(n));
      case 'await':
        return awaited(this.col, () => this.inner(n));
      case 'parenthesized_expression':
      case 'expression_statement':
        return this.inner(n);
      case 'list':
      case 'tuple':
      case 'set':
      case 'expression_list':
      case 'pattern_list': {
        // `[*xs, y]`: a known list unpacked in place is its items (code/carry.ts).
        const items = named(n).flatMap((c) => {
          const inner = c.type === 'list_splat' ? named(c)[0] : undefined;
          const v = this.visit(inner ?? c);
          return inner !== undefined && v.items !== undefined ? v.items : [inner ? opaque([v]) : v];
        });
        return extend(opaque(items), { items });
      }
      case 'dictionary':
        return this.#dict(n);
      case 'binary_operator':
        return this.binary(n);
      // Own instances' comparison and `in` hooks run (python/callbacks.ts).
      case 'comparison_operator':
        return comparison(this, n);
      case 'boolean_operator': {
        const [a, b] = named(n).map((c) => this.visit(c));
        if (!a || !b) return UNKNOWN;
        return either(a, b);
      }
      case 'not_operator': {
        const v = this.visit(named(n)[0]!);
        const t = truthy(v);
        return t === undefined ? opaque([v]) : { ...UNKNOWN, dynamic: false, bool: !t };
      }
      case 'unary_operator': {
        const v = this.visit(named(n)[0]!);
        if (v.num !== undefined && this.src(n).startsWith('-')) return { ...v, num: -v.num };
        return v;
      }
      case 'conditional_expression': {
        const [a, , b] = named(n).map((c) => this.visit(c));
        if (!a || !b) return UNKNOWN;
        return choice(a, b);
      }
      case 'assignment':
        return this.#assign(n);
      case 'augmented_assignment':
        return this.augAssign(n);
      case 'named_expression': {
        const [target, value] = named(n);
        const v = value ? this.visit(value) : UNKNOWN;
        if (target) this.bind(target, v);
        return v;
      }
      case 'import_statement':
      case 'import_from_statement':
        this.#import(n);
        return UNKNOWN;
      case 'list_comprehension':
      case 'generator_expression':
      case 'set_comprehension':
      case 'dictionary_comprehension':
        return this.#comprehension(n);
      case 'yield': {
        // A generator's loop hands control back at every yield: its consumer decides when to stop.
        this.col.markLoop('exit');
        const value = named(n)[0];
        if (value)
          this.yielded(
            this.visit(value),
            n.children.some((c) => c.type === 'from'),
          );
        return UNKNOWN;
      }
      case 'while_statement':
        return this.#while(n);
      case 'for_statement': {
        // A loop through a block's addresses connecting to each: a hand-written port scan (code/address-sweep.ts).
        const mark = this.col.facts.length;
        const out = this.#for(n);
        const right = n.children[n.children.findIndex((c) => c.type === 'in') + 1];
        const line = right ? sweepLine(this.src(right), this.text, this.col.facts, mark) : undefined;
        if (line !== undefined) this.col.nested(line, 'bash', this.span(n), 'python');
        return out;
      }
      case 'with_statement':
        return this.#with(n);
      case 'match_statement':
        return matchStatement(this, n);
      case 'class_definition': {
        const handler = REQUEST_HANDLER.test(
          this.src(n.children.find((c) => c.type === 'argument_list') ?? n),
        );
        this.#inClass++;
        if (handler) this.#inHandler++;
        try {
          return classDefinition(this, n);
        } finally {
          this.#inClass--;
          if (handler) this.#inHandler--;
        }
      }
      case 'except_clause':
      case 'except_group_clause':
        for (const c of named(n)) {
          if (c.type !== 'as_pattern') this.visit(c);
          else {
            const [cls, target] = named(c);
            if (cls) this.visit(cls);
            if (target) this.bind(target, this.#raised ?? UNKNOWN);
          }
        }
        return UNKNOWN;
      case 'decorated_definition': {
        // A web route's or chat bot's handler (`@app.post("/eval")`): its parameters are what the client sent.
        const route = n.children.some(
          (c) =>
            c.type === 'decorator' &&
            (ROUTE_DECORATOR.test(this.src(c)) || botHandler(this.src(c), this.src(n).slice(0, 600))),
        );
        for (const c of named(n)) {
          if (route && c.type === 'function_definition') this.#route = true;
          this.visit(c);
        }
        return UNKNOWN;
      }
      case 'function_definition':
      case 'lambda':
        return this.#function(n);
      case 'break_statement':
        this.col.markLoop('break');
        return UNKNOWN;
      case 'return_statement':
        return this.exit(n);
      case 'assert_statement':
        // `assert x < 10, "stop"` raises AssertionError once its test fails: a raise out of the loop.
        // A constant true test (`assert True`) never fails.
        if (/^(?:true|[1-9]\d*|(["']).+\1)$/i.test(this.src(named(n)[0] ?? n).trim())) return this.generic(n);
        return this.exit(n);
      case 'raise_statement': {
        const v = this.exit(n);
        if (named(n).length === 1) this.#raised = v;
        return v;
      }
      case 'ERROR':
        return this.unparsed(n);
      case 'delete_statement':
        // del os.environ['K']: libraries loaded afterwards no longer read K.
        for (const t of named(n).flatMap((x) => (x.type === 'expression_list' ? named(x) : [x]))) {
          const [base, key] = named(t);
          if (t.type === 'subscript' && base && key && this.src(base) === 'os.environ') {
            const k = constText(this.visit(key));
            if (k !== null) this.col.ownEnv.delete(k);
            else this.col.ownEnv.clear();
          }
        }
        return this.generic(n);
      case 'comment':
      case 'pass_statement':
      case 'continue_statement':
        return UNKNOWN;
      default:
        return this.generic(n);
    }
  }

  #name(name: string): Val {
    const bound = this.env.get(name);
    if (bound !== undefined) return bound;
    const constant = PY_CONSTANTS.get(name);
    if (constant !== undefined) return constant;
    // The script's own file: in a folder of the workspace in the usual case (scripts/build.py), so
    // `dirname(__file__)/..` is the workspace and one more `..` leaves it.
    if (name === '__file__') return { ...strVal('./__script_dir__/__file__'), cwd: true };
    if (name === '__builtins__') return extend(refVal('builtins', name), { module: true });
    for (const mod of this.#star) {
      const q = `${mod}.${name}`;
      if (PY_CALLS.byName(q) !== undefined) return refVal(q, name);
    }
    // An unbound name is taken as what it names in the standard library (snippets often skip imports).
    const ref = Object.hasOwn(ALIASES, name) ? ALIASES[name]! : name;
    return isModuleName(ref) ? extend(refVal(ref, name), { module: true }) : refVal(ref, name);
  }

  #string(n: SyntaxNode): Val {
    const start = n.children[0];
    const prefix = start
      ? this.src(start)
          .replace(/['"]+$/, '')
          .toLowerCase()
      : '';
    const raw = prefix.includes('r');
    const parts: Part[] = [];
    let dynamic = false;
    let sources = UNKNOWN.sources;
    let lits = UNKNOWN.lits;
    let escaped = false;
    for (const c of n.children) {
      if (c.type === 'string_content') {
        let s = this.src(c);
        // A run of character-code escapes is hidden text (code/unreadable-code.ts).
        if (!raw && escapedRun(s)) escaped = true;
        if (!raw) s = unescape(s, false);
        if (prefix.includes('f')) s = s.replace(/\{\{/g, '{').replace(/\}\}/g, '}');
        pushText(parts, s);
      } else if (c.type === 'interpolation') {
        const expr = named(c)[0];
        const v = expr ? this.visit(expr) : UNKNOWN;
        if (!spliceParts(parts, v))
          parts.push({
            hole: expr?.type === 'identifier' || expr?.type === 'attribute' ? this.src(expr) : 'X',
          });
        dynamic ||= v.dynamic || v.parts === null;
        sources = mergeSources(sources, v.sources);
        lits = mergeLits(lits, v.lits);
      }
    }
    if (parts.length === 0) parts.push('');
    // Most literals are one piece of text: no map and join for them.
    const only = parts.length === 1 ? parts[0] : undefined;
    const text =
      typeof only === 'string'
        ? only
        : parts.map((p) => (typeof p === 'string' ? p : `{${p.hole}}`)).join('');
    const v = { parts, dynamic, sources, lits: mergeLits(lits, this.col.literal(text, n.start, n.end)) };
    return escaped ? extend(v, { generated: true }) : v;
  }

  #attribute(n: SyntaxNode): Val {
    const kids = named(n);
    const obj = kids[0];
    const attr = kids[kids.length - 1];
    if (!obj || !attr) return UNKNOWN;
    const dotted = this.src(n);
    const bound = this.env.get(dotted);
    if (bound !== undefined) return bound;
    const base = this.visit(obj);
    const name = this.src(attr);
    // Known attributes of a library object (`pwd.getpwuid(uid).pw_dir`).
    if (base.ref !== undefined && base.fields?.has(name)) return base.fields.get(name)!;
    if (base.sdk !== undefined) {
      const member = sdkMember(base, name);
      if (member !== undefined) return member;
    }
    const ref = attrRef(base, name);
    if (ref !== undefined && isModuleName(ref)) return extend(refVal(ref, dotted), { module: true });
    if (ref === 'os.environ') return { ...refVal(ref, dotted), sources: [{ kind: 'env' }] };
    // What a web client sent: flask/bottle/quart `request.*`, a request handler's `self.path` (r1 web shells).
    if (
      (ref !== undefined && CLIENT_INPUT.test(ref)) ||
      (this.#inHandler > 0 && HANDLER_INPUT.test(dotted)) ||
      // A view's fragment (an edit's new text) reading the framework's unbound `request`.
      (FRAGMENT_REQUEST.test(dotted) &&
        (!this.env.has('request') || this.env.get('request') === VIEW_REQUEST))
    )
      return { ...refVal(ref ?? dotted, dotted), sources: [CLIENT_REQUEST] };
    if (ref !== undefined) {
      const constant = PY_CONSTANTS.get(ref);
      if (constant !== undefined) return constant;
    }
    if (base.ref === 'pathlib.Path()' && name === 'parent')
      return { ...dirnameOf(base), ref: 'pathlib.Path()' };
    // An Enum's .value, a path's .parents, or what the input stored under that name (records.ts).
    const held = attributeHeld(this, base, name);
    if (held !== undefined) return held;
    return {
      parts: [{ hole: dotted }],
      dynamic: true,
      sources: base.sources,
      lits: base.lits,
      ...(ref !== undefined ? { ref } : {}),
      ...(base.peer ? { peer: base.peer } : {}),
      ...(base.unresolved ? { unresolved: true } : {}),
      ...(base.generated ? { generated: true } : {}),
    };
  }

  /** The member `key` of a namespace value (a module, `vars(m)`, `globals()`, `sys.modules`). */
  #namespaceMember(base: Val, key: string, span: Span): Val {
    const ref = base.ref === 'sys.modules' ? key : attrRef(base, key);
    if (ref === undefined) return UNKNOWN;
    // `os.__dict__['system']`, `vars(__builtins__)['exec']`: a sensitive API named by data (code/hidden-names.ts).
    hiddenName(this.col, span, ref, 'a namespace indexed by name');
    if (base.ref === 'builtins' && this.env.has(ref)) return this.env.get(ref)!;
    return isModuleName(ref) ? extend(refVal(ref, key), { module: true }) : refVal(ref, key);
  }

  /**
   * `request.headers['Authorization']`, `request.cookies.get('session')`, `request.META['HTTP_AUTHORIZATION']`:
   * a credential the server's client sent (code/client-credentials.ts), named by a literal key.
   */
  #credential(n: SyntaxNode, v: Val): Val {
    const kids = named(n);
    if (n.type === 'subscript') {
      const key = literalKey(kids[1], this.src.bind(this));
      return key === null ? v : clientCredentialMember(v, key, v);
    }
    const fnNode = kids[0];
    const method = fnNode?.type === 'attribute' ? this.src(named(fnNode).at(-1)!) : undefined;
    const args = kids[1] !== undefined ? named(kids[1]) : [];
    return clientCredentialCall(v, method, literalKey(args[0], this.src.bind(this)), v);
  }

  #subscript(n: SyntaxNode): Val {
    const kids = named(n);
    const base = kids[0] ? this.visit(kids[0]) : UNKNOWN;
    if (kids[1]?.type === 'slice') return this.#slice(base, kids[1]);
    const index = kids[1] ? this.visit(kids[1]) : UNKNOWN;
    if (base.ref === 'os.environ') {
      const k = constText(index);
      if (k !== null) this.col.envReads.add(k);
      return (k !== null ? this.env.get(`os.environ[${k}]`) : undefined) ?? envVal(k);
    }
    const key = constText(index);
    if (base.sdk !== undefined && key !== null) {
      // client['app']['users']: a database and a collection.
      const member = sdkMember(base, key);
      if (member !== undefined) return member;
    }
    // Namespaces indexed by name: sys.modules['os'], globals()['eval'], vars(os)['system'].
    if (base.module === true && base.ref !== undefined) {
      if (key !== null) return this.#namespaceMember(base, key, this.span(n));
      return extend(opaque([base, index]), { unresolved: true });
    }
    // plumbum: local['rm'] is the program, cmd['-rf', p] binds arguments to it.
    if (base.ref === 'plumbum.local' && key !== null) return programVal('plumbum.cmd', index) ?? UNKNOWN;
    if (base.ref?.startsWith('plumbum.cmd.') === true) {
      const more = kids.slice(1).map((k) => (k === kids[1] ? index : this.visit(k)));
      const bound = more.length === 1 && more[0]!.items ? more[0]!.items : more;
      return { ...base, items: [...(base.items ?? []), ...bound] };
    }
    // An own instance indexed runs its class's __getitem__ (python/callbacks.ts).
    const hooked = dunder(this, base, '__getitem__', [index]);
    if (hooked !== undefined) return hooked;
    if (key !== null && base.fields?.has(key)) return base.fields.get(key)!;
    if (index.num !== undefined && base.items?.[index.num] !== undefined) return base.items[index.num]!;
    // One of the matches of a glob or listing (`glob.glob('~/.ss*/id_*')[0]`): what iterating yields.
    if (index.num !== undefined && base.items === undefined && base.each !== undefined) return base.each;
    const held = key !== null ? keyHeld(this, base, key) : undefined;
    if (held !== undefined) return held;
    // A negative index, or a key the walk cannot know, into a known container (code/carry.ts).
    const carried = heldAt(base, key, index.num);
    if (carried !== undefined) return carried;
    return { ...opaque([base]), parts: [{ hole: this.src(n) }] };
  }

  #dict(n: SyntaxNode): Val {
    const fields = new Map<string, Val>();
    const vals: Val[] = [];
    for (const c of named(n)) {
      if (c.type === 'pair') {
        const [k, v] = named(c);
        const key = k ? this.visit(k) : UNKNOWN;
        const val = v ? this.visit(v) : UNKNOWN;
        const name = constText(key);
        if (name !== null) fields.set(name, val);
        vals.push(key, val);
      } else if (c.type === 'dictionary_splat') {
        // `{**base, 'k': v}` copies base's known keys (code/carry.ts).
        const val = this.visit(named(c)[0] ?? c);
        if (val.ref === undefined) for (const [k, f] of val.fields ?? []) fields.set(k, f);
        vals.push(val);
      } else vals.push(this.visit(c));
    }
    return extend(opaque(vals), { fields });
  }

  /** `s[a:b:c]` on a known string (`'so'[::-1]`); any other slice keeps the base's taint. */
  #slice(base: Val, slice: SyntaxNode): Val {
    const text = constText(base);
    const bounds: (number | undefined)[] = [undefined, undefined, undefined];
    let at = 0;
    let known = true;
    for (const c of slice.children) {
      if (c.type === ':') at++;
      else if (c.named) {
        const v = this.visit(c);
        if (v.num === undefined) known = false;
        else bounds[at] = v.num;
      }
    }
    if (base.items !== undefined && known) {
      // A list slice: the same items, picked by index (`cmd.split()[::-1]`).
      const picked = sliceText(
        base.items.map((_, i) => String.fromCharCode(i)).join(''),
        bounds[0],
        bounds[1],
        bounds[2],
      );
      if (picked !== null && base.items.length < 0xd800) {
        const items = [...picked].map((ch) => base.items![ch.charCodeAt(0)]!);
        return extend(opaque([base]), { items });
      }
    }
    if (text === null || !known || base.ref !== undefined) return opaque([base]);
    const out = sliceText(text, bounds[0], bounds[1], bounds[2]);
    return out === null ? opaque([base]) : extend(strVal(out, base.lits), { generated: true });
  }

  /** `a <o> b` beyond integer arithmetic: concatenation, pathlib's `/`, `%` formatting. */
  protected combine(o: string, a: Val, b: Val): Val {
    // An own instance's operator hook (`P() + cmd` runs __add__; python/callbacks.ts).
    const hooked = operatorHook(this, o, a, b);
    if (hooked !== undefined) return hooked;
    const byte = byteArithmetic(o, a, b);
    if (byte !== undefined) return byte;
    // Lists joined end to end keep what they hold (code/iterables.ts).
    const lists = o === '+' ? joinedIterables(a, b) : undefined;
    if (lists !== undefined) return lists;
    if (o === '+' && (a.parts !== null || b.parts !== null) && a.num === undefined && b.num === undefined)
      return concat([a, b]);
    if (o === '/' && (a.ref === 'pathlib.Path()' || a.ref?.startsWith('pathlib.Path.')))
      return { ...joinPaths([a, b]), ref: 'pathlib.Path()' };
    if (o === '%' && a.parts !== null) return percentFormat(a, b);
    // `b'\\0' * size`: a short fill repeated, no file's content (code/overwrite.ts NOT_CONTENT).
    if (o === '*') {
      const [ta, tb] = [constText(a), constText(b)];
      if ((ta === null) !== (tb === null) && FILL.test(ta ?? tb ?? ''))
        return { ...opaque([a, b]), ref: 'repeat()' };
    }
    return opaque([a, b]);
  }

  #assign(n: SyntaxNode): Val {
    const kids = n.children;
    const eq = kids.findIndex((c) => c.type === '=');
    const left = kids[0];
    const right = eq >= 0 ? kids[eq + 1] : undefined;
    if (!left || !right) return this.generic(n);
    const v = this.visit(right);
    this.bind(left, v);
    // `m[:] = data` on a memory map of a file: the file's bytes replaced (code/overwrite.ts over a walk).
    const mapped = left.type === 'subscript' ? named(left)[0] : undefined;
    if (mapped?.type === 'identifier') {
      const m = this.visit(mapped);
      if (m.ref === 'mmap.mmap()' && m.file !== undefined && m.file.op === 'write')
        overwriteWalk(this, { start: n.start, end: n.end }, m.file.path, v, 'mmap');
    }
    return v;
  }

  /** Binds an assignment target (name, attribute path, tuple pattern) to `v`. */
  bind(target: SyntaxNode, v: Val): void {
    switch (target.type) {
      case 'identifier':
      case 'attribute':
        if (target.type === 'identifier') armoredName(this.col, this.span(target), this.src(target));
        this.env.set(this.src(target), v);
        if (target.type === 'attribute') recordAttribute(this, target, v);
        // An own instance's __setattr__ / __setitem__ runs with what is stored (python/callbacks.ts).
        if (target.type === 'attribute') assigned(this, target, v);
        return;
      case 'pattern_list':
      case 'tuple_pattern':
      case 'list_pattern':
      case 'tuple':
      case 'list': {
        const targets = named(target);
        targets.forEach((t, i) => this.bind(t, v.items?.[i] ?? opaque([v])));
        return;
      }
      case 'as_pattern_target':
      case 'parenthesized_expression':
        for (const t of named(target)) this.bind(t, v);
        return;
      case 'subscript': {
        // d['k'] = v: the container now holds v (its taint, and the field when the key is known).
        this.visit(target);
        const [base, key] = named(target);
        // os.environ['K'] = v: later reads of K in this program get v (`os.system(os.environ['K'])`).
        if (base && key && this.src(base) === 'os.environ') {
          const k = constText(this.visit(key));
          if (k !== null) this.env.set(`os.environ[${k}]`, v);
          if (k !== null) preloadVar(this.col, this.span(target), k, v, 'os.environ');
        }
        if (base?.type === 'identifier' && key)
          this.#store(base, v, key.type === 'string' ? constText(this.visit(key)) : null);
        // session.headers['X'] = v: a client's standing headers, sent with each of its requests.
        if (base?.type === 'attribute' && key) this.#clientHeader(base, key, v);
        assigned(this, target, v);
        return;
      }
      default:
        // Other targets: evaluate for effects only.
        this.visit(target);
    }
  }

  /** `s.headers[k] = v` / `s.cookies[k] = v` on a client held by a name: its `headers`/`cookies` field gets k. */
  #clientHeader(base: SyntaxNode, key: SyntaxNode, v: Val): void {
    const [owner, attr] = [named(base)[0], named(base).at(-1)];
    if (owner?.type !== 'identifier' || attr === undefined || !/^(?:headers|cookies)$/.test(this.src(attr)))
      return;
    const client = this.env.get(this.src(owner));
    const k = constText(this.visit(key));
    if (client?.ref === undefined || k === null) return;
    const field = this.src(attr);
    const held = new Map(client.fields?.get(field)?.fields ?? []).set(k, v);
    const fields = new Map(client.fields ?? []).set(field, { ...opaque([...held.values()]), fields: held });
    this.env.set(this.src(owner), { ...client, fields });
  }

  /** items.append(v) on a known short list: v is its next item (a later `for t in items` walks it). */
  #append(base: SyntaxNode, v: Val): void {
    const old = this.env.get(this.src(base));
    if (old?.items === undefined || old.ref !== undefined || old.items.length >= 64) return;
    this.env.set(this.src(base), { ...withTaint(old, v), items: [...old.items, v] });
  }

  /** A value stored into the container named by `base` (`d[k] = v`, `items.append(v)`): its taint goes with it. */
  #store(base: SyntaxNode, v: Val, key: string | null = null): void {
    const name = this.src(base);
    const old = this.env.get(name);
    if (old === undefined || (v.sources.length === 0 && key === null)) return;
    let next = v.sources.length > 0 ? withTaint(old, v) : old;
    if (key !== null && old.fields !== undefined) next = { ...next, fields: new Map(old.fields).set(key, v) };
    this.env.set(name, next);
  }

  #import(n: SyntaxNode): void {
    if (n.type === 'import_statement') {
      for (const c of named(n)) {
        if (c.type === 'dotted_name') {
          const full = this.src(c);
          const head = full.split('.', 1)[0]!;
          importFromPath(this, this.span(c), full);
          armoredImport(this.col, this.span(c), full);
          this.col.imports.add(full);
          this.env.set(head, extend(refVal(head, head), { module: true }));
        } else if (c.type === 'aliased_import') {
          const [mod, alias] = named(c);
          if (mod) this.col.imports.add(this.src(mod));
          if (mod) armoredImport(this.col, this.span(mod), this.src(mod));
          if (mod && alias)
            this.env.set(this.src(alias), extend(refVal(this.src(mod), this.src(alias)), { module: true }));
        }
      }
      return;
    }
    const kids = named(n);
    const modNode = kids[0];
    if (!modNode) return;
    const mod = this.src(modNode).replace(/^\.+/, '');
    if (mod !== '') this.col.imports.add(mod);
    armoredImport(this.col, this.span(modNode), mod);
    if (n.children.some((c) => c.type === 'wildcard_import')) {
      this.#star.push(mod);
      return;
    }
    for (const c of kids.slice(1)) {
      // A module constant imported by name (`from sys import executable as e`) is that constant.
      if (c.type === 'dotted_name') {
        const name = this.src(c);
        this.env.set(name, PY_CONSTANTS.get(`${mod}.${name}`) ?? refVal(`${mod}.${name}`, name));
      } else if (c.type === 'aliased_import') {
        const [name, alias] = named(c);
        if (name && alias) {
          const q = `${mod}.${this.src(name)}`;
          this.env.set(this.src(alias), PY_CONSTANTS.get(q) ?? refVal(q, this.src(alias)));
        }
      }
    }
  }

  #loopBody(n: SyntaxNode, unbounded: boolean, before: () => void, hot?: HotRegion): Val {
    const frame = this.inLoop(
      n,
      unbounded,
      false,
      () => {
        before();
        for (const c of n.children) {
          if (c.type === 'block') this.visit(c);
        }
      },
      hot ?? (unbounded ? loopRegion(this.src(n), true, undefined, undefined) : undefined),
    );
    // An else clause runs after the loop: walked outside the frame.
    for (const c of n.children) if (c.type === 'else_clause') this.visit(c);
    return this.endLoop(frame);
  }

  #while(n: SyntaxNode): Val {
    const cond = named(n)[0];
    const c = cond ? this.visit(cond) : UNKNOWN;
    // `while x:` with x reassigned somewhere (`x -= 1`) is bounded by that assignment.
    const constant = truthy(c) === true && cond !== undefined && !this.#changes(cond);
    return this.#loopBody(n, constant, () => undefined);
  }

  /** The condition reads a name the input assigns more than once (the loop or a function may change it). */
  #changes(cond: SyntaxNode): boolean {
    return conditionMayChange(
      cond,
      this.text,
      'call',
      () => (this.#reassigned ??= reassignedNames(this.root, this.text)),
    );
  }

  /** What the loop variable holds while iterating over `it`. */
  #element(left: SyntaxNode, it: Val): Val {
    if (it.each !== undefined) return it.each;
    // Iterating a connection (`async for msg in ws`, a socket file) yields what its peer sends (r9).
    if (it.peer !== undefined && it.items === undefined)
      return {
        ...holeVal(left.type === 'identifier' ? this.src(left) : 'X'),
        sources: [{ kind: 'net', host: it.peer.host, ...(it.peer.url ? { url: it.peer.url } : {}) }],
      };
    return left.type === 'identifier' ? holeVal(this.src(left), opaque([it])) : opaque([it]);
  }

  /** Literal list items worth unrolling a loop over (`for c in ["id", "rm -rf /"]`), within the budget. */
  #unrollItems(it: Val, most: number): readonly Val[] | undefined {
    const text = it.items === undefined && it.ref === undefined ? constText(it) : null;
    // A known string iterates over its characters (`chr(ord(c) - 1) for c in s`).
    // Each character keeps where the string came from (a decoded payload's characters are decoded).
    const items =
      text !== null && text.length <= most ? [...text].map((ch) => withTaint(strVal(ch), it)) : it.items;
    if (items === undefined || items.length === 0 || items.length > most) return undefined;
    if (this.#unrolled + items.length > UNROLL_BUDGET) return undefined;
    this.#unrolled += items.length;
    return items;
  }

  #comprehension(n: SyntaxNode): Val {
    const kids = named(n);
    const body = kids[0];
    if (!body) return this.generic(n);
    const fors = kids.filter((c) => c.type === 'for_in_clause');
    const ifs = kids.filter((c) => c.type === 'if_clause');
    let unroll: { left: SyntaxNode; items: readonly Val[] } | undefined;
    const iterated: Val[] = [];
    fors.forEach((f, i) => {
      const fk = named(f);
      const left = fk[0];
      const right = fk[fk.length - 1];
      const it = right && right !== left ? this.visit(right) : UNKNOWN;
      iterated.push(it);
      const small = body.end - body.start <= UNROLL_BODY_CHARS;
      const items = fors.length === 1 && i === 0 && small ? this.#unrollItems(it, UNROLL_BUDGET) : undefined;
      if (left && items) unroll = { left, items };
      else if (left) this.bind(left, this.#element(left, it));
    });
    // `[s.get(url) for _ in range(100000)]`: the element is computed that many times (code/repeats.ts).
    const turns = fors.reduce((most, f) => {
      const r = named(f).at(-1);
      return Math.max(most, (r && (rangeTurns(this.src(r)) ?? keyspaceOf(this.src(r))?.turns)) ?? 0);
    }, 0);
    // `gather(*(login(s, l) for l in lines))`: the element runs once per line of the list it reads.
    const keys = fors.length === 1 ? keyspaceOf(this.src(named(fors[0]!).at(-1)!)) : undefined;
    const hot = loopRegion(this.src(n), false, turns, iterated[0], keys?.what);
    if (hot !== undefined) {
      let v = UNKNOWN;
      inHotRegion(this.col, hot, undefined, () => (v = this.#elements(body, ifs, unroll, iterated)));
      return v;
    }
    return this.#elements(body, ifs, unroll, iterated);
  }

  /** A comprehension's value: its element per unrolled item, or the element over what is iterated. */
  #elements(
    body: SyntaxNode,
    ifs: readonly SyntaxNode[],
    unroll: { left: SyntaxNode; items: readonly Val[] } | undefined,
    iterated: readonly Val[],
  ): Val {
    if (unroll !== undefined) {
      const { left, items } = unroll;
      const out = items.map((item) => {
        this.bind(left, item);
        for (const c of ifs) this.visit(c);
        return this.visit(body);
      });
      return extend(opaque(out), { items: out });
    }
    for (const c of ifs) this.visit(c);
    // What is iterated decides the result even when the element is a constant chosen by a test
    // (`[y[0] for x in decoded for y in table if x == y[1]]`, a substitution cipher).
    const element = this.visit(body);
    // Iterating the result yields the element (`pool.map(shutil.rmtree, [str(x) for x in d.iterdir()])`).
    return { ...opaque([element, ...iterated]), each: element };
  }

  #for(n: SyntaxNode): Val {
    const kids = n.children;
    const inAt = kids.findIndex((c) => c.type === 'in');
    const forAt = kids.findIndex((c) => c.type === 'for');
    const left = kids[forAt + 1];
    // `async for` awaits each item.
    if (kids[0]?.type === 'async') this.col.markLoop('sleeps');
    const right = kids[inAt + 1];
    const it = right ? this.visit(right) : UNKNOWN;
    const unbounded =
      it.ref === 'itertools.count()' ||
      (it.ref === 'itertools.cycle()' && it.dynamic) ||
      (it.ref === 'itertools.repeat()' && it.items === undefined);
    // Thousands of turns or a password list: requests inside are a flood or guesses (code/repeats.ts).
    const keys = right ? keyspaceOf(this.src(right)) : undefined;
    const turns = right ? (rangeTurns(this.src(right)) ?? keys?.turns) : undefined;
    const hot = loopRegion(this.src(n), unbounded, turns, it, keys?.what);
    // Unrolled only while the body is small: each item walks it again.
    const small = n.end - n.start <= UNROLL_BODY_CHARS;
    const items = left && small ? this.#unrollItems(it, UNROLL_STATEMENT) : undefined;
    if (left && items) {
      // A loop over a literal list runs its body once per item: each item is walked (`for c in cmds`).
      const frame = this.inLoop(
        n,
        unbounded,
        false,
        () => {
          for (const item of items) {
            this.bind(left, item);
            for (const c of n.children) if (c.type === 'block') this.visit(c);
          }
        },
        hot,
      );
      for (const c of n.children) if (c.type === 'else_clause') this.visit(c);
      return this.endLoop(frame);
    }
    return this.#loopBody(
      n,
      unbounded,
      () => {
        // The loop variable is unknown but named (`$name`), so paths built from it stay readable.
        if (left) this.bind(left, this.#element(left, it));
      },
      hot,
    );
  }

  #with(n: SyntaxNode): Val {
    for (const c of n.children) {
      if (c.type === 'with_clause') {
        for (const item of named(c)) {
          const expr = named(item)[0];
          if (!expr) continue;
          if (expr.type === 'as_pattern') {
            const [value, , target] = expr.children;
            const v = value ? this.visit(value) : UNKNOWN;
            if (target) this.bind(target, v);
          } else this.visit(expr);
        }
      } else if (c.type === 'block') this.visit(c);
    }
    return UNKNOWN;
  }

  #function(n: SyntaxNode): Val {
    // A request handler's verb or message method (tornado `post(self, arg)`, `on_message(self, m)`) gets the client's data.
    const name = n.children.find((c) => c.type === 'identifier');
    const route =
      this.#route || (this.#inHandler > 0 && name !== undefined && HANDLER_METHOD.test(this.src(name)));
    this.#route = false;
    const returned = this.captureReturns(() => {
      let body: Val | undefined;
      this.inFunction(() => {
        for (const c of n.children) {
          if (c.type === 'block') this.visit(c);
          else if (n.type === 'lambda' && c.named && c.type !== 'lambda_parameters') body = this.visit(c);
          else if (c.type === 'parameters') this.#params(c, route);
        }
      });
      return body;
    });
    // What the body returns with its parameters unknown: a call that is not walked again gets it
    // (`def collect(): ... return keys` then `post(collect())` keeps the keys' taint; a lambda's body).
    if (returned !== undefined) this.#defReturns.set(n, returned);
    if (n.type === 'function_definition') {
      const name = n.children.find((c) => c.type === 'identifier');
      if (name && returned !== undefined && /^__reduce(?:_ex)?__$/.test(this.src(name)))
        this.reduces.push(returned);
      if (name) this.env.set(this.src(name), { ...UNKNOWN, fn: n });
      if (name && this.#inClass > 0) this.#methods.set(this.src(name), { ...UNKNOWN, fn: n });
    }
    return { ...UNKNOWN, fn: n };
  }

  /**
   * A call of a function defined in this input, walked again with its arguments bound (see
   * CodeWalker.mayInline); its return value, or undefined when it is not walked.
   */
  callFunction(fnVal: Val, args: readonly Val[], kw: ReadonlyMap<string, Val> = new Map()): Val | undefined {
    const fn = fnVal.fn as SyntaxNode;
    // A call that leaves out parameters with defaults (`clean()`) is walked with the defaults.
    if (
      !this.mayInline(fn, [...args, ...kw.values()]) &&
      !this.mayInline(fn, defaultsLeftOut(this, fn, args.length, kw))
    )
      return undefined;
    inlinedBody(this.col, this.src(fn));
    return this.inlined(() =>
      this.captureReturns(() => {
        let result: Val | undefined;
        this.inFunction(() => {
          for (const c of fn.children) {
            if (c.type === 'parameters' || c.type === 'lambda_parameters') this.#bindParams(c, args, kw);
            else if (c.type === 'block') this.visit(c);
            else if (fn.type === 'lambda' && c.named) result = this.visit(c);
          }
        });
        return result;
      }),
    );
  }

  /** Parameters bound to a call's arguments: by position, then by keyword, then the default. */
  #bindParams(n: SyntaxNode, args: readonly Val[], kw: ReadonlyMap<string, Val>): void {
    named(n).forEach((p, i) => {
      const name = p.type === 'identifier' ? p : named(p)[0];
      if (name?.type !== 'identifier') return;
      const id = this.src(name);
      const def =
        p.type === 'default_parameter' || p.type === 'typed_default_parameter' ? named(p).at(-1) : undefined;
      const v = args[i] ?? kw.get(id) ?? (def ? this.visit(def) : holeVal(id));
      // `*a` holds the remaining arguments as a tuple, `**k` the keywords: `f(*a)` spreads them again.
      this.env.set(id, p.type.includes('splat') ? splatParam(p.type, args.slice(i), kw) : v);
    });
  }

  /** Parameters are unknown inside the body; defaults are evaluated for their effects. */
  #params(n: SyntaxNode, route = false): void {
    for (const p of named(n)) {
      const name = p.type === 'identifier' ? p : named(p)[0];
      if (p.type !== 'identifier') for (const d of named(p).slice(1)) this.visit(d);
      if (route && name?.type === 'identifier' && !/^(?:self|cls|request|req)$/.test(this.src(name))) {
        this.env.set(this.src(name), { ...holeVal(this.src(name)), sources: [CLIENT_REQUEST] });
        continue;
      }
      // A view's `request` parameter (Django, DRF, Starlette): what the client sent, read as flask's is.
      if (name?.type === 'identifier' && this.src(name) === 'request') {
        this.env.set('request', VIEW_REQUEST);
        continue;
      }
      // A parameter named like a command-line option receives its value (click, typer; records.ts).
      if (name?.type === 'identifier')
        this.env.set(this.src(name), membersOf(this).option(this.src(name)) ?? holeVal(this.src(name)));
    }
  }

  #call(n: SyntaxNode, chosen?: SyntaxNode): Val {
    const [written, argsNode] = n.children;
    if (!written) return UNKNOWN;
    // `(p.rmdir if p.is_dir() else p.unlink)()`: either method is called, each on its receiver.
    if (chosen === undefined) {
      const branches = calleeBranches(written);
      if (branches.length > 1 || branches[0] !== written)
        return branches.map((b) => this.#call(n, b)).reduce((a, b) => choice(a, b));
    }
    const fnNode = chosen ?? written;
    let recv: Val | undefined;
    let method: string | undefined;
    let name: string | undefined;
    let recvNode: SyntaxNode | undefined;
    let fn: Val | undefined;
    if (fnNode.type === 'attribute') {
      const kids = named(fnNode);
      recvNode = kids[0];
      const attr = kids[kids.length - 1];
      recv = recvNode ? this.visit(recvNode) : UNKNOWN;
      method = attr ? this.src(attr) : undefined;
      if (recv.ref !== undefined && method !== undefined) name = attrRef(recv, method);
      // `f.__call__(x)` is `f(x)` (`getattr(os, 'startfile').__call__(p)`).
      if (method === '__call__' && recv.ref !== undefined && recv.module !== true) name = recv.ref;
      // A function kept as a class attribute (`run = staticmethod(os.system)`): `Runner.run(x)` calls it.
      const member =
        recv.fieldNames !== undefined && method !== undefined ? recv.fields?.get(method) : undefined;
      if (member?.ref !== undefined) name = member.ref;
      // A function stored on an object (`self.f = f` in __init__, then `self.f(x)`; python/callbacks.ts).
      const stored = member === undefined ? storedFunction(this.env.get(this.src(fnNode))) : undefined;
      if (stored !== undefined) {
        fn = stored;
        name = stored.ref;
      }
    } else {
      fn = this.visit(fnNode);
      name = fn.ref;
    }
    const callee = fn ?? recv;
    const call: PyCall = {
      node: n,
      span: this.span(n),
      name: name ?? '',
      method,
      recv,
      recvNode,
      args: [],
      argNodes: [],
      kw: new Map(),
      kwNodes: new Map(),
      splat: false,
      ...(fn !== undefined ? { callee: fn } : {}),
    };
    if (argsNode) {
      if (argsNode.type === 'argument_list') {
        for (const a of named(argsNode)) {
          if (a.type === 'keyword_argument') {
            const [k, v] = named(a);
            if (k && v) {
              call.kw.set(this.src(k), this.visit(v));
              call.kwNodes.set(this.src(k), v);
            }
          } else if (a.type === 'list_splat' || a.type === 'dictionary_splat') {
            const inner = named(a)[0];
            const unpacked = inner ? this.visit(inner) : UNKNOWN;
            // A known list or dict unpacked (`f(*['/x'])`, `f(**{'path': p})`) is its items (r2).
            if (a.type === 'list_splat' && unpacked.items !== undefined && !call.splat) {
              for (const item of unpacked.items) call.args.push(item);
              continue;
            }
            if (a.type === 'dictionary_splat' && unpacked.fields !== undefined) {
              for (const [k, item] of unpacked.fields) call.kw.set(k, item);
              continue;
            }
            const v = opaque([unpacked]);
            call.splat = true;
            call.args.push(v);
            call.argNodes.push(a);
          } else {
            call.args.push(this.visit(a));
            call.argNodes.push(a);
          }
        }
      } else {
        call.args.push(this.visit(argsNode));
        call.argNodes.push(argsNode);
      }
    }
    // `vars(builtins).get('exec')`, `globals().setdefault('eval', f)`: a namespace's dict methods
    // read its members as indexing does.
    // (A module's own function of that name, `requests.get(url)`, stays a call.)
    if (
      recv?.module === true &&
      recv.ref !== undefined &&
      method !== undefined &&
      DICT_READS.has(method) &&
      PY_CALLS.byName(`${recv.ref}.${method}`) === undefined
    ) {
      const key = constText(call.args[0]);
      if (key !== null) return this.#namespaceMember(recv, key, call.span);
    }
    if (callee?.unresolved === true)
      dynamicCall(this.col, call.span, callee, [...call.args, ...call.kw.values()]);
    // os.environ.pop('K') / os.unsetenv: libraries loaded afterwards no longer read it.
    if (/^os\.(?:environ\.(?:pop|popitem|clear)|unsetenv)$/.test(call.name)) this.col.ownEnv.clear();
    if (fn?.returns !== undefined)
      return typeof fn.returns === 'number' ? (call.args[fn.returns] ?? UNKNOWN) : fn.returns;
    // A partial's arguments go first; an own instance called (`R()(cmd)`) runs its class's
    // __call__ (python/callbacks.ts).
    if (fn?.bound !== undefined) call.args.unshift(...fn.bound);
    const called = fn !== undefined ? dunder(this, fn, '__call__', call.args) : undefined;
    if (called !== undefined) return called;
    // A class or record type of this input called: an instance of it (records.ts).
    if (fn?.fieldNames !== undefined) return construct(this, fn, call.args, call.kw);
    if (call.kw.size > 0) recordKeywords(this, call.name, call.kw);
    if (fn?.fn !== undefined) {
      this.ownCallEffects(fn.fn as SyntaxNode);
      // A list handed to an own function that rotates it has an unknown order afterwards (node/rotation.ts).
      for (const [id, v] of rotatedArgs(fn.fn as SyntaxNode, call.argNodes, call.args, (x) => this.src(x)))
        this.env.set(id, v);
      const inlined = this.callFunction(fn, call.args, call.kw);
      // What the body returned, with its own taint (code/own-return.ts).
      if (inlined !== undefined) return inlined;
      const returned = this.#defReturns.get(fn.fn as SyntaxNode);
      if (returned !== undefined) return ownReturnAtDefinition(returned, call.args);
    }
    // A Docker secret given to a client's sign-in is used as meant (code/secret-logins.ts).
    markSecretLogins(this.col, method, call.args, call.kw);
    // Client libraries that do what a CLI does (boto3, redis, ORMs...): the CLI's rules decide.
    if (recv?.sdk !== undefined || maySdk(call.name, method)) {
      const sdk: SdkCall = {
        col: this.col,
        span: call.span,
        via: 'python',
        args: call.args,
        kw: call.kw,
        inTest: () => testTeardown(this.root, this.text, 'python', call.span),
        inDown: () => inMigrationDown(this.root, this.text, call.span),
      };
      const made =
        recv?.sdk !== undefined && method !== undefined
          ? sdkCall(recv, method, sdk)
          : (sdkConstruct(call.name, sdk) ?? sdkQuery(call.name, method, sdk));
      if (made !== undefined) {
        if (method === 'receive_message' || method === 'receive_messages') queueLongPoll(this, call);
        return made;
      }
    }
    // items.append(v) / d.update(v) / s.add(v): the container holds what was put in.
    if (method !== undefined && MUTATORS.has(method) && recvNode?.type === 'identifier') {
      if (method === 'update') {
        // d.update(k=v) / d.update({'k': v}): those keys now hold those values.
        for (const [k, v] of call.kw) this.#store(recvNode, v, k);
        for (const [k, v] of call.args[0]?.fields ?? []) this.#store(recvNode, v, k);
      } else if ((method === 'append' || method === 'add') && call.args.length === 1)
        this.#append(recvNode, call.args[0]!);
      for (const a of call.args) this.#store(recvNode, a);
    }
    // A list reordered in place (`t.append(t.pop(0))`, `d.rotate(1)`): its order is unknown (code/reorder.ts).
    reorderInPlace(this, recvNode, recv, method, call.argNodes);
    // Functions given as arguments are called as the receiving call would (python/callbacks.ts).
    passCallables(this, call, fn);
    const handler = PY_CALLS.find(call.name, method);
    // A method of the input's own classes on an object the walk cannot type: walked with (self, args).
    const own = !handler && method !== undefined ? this.#methods.get(method) : undefined;
    if (own !== undefined) {
      this.ownCallEffects(own.fn as SyntaxNode);
      const inlined = this.callFunction(own, [recv ?? UNKNOWN, ...call.args], call.kw);
      // What the body returned, with its own taint (code/own-return.ts).
      if (inlined !== undefined) return inlined;
    }
    const mark = this.col.facts.length;
    const result = handler?.(this, call);
    // Any client given a host and a password from a password list logs in there (code/repeats.ts).
    const pw = call.kw.get('password') ?? call.kw.get('passwd') ?? call.kw.get('pass');
    if (pw !== undefined)
      listLogin(
        this.col,
        mark,
        call.span,
        call.name,
        call.kw.get('host') ?? call.kw.get('hostname') ?? call.args[0],
        pw,
      );
    // A send on a client no handler models: its data goes to the client's peer (code/unmodelled-sends.ts).
    if (own === undefined && !sentSince(this.col, mark)) unmodelledSend(this.col, call);
    const inputs = call.args.slice();
    if (recv) inputs.push(answerInput(this.col, recv, method, call.args));
    for (const v of call.kw.values()) inputs.push(v);
    // A method read off the client's request (`self.get_body_argument`, `request.get_json`) gives what the client sent.
    if (fn !== undefined && fn.sources.includes(CLIENT_REQUEST)) inputs.push(fn);
    else if (this.#inHandler > 0 && fnNode?.type === 'attribute' && HANDLER_INPUT.test(this.src(fnNode)))
      inputs.push({ ...UNKNOWN, sources: [CLIENT_REQUEST] });
    // A payload pulled out of a picture (steganography) is decoded content (code/hidden-payloads.ts).
    if (revealsHidden(name, inputs)) {
      const base = result ?? extend(opaque(inputs, 'X'), { ref: `${name}()` });
      return { ...base, sources: [...base.sources, HIDDEN_PAYLOAD] };
    }
    if (result !== undefined) return result;
    const out = opaque(inputs, 'X');
    // What a function of this input computes is generated text (a decrypt-then-exec routine).
    if (fn?.fn !== undefined) return extend(out, { generated: true });
    if (callee?.unresolved === true) return extend(out, { unresolved: true });
    return name !== undefined ? extend(out, { ref: `${name}()` }) : out;
  }
}

/** The text of a plain string literal (`'Authorization'`), or null. */
function literalKey(n: SyntaxNode | undefined, src: (n: SyntaxNode) => string): string | null {
  if (n?.type !== 'string') return null;
  return /^(['"])([\w.-]{1,64})\1$/.exec(src(n))?.[2] ?? null;
}

/** `'%s and %d' % (a, b)`: substitutes known arguments in order. */
function percentFormat(fmt: Val, args: Val): Val {
  const list = args.items ?? [args];
  let i = 0;
  const pieces: Val[] = [];
  for (const part of fmt.parts ?? []) {
    if (typeof part !== 'string') {
      pieces.push({ ...UNKNOWN, parts: [part] });
      continue;
    }
    let last = 0;
    part.replace(
      /%(?:\(([^)]*)\))?[-+ #0]*\d*(?:\.\d+)?[sdirfx%]/g,
      (m, key: string | undefined, offset: number) => {
        pieces.push(strVal(part.slice(last, offset)));
        // `%(name)s` takes from a mapping; a number prints its digits (`'%d.%d' % (169, 254)`).
        const v = key !== undefined ? args.fields?.get(key) : m === '%%' ? undefined : list[i++];
        if (m === '%%') pieces.push(strVal('%'));
        else
          pieces.push(
            v === undefined
              ? holeVal('X')
              : v.num !== undefined && v.ref === undefined
                ? strVal(String(v.num))
                : v,
          );
        last = offset + m.length;
        return m;
      },
    );
    pieces.push(strVal(part.slice(last)));
  }
  return withTaint(concat(pieces), fmt);
}

/** Methods that put their argument into the receiver. */
const MUTATORS: ReadonlySet<string> = new Set([
  'append',
  'extend',
  'insert',
  'update',
  'add',
  'setdefault',
  'appendleft',
  // An email message's body and attachments (then sent with smtplib's send_message).
  'set_content',
  'add_attachment',
  'add_alternative',
  'attach',
  'set_payload',
]);

/** Base classes whose methods serve a network client (`self.path` is what the client asked for). */
const REQUEST_HANDLER =
  /(?:Request|WebSocket|Websocket|Stream|Datagram)Handler\b|\bBaseHandler\b|\basyncio\.(?:Buffered)?Protocol\b|\b(?:Line|Int\d+String)?Receiver\b|WebsocketConsumer\b/;
/** What a handler's own members give of the request (`self.path`, tornado `self.get_body_argument`, `self.request.body`). */
/** What a flask/django/fastapi view reads from its request, written where `request` is bound nowhere. */
/** A function's parameter named `request`: a view's request object (its fields are client data). */
const VIEW_REQUEST: Val = holeVal('request');
const FRAGMENT_REQUEST =
  /^request\.(?:args|form|values|json|data|files|headers|cookies|GET|POST|body|META|query_params|get_json)$/;
const HANDLER_INPUT =
  /^self\.(?:path|rfile|headers|requestline|request|body|get_(?:\w+_)?arguments?|path_args|path_kwargs|get_(?:secure_)?cookie)$/;
/** Methods a server calls with what the client sent (HTTP verbs of a handler class, a socket's messages). */
const HANDLER_METHOD =
  /^(?:get|post|put|patch|delete|head|options|on_message|data_received|datagram_received|lineReceived|dataReceived|stringReceived|receive|websocket_receive)$/;
/** A web framework's route decorator (flask, fastapi, bottle, quart, sanic, aiohttp's RouteTableDef). */
const ROUTE_DECORATOR =
  /^@\s*[\w.]+\.(?:route|get|post|put|patch|delete|api_route|websocket|view_functions|add_route)\s*\(/;

/**
 * A chat bot's message or command handler (discord.py `@client.event` on_message, `@bot.command()`,
 * aiogram, pyTelegramBotAPI, slack_bolt, telethon): its parameters are what a chat user sent (R20).
 */
const BOT_DECORATOR =
  /^@\s*[\w.]+\.(?:message_handler|message|edited_message|channel_post_handler|edited_message_handler)\s*\(|^@\s*[\w.]+\.on\s*\(\s*events\.(?:NewMessage|MessageEdited)\b/;

/** A chat command: slack_bolt's `@app.command("/x")`, or discord's `async def x(ctx, ...)` (not click or typer). */
const BOT_COMMAND = /^@\s*[\w.]+\.(?:command|hybrid_command|slash_command)\s*\(/;

function botHandler(decorator: string, def: string): boolean {
  if (BOT_DECORATOR.test(decorator)) return true;
  if (BOT_COMMAND.test(decorator))
    return (
      /\(\s*(?:name\s*=\s*)?["']\//.test(decorator) ||
      /\basync\s+def\s+\w+\s*\(\s*(?:ctx|interaction|inter)\b/.test(def)
    );
  // `@client.event` names the event by the function: a message (or its edit) carries the user's text.
  return /^@\s*[\w.]+\.event\s*$/.test(decorator) && /\bdef\s+on_(?:message|message_edit)\s*\(/.test(def);
}

/** Unqualified names that snippets use without importing them. */
const ALIASES: Readonly<Record<string, string>> = {
  Path: 'pathlib.Path',
  PosixPath: 'pathlib.Path',
  PurePath: 'pathlib.Path',
  urlopen: 'urllib.request.urlopen',
  Popen: 'subprocess.Popen',
  b64decode: 'base64.b64decode',
  check_output: 'subprocess.check_output',
  rmtree: 'shutil.rmtree',
};

/** Names that are assignment targets more than once, or declared `global`/`nonlocal`, in the input. */
function reassignedNames(root: SyntaxNode, text: string): Set<string> {
  const counts = new Map<string, number>();
  const out = new Set<string>();
  const count = (name: string, times = 1): void => {
    const k = (counts.get(name) ?? 0) + times;
    counts.set(name, k);
    if (k > 1) out.add(name);
  };
  const targets = (t: SyntaxNode, times: number): void => {
    if (t.type === 'identifier') count(text.slice(t.start, t.end), times);
    else if (t.type !== 'attribute' && t.type !== 'subscript') for (const c of named(t)) targets(c, times);
  };
  const stack = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.type === 'assignment' || n.type === 'named_expression' || n.type === 'for_statement') {
      const t = n.type === 'for_statement' ? n.children.find((c, i) => i > 0 && c.named) : n.children[0];
      if (t) targets(t, 1);
    } else if (n.type === 'augmented_assignment') {
      const t = n.children[0];
      if (t) targets(t, 2);
    } else if (n.type === 'parameters' || n.type === 'lambda_parameters') {
      // A parameter is bound once per call: any assignment in the body makes it change.
      for (const p of named(n)) targets(p.type === 'identifier' ? p : (named(p)[0] ?? p), 1);
    } else if (n.type === 'global_statement' || n.type === 'nonlocal_statement') {
      for (const c of named(n)) count(text.slice(c.start, c.end), 2);
    }
    for (const c of n.children) if (c.children.length > 0 || c.type === 'identifier') stack.push(c);
  }
  return out;
}

export const pythonExtractor = codeExtractor('python', PyWalker);

/** The callees a parenthesised choice of functions may be (`(a.f if c else a.g)`), at most two levels deep. */
function calleeBranches(n: SyntaxNode, depth = 0): SyntaxNode[] {
  if (depth > 2) return [n];
  if (n.type === 'parenthesized_expression') {
    const inner = named(n);
    return inner.length === 1 ? calleeBranches(inner[0]!, depth + 1) : [n];
  }
  if (n.type === 'conditional_expression') {
    const [a, , b] = named(n);
    return a && b ? [...calleeBranches(a, depth + 1), ...calleeBranches(b, depth + 1)] : [n];
  }
  return [n];
}
