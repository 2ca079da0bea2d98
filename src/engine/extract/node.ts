/**
 * The node extractor: one walk over the tree-sitter-javascript tree (TypeScript is parsed as
 * JavaScript; type syntax it rejects becomes UnparsedFacts), folding string constants, resolving
 * `require`/`import` aliases and turning the calls in node/calls.ts into facts.
 */
import { sweepLine } from './code/address-sweep.js';
import { markSecretLogins } from './code/secret-logins.js';
import { markSettingReads, settingCallback } from './code/setting-reads.js';
import { preloadVar } from './code/preload.js';
import { extend } from '../extend.js';
import type { SyntaxNode } from '../parse/index.js';
import { envVal } from './code/calls.js';
import { conditionMayChange, named } from './code/syntax.js';
import { codeFlows, dynamicCall } from './code/effects.js';
import { servedRequest } from './node/routes.js';
import { clientCredentialCall, clientCredentialMember } from './code/client-credentials.js';
import { CLIENT, graphqlText, requestParam, resolverArgs } from './node/handler-params.js';
import { hiddenResult, ownReturnAtDefinition } from './code/own-return.js';
import { testTeardown } from './code/test-scope.js';
import { inMigrationDown } from './code/migration-scope.js';
import { maySdk, sdkCall, sdkConstruct, sdkMember, sdkQuery, type SdkCall } from './code/sdk.js';
import { answerInput, sentSince, unmodelledSend } from './code/unmodelled-sends.js';
import { unescape } from './code/strings.js';
import {
  concat,
  constText,
  holeVal,
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
import { anyTag, canonicalModule, isNamespace, JS_CALLS, type JsCall } from './node/calls.js';
import { interopModule } from './node/interop.js';
import {
  arrayTargets,
  classDeclaration,
  defaultsLeftOut,
  memberHeld,
  memberOrDefault,
  spreadItems,
} from './node/records.js';
import {
  heldFunction,
  moduleAsObject,
  passCallables,
  proxyApply,
  proxyGet,
  runtimeMember,
  searched,
} from './node/callbacks.js';
// After node/callbacks.js: its handlers are the ones node/carry.ts falls back to.
import './node/carry.js';
import './node/teardown.js';
import { getterValue } from './node/accessors.js';
import './node/walks.js';
import { taggedArgs } from './node/tagged.js';
import { assignField } from './node/fields.js';
import './node/loads.js';
import './node/isomorphic-git.js';
import './node/trackers.js';
import './node/listeners.js';
import './node/load-tests.js';
import { pageAssign, pageGlobal, pageMember } from './node/page.js';
import './node/prompt.js';
import { heldAt } from './code/carry.js';
import { isFunctionConstructorOf, paramPrelude } from './node/code-strings.js';
import { reorderInPlace, rotatedArgs } from './code/reorder.js';
import { withParam } from './code/request-auth.js';
import { HIDDEN_PAYLOAD, revealsHidden } from './code/hidden-payloads.js';
import {
  FAST_TIMER_MS,
  boundTurns,
  awaited,
  inHotRegion,
  inlinedBody,
  loopRegion,
  wholeNumber,
  type HotRegion,
  listLogin,
} from './code/repeats.js';
import { hiddenEnumeration, hiddenName } from './code/hidden-names.js';
import { escapedRun, unreadableCode } from './code/unreadable-code.js';
import { rotatesStringTable } from './node/obfuscator.js';
import { coercedCallee } from './node/coerced-callee.js';

/** The repeating timer, however reached. */
/** Text that starts with a URL scheme (`file:///tmp/m.mjs`, `https://host/`). */
const URL_TEXT = /^[a-z][a-z0-9+.-]*:\/\//i;
const FAST_TIMER_CALLEE = /^(?:(?:global(?:This)?|window|timers)\.)?setInterval$/;
const FUNCTION_TYPES = new Set([
  'arrow_function',
  'function_expression',
  'function',
  'function_declaration',
  'generator_function',
  'generator_function_declaration',
  'method_definition',
]);

export class JsWalker extends CodeWalker {
  /** Names assigned more than once in the input (a loop condition over them can change). */
  #reassigned: Set<string> | undefined;
  /** Loop-body walks spent unrolling loops over literal lists (UNROLL_BUDGET). */
  #unrolled = 0;
  /** The `const name = value` being walked: callbacks inside value may use name (a socket). */
  #declaring: { readonly name: SyntaxNode; readonly value: SyntaxNode } | undefined;
  /** Methods of the input's own classes, by name (`new Svc().run(x)` walks `run` with x). */
  readonly methods = new Map<string, Val>();
  /** Where the list a `for...of` goes through whole starts, while it is walked (node/callbacks.ts). */
  iterated: number | undefined;
  /** The module whose member names that list holds, set by the listing (node/callbacks.ts). */
  iteratedModule: string | undefined;
  /** The loop name going through every member name of a module, while the loop's body is walked. */
  #everyName: { readonly mod: string; readonly name: string } | undefined;
  /** Where the callee being walked starts: `cp[k](...)` calls the member it reads. */
  #callee: number | undefined;

  protected node(n: SyntaxNode): Val {
    switch (n.type) {
      case 'string':
        return this.#string(n);
      case 'template_string':
        return this.#template(n, false);
      case 'number':
        return numberLiteral(this.src(n));
      case 'true':
        return { ...UNKNOWN, dynamic: false, bool: true };
      case 'false':
      case 'null':
      case 'undefined':
        return { ...UNKNOWN, dynamic: false, bool: false };
      case 'identifier':
        return this.#name(this.src(n));
      case 'member_expression':
        return this.#member(n);
      case 'subscript_expression':
        return this.#subscript(n);
      case 'call_expression': {
        const timer = this.#fastTimer(n);
        if (timer === undefined) return this.#call(n, false);
        let v = UNKNOWN;
        inHotRegion(this.col, timer, undefined, () => (v = this.#call(n, false)));
        return v;
      }
      case 'new_expression':
        return this.#call(n, true);
      case 'await_expression':
        return awaited(this.col, () => this.inner(n));
      case 'parenthesized_expression':
      case 'expression_statement':
        return this.inner(n);
      case 'array': {
        // `[...new Set(xs)]`: a known array spread in place is its items.
        const items = named(n).flatMap((c) =>
          c.type === 'spread_element' ? spreadItems(this, c) : [this.visit(c)],
        );
        return extend(opaque(items), { items });
      }
      case 'object':
        return this.#object(n);
      case 'binary_expression':
        return this.binary(n);
      case 'unary_expression': {
        const [op, arg] = n.children;
        const v = arg ? this.visit(arg) : UNKNOWN;
        if (op?.type === '!') {
          const t = truthy(v);
          return t === undefined ? opaque([v]) : { ...UNKNOWN, dynamic: false, bool: !t };
        }
        if (op?.type === '-' && v.num !== undefined) return { ...v, num: -v.num };
        // delete process.env.K: libraries loaded afterwards no longer read K.
        if (op?.type === 'delete' && arg !== undefined && /^process\.env\b/.test(this.src(arg)))
          this.col.ownEnv.clear();
        return opaque([v]);
      }
      case 'ternary_expression': {
        const [, a, b] = named(n).map((c) => this.visit(c));
        if (!a || !b) return UNKNOWN;
        return choice(a, b);
      }
      case 'sequence_expression': {
        let last = UNKNOWN;
        for (const c of named(n)) last = this.visit(c);
        return last;
      }
      case 'spread_element':
        return opaque(named(n).map((c) => this.visit(c)));
      case 'assignment_expression': {
        // A comment beside the `=` (a bundler's `/*#__PURE__*/`) is no operand.
        const [left, , right] = n.children.filter((c) => c.type !== 'comment');
        if (!left || !right) return this.generic(n);
        const v = this.visit(right);
        this.bind(left, v);
        return v;
      }
      case 'augmented_assignment_expression':
        return this.augAssign(n);
      case 'variable_declarator': {
        const [name, , value] = n.children.filter((c) => c.type !== 'comment');
        if (name && value) {
          const outer = this.#declaring;
          this.#declaring = name.type === 'identifier' ? { name, value } : undefined;
          const v = this.visit(value);
          this.#declaring = outer;
          this.bind(name, v);
        } else if (name?.type === 'identifier') this.env.set(this.src(name), holeVal(this.src(name)));
        return UNKNOWN;
      }
      case 'import_statement':
        this.#import(n);
        return UNKNOWN;
      case 'while_statement':
      case 'do_statement':
        return this.#while(n);
      case 'for_statement':
      case 'for_in_statement': {
        // A loop connecting to an address built per turn from a block's octets: a hand-written port scan (code/address-sweep.ts).
        const mark = this.col.facts.length;
        const out = n.type === 'for_statement' ? this.#for(n) : this.#forIn(n);
        const line = sweepLine('', this.text, this.col.facts, mark);
        if (line !== undefined) this.col.nested(line, 'bash', this.span(n), 'node');
        return out;
      }
      case 'switch_statement':
        // `break` inside a switch leaves the switch, not the loop around it.
        return this.endLoop(this.inLoop(n, false, false, () => this.generic(n)));
      case 'break_statement':
        this.col.markLoop(named(n).length > 0 ? 'exit' : 'break');
        return UNKNOWN;
      case 'yield_expression': {
        // A generator's loop hands control back at every yield: its consumer decides when to stop.
        this.col.markLoop('exit');
        const value = named(n)[0];
        if (value)
          this.yielded(
            this.visit(value),
            n.children.some((c) => c.type === '*'),
          );
        return UNKNOWN;
      }
      case 'return_statement':
      case 'throw_statement':
        return this.exit(n);
      case 'ERROR':
        return this.unparsed(n);
      case 'comment':
      case 'hash_bang_line':
      case 'regex':
      case 'empty_statement':
      case 'continue_statement':
        return UNKNOWN;
      default:
        if (n.type === 'method_definition') {
          const name = n.children.find((c) => c.type === 'property_identifier');
          const v = this.fn(n, undefined);
          if (name) this.methods.set(this.src(name), v);
          return v;
        }
        if (n.type === 'class_declaration' || n.type === 'class') return classDeclaration(this, n);
        if (FUNCTION_TYPES.has(n.type)) return this.fn(n, undefined);
        return this.generic(n);
    }
  }

  #name(name: string): Val {
    const bound = this.env.get(name);
    if (bound !== undefined) return bound;
    // A module's folder: one level inside the workspace in the usual case (scripts/build.js), so
    // `join(__dirname, '..', 'dist')` is the workspace's dist and one more `..` leaves it.
    if (name === '__dirname') return strVal('./__script_dir__');
    if (name === '__filename') return strVal('./__script_dir__/$__filename');
    if (name === 'undefined' || name === 'NaN') return { ...UNKNOWN, dynamic: false, bool: false };
    // Unbound names are globals or modules a snippet uses without requiring them (fs, path, fetch).
    const ref = Object.hasOwn(UNBOUND, name) ? UNBOUND[name]! : canonicalModule(name);
    return pageGlobal(ref, name) ?? refVal(ref, name);
  }

  /** A quoted string (a leaf in the copied tree): the text between the quotes, escapes resolved. */
  #string(n: SyntaxNode): Val {
    const raw = this.text.slice(n.start + 1, n.end - 1);
    const s = unescape(raw, true);
    const v = strVal(s, this.col.literal(s, n.start, n.end));
    // A run of character-code escapes is hidden text (code/unreadable-code.ts).
    return escapedRun(raw) ? extend(v, { generated: true }) : v;
  }

  /** A template literal; `params` renders substitutions as `$1, $2...` (SQL tagged templates). */
  #template(n: SyntaxNode, params: boolean): Val {
    const parts: Part[] = [];
    let dynamic = false;
    let sources = UNKNOWN.sources;
    let lits = UNKNOWN.lits;
    let index = 0;
    for (const c of n.children) {
      if (c.type === 'string_fragment') pushText(parts, this.src(c));
      else if (c.type === 'escape_sequence') pushText(parts, unescape(this.src(c), true));
      else if (c.type === 'template_substitution') {
        const expr = named(c)[0];
        const v = expr ? this.visit(expr) : UNKNOWN;
        index++;
        if (params) pushText(parts, `$${index}`);
        else if (!spliceParts(parts, v))
          parts.push({ hole: expr && /^[\w.]+$/.test(this.src(expr)) ? this.src(expr) : 'X' });
        dynamic ||= !params && (v.dynamic || v.parts === null);
        sources = mergeSources(sources, v.sources);
        lits = mergeLits(lits, v.lits);
      }
    }
    if (parts.length === 0) parts.push('');
    const text = parts.map((p) => (typeof p === 'string' ? p : `\${${p.hole}}`)).join('');
    return { parts, dynamic, sources, lits: mergeLits(lits, this.col.literal(text, n.start, n.end)) };
  }

  /** `obj.prop`: a qualified name when obj names something, else the object's taint. */
  member(base: Val, prop: string, dotted: string): Val {
    // A credential of a server's client (code/client-credentials.ts).
    return clientCredentialMember(base, prop, this.#memberOf(base, prop, dotted));
  }

  #memberOf(base: Val, prop: string, dotted: string): Val {
    // A Proxy's get trap answers every read (node/callbacks.ts).
    const trapped = proxyGet(this, base, prop);
    if (trapped !== undefined) return trapped;
    if (base.fields?.has(prop)) return base.fields.get(prop)!;
    // A function's (or its prototype's) constructor is Function (`noop.constructor`, r3).
    if (isFunctionConstructorOf(base, prop)) return refVal('Function', dotted);
    if (base.sdk !== undefined) {
      const m = sdkMember(base, prop);
      if (m !== undefined) return m;
    }
    if (base.items !== undefined && /^\d+$/.test(prop) && base.items[Number(prop)] !== undefined)
      return base.items[Number(prop)]!;
    const ref = base.ref !== undefined ? canonicalModule(`${base.ref}.${prop}`) : undefined;
    if (ref === 'module' || ref === 'require') return extend(refVal(ref, dotted), { module: true });
    if (ref === 'process.env') return { ...refVal(ref, dotted), sources: [{ kind: 'env' }] };
    if (base.ref === 'process.env') {
      this.col.envReads.add(prop);
      return envVal(prop);
    }
    // What a browser page holds for its user (node/page.ts).
    const page = (ref !== undefined ? pageGlobal(ref, dotted) : undefined) ?? pageMember(base, prop, dotted);
    if (page !== undefined) return page;
    if (ref === 'process.execPath' || ref === 'process.argv0')
      return { ...refVal(ref, dotted), parts: ['node'], dynamic: false };
    // A URL is held as its text, so its `.href` is that text (`import(pathToFileURL(p).href)`).
    const head = base.parts?.[0];
    if (prop === 'href' && base.ref === undefined && typeof head === 'string' && URL_TEXT.test(head))
      return base;
    // A path/os constant, or what the input stored under that member name (node/records.ts).
    const held = memberHeld(this, base, prop, ref);
    if (held !== undefined) return held;
    return {
      parts: [{ hole: dotted }],
      dynamic: true,
      sources: base.sources,
      lits: base.lits,
      ...(ref !== undefined ? { ref } : {}),
      ...(base.peer ? { peer: base.peer } : {}),
      ...(base.file ? { file: base.file } : {}),
      ...(base.unresolved ? { unresolved: true } : {}),
      ...(base.generated ? { generated: true } : {}),
    };
  }

  #member(n: SyntaxNode): Val {
    const kids = named(n).filter((c) => c.type !== 'optional_chain');
    const obj = kids[0];
    const prop = kids[kids.length - 1];
    if (!obj || !prop) return UNKNOWN;
    const dotted = this.src(n);
    const bound = this.env.get(dotted);
    if (bound !== undefined) return bound;
    // Any value's `.constructor.constructor` is the Function constructor (`this.constructor.constructor('return process')`).
    if (
      this.src(prop) === 'constructor' &&
      obj.type === 'member_expression' &&
      (/\.\s*constructor$/.test(this.src(obj)) || FUNCTION_MEMBER.test(this.src(obj)))
    ) {
      this.visit(obj);
      return refVal('Function', dotted);
    }
    return this.member(this.visit(obj), this.src(prop), dotted);
  }

  #subscript(n: SyntaxNode): Val {
    const kids = named(n).filter((c) => c.type !== 'optional_chain');
    const base = kids[0] ? this.visit(kids[0]) : UNKNOWN;
    const index = kids[1] ? this.visit(kids[1]) : UNKNOWN;
    const key = constText(index);
    if (key !== null) {
      // `cp['sp' + 'awn']`, `os[atob(x)]`: a module's member named by data (code/hidden-names.ts).
      // Reading each member in a loop over all its names (a bundler's copy) names none, unless called.
      if (base.ref !== undefined && base.fields === undefined && !this.#copiedMember(n, base, kids[1]))
        hiddenName(this.col, this.span(n), canonicalModule(`${base.ref}.${key}`), 'a computed key');
      return this.member(base, key, this.src(n));
    }
    if (base.ref === 'process.env') return envVal(null);
    // `globalThis[k]`, `cp[k]`: a member of a module or the global object chosen at run time.
    // child_process's is, at worst, its shell runner (node/callbacks.ts).
    if (isNamespace(base)) {
      // A member called by a loop's name over every name the walk does not know (`https[k](...)`).
      if (
        base.ref !== undefined &&
        this.#everyName?.mod === base.ref &&
        !this.#copiedMember(n, base, kids[1])
      )
        hiddenEnumeration(this.col, this.span(n), base.ref, 'a loop over its member names');
      return runtimeMember(base, index) ?? extend(opaque([base, index]), { unresolved: true });
    }
    if (index.num !== undefined && base.items?.[index.num] !== undefined) return base.items[index.num]!;
    // A key the walk cannot know, into a known object or Map: its riskiest value; a known index into
    // known text: that character (code/carry.ts). Arrays stay unknown: an obfuscator's string table
    // read by a computed index names modules too.
    const carried = base.items === undefined ? heldAt(base, null, index.num) : undefined;
    if (carried !== undefined) return carried;
    return { ...opaque([base]), parts: [{ hole: 'X' }] };
  }

  #object(n: SyntaxNode): Val {
    const fields = new Map<string, Val>();
    const vals: Val[] = [];
    for (const c of named(n)) {
      if (c.type === 'pair') {
        const [k, , v] = c.children;
        const val = v ? this.visit(v) : UNKNOWN;
        const key = !k
          ? null
          : k.type === 'property_identifier' || k.type === 'number'
            ? this.src(k)
            : k.type === 'string'
              ? constText(this.visit(k))
              : null;
        if (key !== null) fields.set(key, val);
        vals.push(val);
      } else if (c.type === 'shorthand_property_identifier') {
        const val = this.#name(this.src(c));
        fields.set(this.src(c), val);
        vals.push(val);
      } else if (c.type === 'method_definition') {
        // `{ get(t, k) { ... } }`: the method is the member's value (a Proxy's traps).
        const val = this.visit(c);
        const name = c.children.find((k) => k.type === 'property_identifier');
        // `{ get root() { ... } }`: reading the member is what the getter returns (node/accessors.ts).
        const got = getterValue(this, c);
        if (got !== undefined) fields.set(got[0], got[1]);
        else if (name) fields.set(this.src(name), val);
        vals.push(val);
      } else if (c.type === 'spread_element') {
        // `{ ...base }` copies base's known fields (code/carry.ts).
        const val = this.visit(named(c)[0] ?? c);
        if (val.ref === undefined) for (const [k, f] of val.fields ?? []) fields.set(k, f);
        vals.push(val);
      } else vals.push(this.visit(c));
    }
    return extend(opaque(vals), { fields });
  }

  /** `a <o> b` beyond integer arithmetic: string concatenation, `||` and `??`. */
  protected combine(o: string, a: Val, b: Val): Val {
    if (o === '+' && (a.parts !== null || b.parts !== null)) {
      const str = (v: Val): Val => (v.num !== undefined ? strVal(String(v.num)) : v);
      return concat([str(a), str(b)]);
    }
    if (o === '||' || o === '??') return either(a, b);
    // XOR with a side the walk cannot know: a key applied to data, a decoder (issue 22, fail closed).
    if (o === '^') return extend(opaque([a, b]), { generated: true });
    return opaque([a, b]);
  }

  /** Binds a declaration or assignment target: names, member paths, object and array patterns. */
  bind(target: SyntaxNode, v: Val): void {
    switch (target.type) {
      case 'identifier':
        this.env.set(this.src(target), v);
        return;
      case 'member_expression': {
        this.#setUrlPart(target, v);
        this.env.set(this.src(target), v);
        // process.env.LD_PRELOAD = lib: every program started later loads lib.
        const envName = /^process\.env\.(\w+)$/.exec(this.src(target))?.[1];
        if (envName !== undefined) preloadVar(this.col, this.span(target), envName, v, 'process.env');
        // `pkg.scripts = {...}`: the object held by `pkg` has that member (node/fields.ts).
        assignField(this, target, v);
        // `img.src = url`, `location.href = url`: the page requests url (node/page.ts).
        pageAssign(this, target, v);
        // o.k = v: `o` as a whole (JSON.stringify(o)) carries v's taint too.
        const base = named(target)[0];
        if (base) this.store(base, v);
        return;
      }
      case 'object_pattern':
        for (const p of named(target)) {
          if (p.type === 'shorthand_property_identifier_pattern') {
            const name = this.src(p);
            this.env.set(name, this.member(v, name, name));
          } else if (p.type === 'pair_pattern') {
            const [k, , value] = p.children;
            if (k && value) {
              const key =
                k.type === 'computed_property_name'
                  ? constText(this.visit(named(k)[0] ?? k))
                  : k.type === 'string'
                    ? constText(this.#string(k))
                    : this.src(k);
              this.bind(
                value,
                key !== null
                  ? this.member(v, key, this.src(value))
                  : extend(opaque([v]), { unresolved: true }),
              );
            }
          } else if (p.type === 'object_assignment_pattern') {
            const [left, def] = named(p);
            // `{ cmd = 'x' } = o`: the member, or the default when the member is not known.
            const got = left ? this.member(v, this.src(left), this.src(left)) : undefined;
            const held = got && def ? memberOrDefault(got, this.visit(def)) : got;
            if (left?.type === 'shorthand_property_identifier_pattern') this.env.set(this.src(left), held!);
            else if (left) this.bind(left, held!);
          } else if (p.type === 'rest_pattern') {
            const [name] = named(p);
            if (name) this.bind(name, opaque([v]));
          }
        }
        return;
      case 'array_pattern':
        // Holes count (`const [, t] = list` binds t to item 1).
        for (const [t, i] of arrayTargets(target)) this.bind(t, v.items?.[i] ?? opaque([v]));
        return;
      case 'assignment_pattern': {
        const [left, , def] = target.children;
        if (left) this.bind(left, def ? memberOrDefault(v, this.visit(def)) : v);
        return;
      }
      case 'subscript_expression': {
        // obj[k] = v: the object now holds v's taint.
        this.visit(target);
        const base = named(target)[0];
        if (base?.type === 'identifier') this.store(base, v);
        else if (base !== undefined) this.#defaultHeader(base, named(target)[1], v);
        return;
      }
      default:
        this.visit(target);
    }
  }

  /**
   * `client.defaults.headers.common['X'] = v` (axios, an instance): a standing header sent with each
   * of the client's requests, kept in the client's `headers` field as axios.create's are.
   */
  #defaultHeader(base: SyntaxNode, key: SyntaxNode | undefined, v: Val): void {
    const m = /^([A-Za-z_$][\w$]*)\.defaults\.headers(?:\.\w+)?$/.exec(this.src(base));
    const k = key === undefined ? null : constText(this.visit(key));
    const client = m === null ? undefined : this.env.get(m[1]!);
    if (m === null || k === null || client === undefined) return;
    const held = new Map(client.fields?.get('headers')?.fields ?? []).set(k, v);
    const fields = new Map(client.fields ?? []).set('headers', {
      ...opaque([...held.values()]),
      fields: held,
    });
    this.env.set(m[1]!, { ...client, fields });
  }

  /** `u.hostname = h` on a known URL: the URL now has that host (`new URL(x)` then hostname = metadata). */
  #setUrlPart(target: SyntaxNode, v: Val): void {
    const [base, prop] = [named(target)[0], named(target).at(-1)];
    if (base?.type !== 'identifier' || !prop) return;
    const part = this.src(prop);
    if (!URL_PARTS.has(part)) return;
    const old = this.env.get(this.src(base));
    const text = constText(old);
    const value = constText(v);
    if (!old || text === null || value === null || !/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return;
    try {
      const u = new URL(text);
      if (part === 'hostname') u.hostname = value;
      else if (part === 'host') u.host = value;
      else if (part === 'port') u.port = value;
      else if (part === 'protocol') u.protocol = value;
      else if (part === 'pathname') u.pathname = value;
      else u.href = value;
      this.env.set(this.src(base), { ...withTaint(old, v), parts: [u.href] });
    } catch {
      // An invalid part leaves the URL as it was, as the URL setters do.
    }
  }

  /** `u.searchParams.set(k, v)` on a known URL: the URL's query has that parameter (code/request-auth.ts). */
  #setParam(recvNode: SyntaxNode, method: string, args: readonly Val[]): void {
    const [base, prop] = [named(recvNode)[0], named(recvNode).at(-1)];
    if (recvNode.type !== 'member_expression' || base?.type !== 'identifier' || !prop) return;
    if (this.src(prop) !== 'searchParams' || (method !== 'set' && method !== 'append')) return;
    const old = this.env.get(this.src(base));
    const next = old === undefined ? undefined : withParam(old, args[0], args[1]);
    if (next !== undefined) this.env.set(this.src(base), next);
  }

  /** A value put into the container named by `base` (`o[k] = v`, `arr.push(v)`, `form.append(k, v)`): its taint goes with it. */
  store(base: SyntaxNode, v: Val): void {
    // `u.searchParams.set(k, v)` / `o.list.push(v)`: the object at the chain's root holds it too (r6).
    while (base.type === 'member_expression' && named(base)[0] !== undefined) base = named(base)[0]!;
    if (v.sources.length === 0 || base.type !== 'identifier') return;
    const name = this.src(base);
    const old = this.env.get(name);
    if (old !== undefined) this.env.set(name, withTaint(old, v));
  }

  #import(n: SyntaxNode): void {
    const source = n.children.find((c) => c.type === 'string');
    if (!source) return;
    const mod = canonicalModule(constText(this.#string(source)) ?? '');
    if (mod !== '') this.col.imports.add(mod);
    const clause = n.children.find((c) => c.type === 'import_clause');
    if (!clause) return;
    for (const c of named(clause)) {
      if (c.type === 'identifier') this.env.set(this.src(c), refVal(mod, this.src(c)));
      else if (c.type === 'namespace_import') {
        const id = named(c)[0];
        if (id) this.env.set(this.src(id), refVal(mod, this.src(id)));
      } else if (c.type === 'named_imports') {
        for (const spec of named(c)) {
          const [name, alias] = named(spec);
          if (!name) continue;
          const imported = this.src(name).replace(/^['"]|['"]$/g, '');
          const local = alias ? this.src(alias) : imported;
          this.env.set(
            local,
            refVal(imported === 'default' ? mod : canonicalModule(`${mod}.${imported}`), local),
          );
        }
      }
    }
  }

  /** Items worth unrolling a for-of (or for-in over an object literal's keys) over, within the budget. */
  #unrollItems(n: SyntaxNode, it: Val, keys: boolean): readonly Val[] | undefined {
    const items = keys
      ? it.fields !== undefined && it.ref === undefined
        ? [...it.fields.keys()].map((k) => strVal(k))
        : undefined
      : it.items;
    if (items === undefined || items.length === 0 || items.length > UNROLL_STATEMENT) return undefined;
    if (n.end - n.start > UNROLL_BODY_CHARS || this.#unrolled + items.length > UNROLL_BUDGET)
      return undefined;
    this.#unrolled += items.length;
    return items;
  }

  #loopBody(
    n: SyntaxNode,
    unbounded: boolean,
    body: readonly SyntaxNode[],
    sleeps = false,
    hot: HotRegion | undefined = unbounded ? loopRegion(this.src(n), true, undefined, undefined) : undefined,
  ): Val {
    return this.endLoop(
      this.inLoop(
        n,
        unbounded,
        sleeps,
        () => {
          for (const b of body) this.visit(b);
        },
        hot,
      ),
    );
  }

  #while(n: SyntaxNode): Val {
    const cond = n.children.find((c) => c.type === 'parenthesized_expression');
    const c = cond ? this.visit(cond) : UNKNOWN;
    const body = named(n).filter((c2) => c2 !== cond);
    // `while (n) n--;` is bounded by the assignment to n.
    return this.#loopBody(n, truthy(c) === true && cond !== undefined && !this.#changes(cond), body);
  }

  /** The condition reads a name the input assigns more than once, or calls something. */
  #changes(cond: SyntaxNode): boolean {
    return conditionMayChange(
      cond,
      this.text,
      'call_expression',
      () => (this.#reassigned ??= reassignedNames(this.root, this.text)),
    );
  }

  #for(n: SyntaxNode): Val {
    const open = n.children.findIndex((c) => c.type === '(');
    const close = n.children.findIndex((c) => c.type === ')');
    const header = n.children.slice(open + 1, close).filter((c) => c.named);
    const [init, cond, ...incr] = header;
    if (init) this.visit(init);
    let unbounded = false;
    if (!cond || cond.type === 'empty_statement') unbounded = true;
    else unbounded = truthy(this.visit(cond)) === true && !this.#changes(cond);
    const body = n.children.slice(close + 1).filter((c) => c.named);
    // Thousands of turns: requests inside are a flood (code/repeats.ts).
    const turns =
      cond && cond.type !== 'empty_statement' ? boundTurns(this.src(cond).replace(/;$/, '')) : undefined;
    const hot = loopRegion(this.src(n), unbounded, turns, undefined);
    return this.#loopBody(n, unbounded, [...incr, ...body], false, hot);
  }

  #forIn(n: SyntaxNode): Val {
    const kids = n.children;
    const ofAt = kids.findIndex((c) => c.type === 'of' || c.type === 'in');
    const right = kids[ofAt + 1];
    const [outer, outerModule] = [this.iterated, this.iteratedModule];
    [this.iterated, this.iteratedModule] = [kids[ofAt]?.type === 'of' ? right?.start : undefined, undefined];
    const walked = right ? this.visit(right) : UNKNOWN;
    const listed = this.iteratedModule;
    [this.iterated, this.iteratedModule] = [outer, outerModule];
    // `for (k in cp)`: a module's keys are its members' names (node/callbacks.ts).
    const it = (kids[ofAt]?.type === 'in' ? moduleAsObject(walked) : undefined) ?? walked;
    let left = kids
      .slice(0, ofAt)
      .reverse()
      .find((c) => c.named);
    if (left && (left.type === 'lexical_declaration' || left.type === 'variable_declaration'))
      left = named(left)[0];
    const awaited = kids.some((c) => c.type === 'await');
    const items = left ? this.#unrollItems(n, it, kids[ofAt]?.type === 'in') : undefined;
    if (left && items) {
      // A loop over a literal list runs its body once per item: each item is walked (`for (const f of FILES)`).
      const walk = kids.slice(ofAt + 2).filter((c) => c.named);
      // A literal list of common passwords gone through: logins inside are guesses (code/repeats.ts).
      return this.endLoop(
        this.inLoop(
          n,
          false,
          awaited,
          () => {
            for (const item of items) {
              this.bind(left, item);
              this.#overEveryName(listed, left, () => walk.forEach((b) => this.visit(b)));
            }
          },
          loopRegion(this.src(n), false, undefined, it),
        ),
      );
    }
    if (left)
      this.bind(
        left,
        it.each ?? (left.type === 'identifier' ? holeVal(this.src(left), opaque([it])) : opaque([it])),
      );
    const awaits = kids.some((c) => c.type === 'await');
    const body = kids.slice(ofAt + 2).filter((c) => c.named);
    // A password list gone through line by line: logins inside are guesses (code/repeats.ts).
    return this.#overEveryName(listed, left, () =>
      this.#loopBody(n, false, body, awaits, loopRegion(this.src(n), false, undefined, it)),
    );
  }

  /** Walks a loop's body with `left` going through every member name of `mod`, where it does. */
  #overEveryName<T>(mod: string | undefined, left: SyntaxNode | undefined, walk: () => T): T {
    const outer = this.#everyName;
    if (mod !== undefined && left?.type === 'identifier') this.#everyName = { mod, name: this.src(left) };
    try {
      return walk();
    } finally {
      this.#everyName = outer;
    }
  }

  /** Inside a loop over every member name of `mod` (a bundler copying its members). */
  copiesEveryMember(mod: string): boolean {
    return this.#everyName?.mod === mod;
  }

  /** `mod[name]` with the loop's name over every member of mod, read but not called. */
  #copiedMember(n: SyntaxNode, base: Val, key: SyntaxNode | undefined): boolean {
    const every = this.#everyName;
    return (
      every !== undefined &&
      every.mod === base.ref &&
      key?.type === 'identifier' &&
      this.src(key) === every.name &&
      this.#callee !== n.start
    );
  }

  /**
   * Walks a function's body with its parameters unknown, or, for a callback, the first parameter
   * carrying `taint` (a response, a socket's data). Loops outside do not see its exits.
   */
  fn(n: SyntaxNode, taint: Val | undefined): Val {
    this.lastReturn = this.captureReturns(() => {
      let result: Val | undefined;
      this.inFunction(() => {
        for (const c of n.children) {
          if (c.type === 'formal_parameters') {
            // Node's error-first callbacks (`(err, data) => ...`) get the result as their second parameter.
            const ps = named(c);
            const at = ps.length >= 2 && ERROR_FIRST.test(this.src(ps[0]!)) ? 1 : 0;
            // A GraphQL resolver's second parameter is the client's arguments (node/handler-params.ts).
            const args =
              taint === undefined &&
              resolverArgs(this.src(c), () => (this.#graphql ??= graphqlText(this.text)))
                ? 1
                : -1;
            ps.forEach((p, i) => this.#param(p, i === at ? taint : i === args ? CLIENT : undefined));
            // A handler no registration in the text hands a request (node/handler-params.ts).
            const req = taint === undefined ? this.#requestParam(n, c) : undefined;
            if (req !== undefined) this.env.set(req, CLIENT);
          } else if (c.type === 'identifier' && n.type === 'arrow_function') {
            this.#param(c, taint);
          } else if (c.type === 'statement_block') {
            this.visit(c);
          } else if (n.type === 'arrow_function' && c.named && c.type !== 'identifier') {
            result = this.visit(c);
          }
        }
      });
      return result;
    });
    // What the body returns with its parameters unknown: a call that is not walked again gets it.
    if (taint === undefined && this.lastReturn !== undefined) this.#defReturns.set(n, this.lastReturn);
    const name = n.type.endsWith('declaration') ? n.children.find((c) => c.type === 'identifier') : undefined;
    const fnVal: Val = { ...UNKNOWN, fn: n };
    if (name) this.env.set(this.src(name), fnVal);
    return fnVal;
  }

  /** The parameter of function `n` (parameter list `ps`) holding a client's request, if it is shaped as a handler. */
  #requestParam(n: SyntaxNode, ps: SyntaxNode): string | undefined {
    const name = n.children.find((c) => c.type === 'identifier' && c.end <= ps.start);
    const before = this.text.slice(Math.max(0, n.start - 40), n.start);
    return requestParam(this.src(ps), name === undefined ? undefined : this.src(name), before);
  }

  /** What the function walked last by `fn` returned (its callers' results carry its taint). */
  lastReturn: Val | undefined;
  /** The input is a GraphQL server's (resolverArgs), tested once. */
  #graphql: boolean | undefined;
  /** What each function of the input returns when walked at its definition (see fn). */
  readonly #defReturns = new Map<SyntaxNode, Val>();

  /** What the function `fn` of this input returned when walked at its definition (accessors read it). */
  defReturn(fn: unknown): Val | undefined {
    return this.#defReturns.get(fn as SyntaxNode);
  }

  /**
   * A call of a function defined in this input, walked again with its arguments bound (see
   * CodeWalker.mayInline); its return value, or undefined when it is not walked.
   */
  callFunction(fnVal: Val, args: readonly Val[]): Val | undefined {
    const fn = fnVal.fn as SyntaxNode;
    // A call that leaves out parameters with defaults is walked with the defaults.
    if (!this.mayInline(fn, args) && !this.mayInline(fn, defaultsLeftOut(this, fn, args.length)))
      return undefined;
    inlinedBody(this.col, this.src(fn));
    return this.inlined(() =>
      this.captureReturns(() => {
        let result: Val | undefined;
        this.inFunction(() => {
          for (const c of fn.children) {
            if (c.type === 'formal_parameters')
              named(c).forEach((p, i) =>
                // `...a` holds the remaining arguments: `f(...a)` spreads them again.
                this.#bindArg(
                  p,
                  p.type === 'rest_pattern'
                    ? extend(opaque(args.slice(i)), { items: args.slice(i) })
                    : args[i],
                ),
              );
            else if (c.type === 'identifier' && fn.type === 'arrow_function') this.#bindArg(c, args[0]);
            // A named function expression sees itself by its name (`(function walk(d) { walk(p) })(r)`).
            else if (c.type === 'identifier') this.env.set(this.src(c), fnVal);
            else if (c.type === 'statement_block') this.visit(c);
            else if (fn.type === 'arrow_function' && c.named && c.type !== 'identifier')
              result = this.visit(c);
          }
        });
        return result;
      }),
    );
  }

  #bindArg(p: SyntaxNode, v: Val | undefined): void {
    const target =
      p.type === 'assignment_pattern' ? p.children[0] : p.type === 'rest_pattern' ? named(p)[0] : p;
    if (!target) return;
    // A parameter the call leaves out takes its default (`function clean(p = os.homedir())` then `clean()`).
    const def = v === undefined && p.type === 'assignment_pattern' ? named(p)[1] : undefined;
    if (def !== undefined) v = this.visit(def);
    if (target.type === 'identifier') this.env.set(this.src(target), v ?? holeVal(this.src(target)));
    else this.bind(target, v ?? UNKNOWN);
  }

  #param(p: SyntaxNode, taint: Val | undefined): void {
    const target = p.type === 'assignment_pattern' ? p.children[0] : p;
    if (!target) return;
    const v =
      taint?.module === true || taint?.sdk !== undefined
        ? taint
        : taint
          ? {
              ...opaque([taint]),
              // Data a connected socket or response hands to its callback came over the network.
              ...(taint.peer
                ? {
                    peer: taint.peer,
                    sources: mergeSources(opaque([taint]).sources, [
                      {
                        kind: 'net' as const,
                        host: taint.peer.host,
                        ...(taint.peer.url ? { url: taint.peer.url } : {}),
                      },
                    ]),
                  }
                : {}),
            }
          : undefined;
    if (target.type === 'identifier') this.env.set(this.src(target), v ?? holeVal(this.src(target)));
    else this.bind(target, v ?? UNKNOWN);
  }

  /**
   * `setInterval(f, 1)`: f runs hundreds of times a second; `Array.from({ length: 1e5 }, f)`: f
   * runs that many times. Either is a hot region (code/repeats.ts).
   */
  #fastTimer(n: SyntaxNode): HotRegion | undefined {
    const fnNode = n.children[0];
    // Cheap length test first: this runs for every call.
    if (!fnNode || fnNode.end - fnNode.start < 10 || fnNode.end - fnNode.start > 24) return undefined;
    const callee = this.src(fnNode);
    const args = n.children.find((c) => c.type === 'arguments');
    const [first, second] = args ? named(args) : [];
    if (callee === 'Array.from' && first?.type === 'object' && second !== undefined) {
      const turns = wholeNumber(/\blength\s*:\s*([\w.]+)\s*\}$/.exec(this.src(first))?.[1] ?? '');
      return loopRegion(this.src(n), false, turns, undefined);
    }
    if (!FAST_TIMER_CALLEE.test(callee)) return undefined;
    const period = second === undefined ? 0 : wholeNumber(this.src(second));
    if (period === undefined || period > FAST_TIMER_MS) return undefined;
    return { many: `every ${period} ms`, text: this.src(n), bodies: [], nets: [] };
  }

  #call(n: SyntaxNode, isNew: boolean): Val {
    const kids = n.children;
    let fnNode: SyntaxNode | undefined;
    let argsNode: SyntaxNode | undefined;
    if (isNew) {
      fnNode = kids.find((c, i) => i > 0 && c.named && c.type !== 'arguments');
      argsNode = kids.find((c) => c.type === 'arguments');
    } else {
      fnNode = kids[0];
      argsNode = kids.find((c, i) => i > 0 && (c.type === 'arguments' || c.type === 'template_string'));
    }
    if (!fnNode) return this.generic(n);
    if (fnNode.type === 'subscript_expression' && rotatesStringTable(fnNode, argsNode, this.text))
      unreadableCode(this.col, this.span(n), 'javascript-obfuscator output (its string table rotated)');
    let recv: Val | undefined;
    let recvNode: SyntaxNode | undefined;
    let method: string | undefined;
    let name: string | undefined;
    let fn: Val | undefined;
    if (fnNode.type === 'member_expression') {
      const parts = named(fnNode).filter((c) => c.type !== 'optional_chain');
      recvNode = parts[0];
      const prop = parts[parts.length - 1];
      recv = recvNode ? this.visit(recvNode) : UNKNOWN;
      method = prop ? this.src(prop) : undefined;
      if (recv.ref !== undefined && method !== undefined) name = canonicalModule(`${recv.ref}.${method}`);
      // `x.constructor.constructor(code)` is `Function(code)`.
      else if (
        method === 'constructor' &&
        recvNode &&
        (/\.\s*constructor$/.test(this.src(recvNode)) ||
          FUNCTION_MEMBER.test(this.src(recvNode)) ||
          FUNCTION_TYPES.has(unwrap(recvNode).type) ||
          recv.fn !== undefined)
      )
        name = 'Function';
      // A function kept in an object's member (`const h = { go: cp.execSync }; h.go(cmd)`) is called.
      else if (method !== undefined && heldFunction(recv.fields?.get(method))) {
        fn = recv.fields!.get(method)!;
        name = fn.ref;
      }
      // One stored on an object by assignment (`this.f = f` in a constructor, then `this.f(x)`).
      else if (heldFunction(this.env.get(this.src(fnNode)))) {
        fn = this.env.get(this.src(fnNode))!;
        name = fn.ref;
      }
    } else if (fnNode.type === 'import') {
      name = 'require'; // import('x') loads the module like require('x')
    } else {
      const outerCallee = this.#callee;
      this.#callee = fnNode.start;
      fn = this.visit(fnNode);
      this.#callee = outerCallee;
      name = fn.ref;
      // A function spelled by coercing `![]`/`[]` (JSFuck) is resolved at run time (node/coerced-callee.ts).
      if (coercedCallee(this.src(fnNode))) fn = extend(fn, { unresolved: true, generated: true });
    }
    const callee = fn ?? recv;
    if (isNew && name !== undefined) name = `new ${name}`;
    const call: JsCall = {
      node: n,
      span: this.span(n),
      name: name ?? '',
      method,
      recv,
      recvNode,
      args: [],
      argNodes: [],
      tagged: argsNode?.type === 'template_string',
    };
    const callbacks: SyntaxNode[] = [];
    // An own tag function gets (strings, ...substitutions), as at run time (node/tagged.ts).
    if (argsNode?.type === 'template_string' && fn?.fn !== undefined) {
      call.args.push(...taggedArgs(this, argsNode));
      call.argNodes.push(argsNode);
    } else if (argsNode?.type === 'template_string') {
      call.args.push(this.#template(argsNode, true));
      call.argNodes.push(argsNode);
    } else if (argsNode) {
      for (const a of named(argsNode)) {
        if (FUNCTION_TYPES.has(a.type)) {
          callbacks.push(a);
          call.args.push({ ...UNKNOWN, fn: a });
        } else if (a.type === 'spread_element') {
          // A known array spread into the call is its items (`path.join(...['/home', 'u'])`).
          const spread = spreadItems(this, a);
          for (const v of spread) {
            call.args.push(v);
            call.argNodes.push(a);
          }
          continue;
        } else call.args.push(this.visit(a));
        call.argNodes.push(a);
      }
    }
    // A bound function's arguments go first; a Proxy called runs its apply trap (node/callbacks.ts).
    if (fn?.bound !== undefined) call.args.unshift(...fn.bound);
    const trapped = proxyApply(this, fn, call.args);
    if (trapped !== undefined) return trapped;
    if (callee?.unresolved === true) dynamicCall(this.col, call.span, callee, call.args);
    // A bundler's interop helper around a loaded module is that module (node/interop.ts); an own
    // helper's body is still walked for what else it does, its copy of every member naming none.
    const interop = interopModule(this.src(fnNode), call.args[0]);
    if (interop !== undefined) {
      if (fn?.fn !== undefined && FUNCTION_TYPES.has((fn.fn as SyntaxNode).type))
        this.callFunction(fn, [opaque([]), ...call.args.slice(1)]);
      return interop;
    }
    // An array given to an own function that rotates it has an unknown order afterwards (node/rotation.ts).
    const body = FUNCTION_TYPES.has(unwrap(fnNode).type)
      ? unwrap(fnNode)
      : (fn?.fn as SyntaxNode | undefined);
    if (body !== undefined)
      for (const [name, v] of rotatedArgs(body, call.argNodes, call.args, (x) => this.src(x)))
        this.env.set(name, v);
    // arr.push(v) / form.append(k, v) / map.set(k, v): the container holds what was put in.
    if (method !== undefined && MUTATORS.has(method) && recvNode !== undefined) {
      // arr.push(v) on a known short array: v is its next item (a later forEach walks it).
      const old =
        (method === 'push' || method === 'add') && recvNode.type === 'identifier'
          ? this.env.get(this.src(recvNode))
          : undefined;
      if (old?.items !== undefined && old.ref === undefined && old.items.length + call.args.length <= 64)
        this.env.set(this.src(recvNode), { ...old, items: [...old.items, ...call.args] });
      for (const a of call.args) this.store(recvNode, a);
      this.#setParam(recvNode, method, call.args);
    }
    // A list reordered in place (`t.push(t.shift())`, `t.reverse()`): its order is unknown (code/reorder.ts).
    reorderInPlace(this, recvNode, recv, method, call.argNodes);
    // A function built from text, called with known arguments: its body analysed with them bound.
    // Arguments that are node's own objects (`fn(require)`) are passed as themselves (r3).
    const prelude = fn?.code !== undefined ? paramPrelude(fn.code.params, call.args) : undefined;
    if (fn?.code !== undefined && prelude !== undefined) {
      this.col.nested(`${prelude}\n(function () {\n${fn.code.body}\n})();`, 'node', call.span, 'node');
    }
    // A method of the input's own classes, called on an object the walk cannot type.
    const own =
      fn?.fn !== undefined
        ? fn
        : method !== undefined && !JS_CALLS.byName(call.name)
          ? this.methods.get(method)
          : undefined;
    if (own?.fn !== undefined) this.ownCallEffects(own.fn as SyntaxNode);
    if (own?.fn !== undefined && !isNew && FUNCTION_TYPES.has((own.fn as SyntaxNode).type)) {
      // The input's own function called with arguments: its body walked with them bound.
      const inlined = this.callFunction(own, call.args);
      // A library method of the same name (stream.write) still gets its own handling.
      if (inlined !== undefined && (own === fn || JS_CALLS.find(call.name, method) === undefined)) {
        for (const cb of callbacks) this.fn(cb, undefined);
        // A function expression called where it is written (a packer's IIFE) exists only to compute
        // this value: it stays generated, whatever the walk could fold.
        return FUNCTION_TYPES.has(unwrap(fnNode).type) || hiddenResult(inlined, call.args)
          ? extend(inlined, { generated: true })
          : inlined;
      }
    }
    // A Docker secret given to a client's sign-in is used as meant (code/secret-logins.ts).
    markSecretLogins(this.col, method, call.args, new Map());
    // Only a setting's own lines kept from a store read (code/setting-reads.ts).
    if ((method === 'find' || method === 'filter') && recv !== undefined) {
      const cb = named(n).find((c) => c.type === 'arguments');
      const first = cb !== undefined ? named(cb)[0] : undefined;
      if (first !== undefined && named(cb!).length === 1 && settingCallback(this.src(first)))
        markSettingReads(this.col, recv, call.span);
    }
    // Client libraries that do what a CLI does (AWS SDK, ioredis, prisma...): the CLI's rules decide.
    if (recv?.sdk !== undefined || maySdk(call.name, method)) {
      const sdk: SdkCall = {
        col: this.col,
        span: call.span,
        via: 'node',
        args: call.args,
        kw: new Map(),
        inTest: () => testTeardown(this.root, this.text, 'node', call.span),
        inDown: () => inMigrationDown(this.root, this.text, call.span),
      };
      const made =
        recv?.sdk !== undefined && method !== undefined
          ? sdkCall(recv, method, sdk)
          : (sdkConstruct(call.name, sdk) ?? sdkQuery(call.name, method, sdk));
      if (made !== undefined) {
        // A client's listeners still run (`client.on('connect', () => client.publish(...))`, r9).
        for (const cb of callbacks) this.fn(cb, undefined);
        return made;
      }
    }
    const handler =
      fn?.returns !== undefined
        ? returnsOf(fn.returns)
        : (JS_CALLS.find(call.name, method) ?? (call.tagged ? anyTag : undefined));
    const mark = this.col.facts.length;
    const handled = handler?.(this, call) ?? servedRequest(this, call);
    // Any client given a host and a password from a password list logs in there (code/repeats.ts).
    for (const a of call.args)
      if (a.fields !== undefined)
        listLogin(
          this.col,
          mark,
          call.span,
          call.name,
          a.fields.get('host') ?? a.fields.get('hostname') ?? a.fields.get('server'),
          a.fields.get('password') ?? a.fields.get('pass') ?? a.fields.get('passwd'),
        );
    // A send on a client no handler models: its data goes to the client's peer (code/unmodelled-sends.ts).
    if (own?.fn === undefined && !sentSince(this.col, mark))
      unmodelledSend(this.col, fn !== undefined ? { ...call, callee: fn } : call);
    // Functions given as arguments run as the receiving call would run them; a search over known
    // items keeps what its predicate accepts (node/callbacks.ts).
    passCallables(this, call);
    const picked = searched(this, method, recv, call.args);
    if (picked !== undefined) return picked;
    let result: Val;
    if (handled !== undefined) result = handled;
    else {
      const inputs = call.args.slice();
      if (recv) inputs.push(answerInput(this.col, recv, method, call.args));
      const out = opaque(inputs);
      result =
        name !== undefined
          ? extend(out, { ref: `${name}()`, ...(recv?.peer ? { peer: recv.peer } : {}) })
          : out;
      // A function expression called in place computes generated text (packers: eval(function(p,a,c,k,e,d){...}(...))).
      const iife = FUNCTION_TYPES.has(unwrap(fnNode).type);
      const returned = !iife && fn?.fn !== undefined ? this.#defReturns.get(fn.fn as SyntaxNode) : undefined;
      // A declared function not walked again: what its body returned, generated only if that was.
      const yields =
        fn === undefined && own?.fn !== undefined ? this.#defReturns.get(own.fn as SyntaxNode) : undefined;
      if (returned !== undefined) result = ownReturnAtDefinition(returned, inputs);
      else if (fn?.fn !== undefined || iife) result = extend(result, { generated: true });
      // An own generator method (`new A().targets()`): what its yields iterate over (code/generators.ts).
      else if (yields?.each !== undefined && call.args.length === 0)
        result = ownReturnAtDefinition(yields, []);
      else if (callee?.unresolved === true) result = extend(result, { unresolved: true });
    }
    // A payload pulled out of a picture (steganography) is decoded content (code/hidden-payloads.ts).
    if (revealsHidden(name ?? callee?.ref, recv ? [...call.args, recv] : call.args))
      result = { ...result, sources: [...result.sources, HIDDEN_PAYLOAD] };
    result = clientCredentialCall(recv, method, constText(call.args[0]), result);
    // A promise of a module (`import('x').then(m => ...)`) hands the module itself to the callback;
    // a client's promise (`MongoClient.connect(u).then(c => ...)`, `r.keys('*').then(ks => ...)`) its value.
    if (method === 'then' && (recv?.module === true || recv?.sdk !== undefined)) {
      for (const cb of callbacks) this.fn(cb, recv);
      return result;
    }
    // `fs.readdirSync(d).forEach(f => ...)`: the callback sees the listing's every entry.
    if (
      method !== undefined &&
      ITEM_METHODS.has(method) &&
      recv?.each !== undefined &&
      callbacks.length === 1
    ) {
      const cb = call.args[0];
      // filter keeps some of the entries, find picks one of them, map yields what the callback
      // returns for each (r4: a listing filtered, then each entry read and sent).
      let one: Val | undefined;
      // Once per entry of the list: a login per line of a password list is a guess (code/repeats.ts).
      const hot = loopRegion(this.src(n), false, undefined, recv);
      inHotRegion(this.col, hot, undefined, () => {
        one = cb?.fn !== undefined ? this.callFunction(cb, [recv.each!]) : undefined;
      });
      if (one !== undefined) {
        if (method === 'filter') return { ...result, each: recv.each };
        if (method === 'find') return recv.each;
        if (method === 'map' || method === 'flatMap') return { ...withTaint(result, one), each: one };
        return result;
      }
    }
    // `items.map(c => ...)` over literal items: the callback walked once per item, results kept.
    const each = recv?.items;
    if (method !== undefined && ITEM_METHODS.has(method) && each !== undefined && callbacks.length === 1) {
      const cb = call.args[0];
      if (cb?.fn !== undefined && each.length <= 64) {
        const out = each.map((item) => this.callFunction(cb, [item]));
        // Every item walked: the results are the call's; otherwise the callback is walked as usual below.
        if (out.length > 0 && out.every((v) => v !== undefined))
          return method === 'map' ? extend(opaque(out), { items: out }) : opaque(out);
      }
    }
    // `const s = tls.connect(port, host, () => s.write(data))`: the callback's `s` is the socket.
    if (this.#declaring?.value === n && result.peer) this.bind(this.#declaring.name, result);
    // Callbacks run with what the call produced (a response, a stream's data) as their first argument.
    const taint = recv ? withTaint(result, recv) : result;
    // `lines.map(l => login(l))`: the callback runs once per entry of what it goes through (code/repeats.ts).
    const perItem =
      method !== undefined && ITEM_METHODS.has(method) && recv !== undefined
        ? loopRegion(this.src(n), false, undefined, recv)
        : undefined;
    inHotRegion(this.col, perItem, undefined, () => {
      for (const cb of callbacks) {
        this.fn(cb, taint.sources.length > 0 || taint.peer ? taint : undefined);
        // What the callback returns is what a map/then/reduce call produces.
        if (this.lastReturn !== undefined) result = withTaint(result, this.lastReturn);
      }
    });
    // `.then(eval)`: the resolved value is executed.
    for (const a of call.args) {
      if (a.ref === 'eval' || a.ref === 'Function') codeFlows(this.col, call.span, [taint], a.ref);
    }
    return result;
  }
}

/** A built-in method read as a value (`[].filter`, `''.at`, `f.call`): its `.constructor` is Function. */
const FUNCTION_MEMBER =
  /\.\s*(?:filter|map|forEach|call|apply|bind|toString|slice|concat|join|reduce|find|some|every|includes|indexOf|sort|reverse|fill|keys|values|entries|at|push|pop|shift|trim|split|replace|charAt|valueOf|hasOwnProperty)$/;

/** The first parameter of an error-first callback. */
const ERROR_FIRST = /^_?(?:e|er|err|error|ex|exc)$/i;

/** URL object properties whose assignment changes where the URL points. */
const URL_PARTS: ReadonlySet<string> = new Set(['hostname', 'host', 'port', 'protocol', 'pathname', 'href']);

/** Methods that put their arguments into the receiver. */
const MUTATORS: ReadonlySet<string> = new Set(['push', 'unshift', 'append', 'set', 'add', 'splice']);

/** Array methods whose callback runs once per item. */
const ITEM_METHODS = new Set(['map', 'forEach', 'flatMap', 'filter', 'some', 'every', 'find']);

/** The node inside any parentheses (`(function () {...})(...)`). */
function unwrap(n: SyntaxNode): SyntaxNode {
  let x = n;
  while (x.type === 'parenthesized_expression' && named(x).length === 1) x = named(x)[0]!;
  return x;
}

/** The handler of a function value whose result is known (`Function('a', 'return a')`). */
function returnsOf(r: Val | number): (w: JsWalker, c: JsCall) => Val {
  return (_w, c) => (typeof r === 'number' ? (c.args[r] ?? UNKNOWN) : r);
}

/** Names assigned more than once (or updated with ++/--) in the input. */
function reassignedNames(root: SyntaxNode, text: string): Set<string> {
  const counts = new Map<string, number>();
  const out = new Set<string>();
  const count = (t: SyntaxNode | undefined, times: number): void => {
    if (!t) return;
    if (t.type === 'identifier') {
      const name = text.slice(t.start, t.end);
      const k = (counts.get(name) ?? 0) + times;
      counts.set(name, k);
      if (k > 1) out.add(name);
    } else if (
      t.type === 'array_pattern' ||
      t.type === 'object_pattern' ||
      t.type === 'parenthesized_expression'
    )
      for (const c of named(t)) count(c.type === 'pair_pattern' ? c.children[2] : c, times);
  };
  const stack = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.type === 'variable_declarator' || n.type === 'assignment_expression') count(n.children[0], 1);
    else if (n.type === 'formal_parameters')
      for (const p of named(n)) count(p.type === 'assignment_pattern' ? p.children[0] : p, 1);
    else if (n.type === 'augmented_assignment_expression' || n.type === 'update_expression')
      count(named(n)[0], 2);
    for (const c of n.children) if (c.children.length > 0) stack.push(c);
  }
  return out;
}

/** Names snippets use without requiring them, taken as the usual module members. */
const UNBOUND: Readonly<Record<string, string>> = {
  cp: 'child_process',
  childProcess: 'child_process',
  exec: 'child_process.exec',
  execSync: 'child_process.execSync',
  spawn: 'child_process.spawn',
  spawnSync: 'child_process.spawnSync',
  execFile: 'child_process.execFile',
  execFileSync: 'child_process.execFileSync',
  fsp: 'fs',
  readFileSync: 'fs.readFileSync',
  writeFileSync: 'fs.writeFileSync',
  rmSync: 'fs.rmSync',
  Module: 'module',
};

/** Most loop-body walks one input may spend unrolling loops over literal lists (work units). */
const UNROLL_BUDGET = 4096;
/** Longest literal list a for-of statement is unrolled over. */
const UNROLL_STATEMENT = 16;
/** Longest for-of statement (in characters) that is unrolled. */
const UNROLL_BODY_CHARS = 2000;

export const nodeExtractor = codeExtractor('node', JsWalker);
