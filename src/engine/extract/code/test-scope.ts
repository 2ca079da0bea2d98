/**
 * Whether a call runs as test set-up or tear-down, read from the tree (issue 22 r7): it sits inside
 * a test function, fixture or hook (python `def test_*`, setUp/tearDown, a TestCase method, a pytest
 * fixture; node describe/it/afterAll callbacks, a NODE_ENV test guard), or inside a helper only such
 * scopes call. One test word anywhere in the text (an unused `import unittest`, a "jest" comment, a
 * variable named describe) no longer counts, and a production target named in a string (a prod
 * host or settings module, a hosted store's endpoint) keeps the teardown denied even inside a test.
 */
import type { SyntaxNode } from '../../parse/index.js';
import type { Span } from '../../types.js';

type Lang = 'python' | 'node';

interface Named {
  readonly name: string;
  readonly span: Span;
}

interface TestFacts {
  /** Spans that run as tests: test functions, fixtures, hook callbacks, guarded blocks. */
  readonly scopes: readonly Span[];
  /** The contents of every string literal, comments left out. */
  readonly strings: readonly string[];
}

/** Python functions that a test runner calls: test_*, unittest and pytest set-up and tear-down. */
const PY_TEST_FN =
  /^(?:test\w*|setUp\w*|tearDown\w*|asyncSetUp|asyncTearDown|setup_(?:method|function|module|class)|teardown_(?:method|function|module|class))$/;
/** A pytest fixture decorator (`@pytest.fixture`, `@pytest.fixture(autouse=True)`, `@pytest_asyncio.fixture`). */
const PY_FIXTURE = /^@\s*(?:(?:pytest|pytest_asyncio)\.)?fixture\b/;
/** A test class: named Test*, or derived from a TestCase. */
const PY_TEST_CLASS_NAME = /^Test/;
const PY_TEST_BASES = /\b\w*TestCase\b/;

/** Test runners' suite and hook functions whose callbacks run as tests (jest, vitest, mocha, node:test, playwright). */
const JS_HOOKS = new Set([
  'describe',
  'it',
  'test',
  'beforeAll',
  'afterAll',
  'beforeEach',
  'afterEach',
  'before',
  'after',
  'suite',
  'setup',
  'teardown',
  'suiteSetup',
  'suiteTeardown',
  'context',
  'specify',
  'fit',
  'xit',
  'fdescribe',
  'xdescribe',
]);

const JS_FUNCTIONS = new Set(['arrow_function', 'function_expression', 'function', 'generator_function']);

/** `if (process.env.NODE_ENV === 'test')`: the block runs only under the test runner. */
const JS_TEST_GUARD = /NODE_ENV\s*={2,3}\s*["'`]test["'`]|["'`]test["'`]\s*={2,3}\s*process\.env\.NODE_ENV/;
/** `if (process.env.NODE_ENV !== 'test') throw ...`: the rest of the block runs only under it. */
const JS_TEST_REFUSAL =
  /NODE_ENV\s*!={1,2}\s*["'`]test["'`]|["'`]test["'`]\s*!={1,2}\s*process\.env\.NODE_ENV/;

/**
 * A string naming a production target: a URL, host or dotted module with a prod word as one of its
 * parts (`mongodb://mongo.prod.internal/shop`, `db.prod.internal`, `shop.settings.production`).
 */
const TARGET_SHAPE = /^(?:[a-z][\w+.-]*:\/\/\S+|[\w-]+(?:\.[\w-]+)+(?::\d+)?(?:\/\S*)?)$/i;
const PROD_PART = /(?:^|[^a-z0-9])(?:prod|production|prd)(?:[^a-z0-9]|$)/i;

/**
 * Endpoints of managed, hosted data stores (RDS, ElastiCache, Atlas, Upstash, Azure, Supabase, Neon...):
 * a test that names one wipes a real hosted store, never a throwaway one (issue 22 r9).
 */
const HOSTED_STORE =
  /(?:^|[/@.])[\w-]+(?:\.[\w-]+)*\.(?:rds\.amazonaws\.com|cache\.amazonaws\.com|(?:es|aoss|docdb|dax|memorydb|redshift|neptune)[\w.-]*\.amazonaws\.com|mongodb\.net|upstash\.io|redis(?:labs)?\.com|redis-cloud\.com|cloud\.redislabs\.com|database\.windows\.net|redis\.cache\.windows\.net|documents\.azure\.com|(?:blob|table|queue|dfs)\.core\.windows\.net|postgres\.database\.azure\.com|mysql\.database\.azure\.com|supabase\.co|neon\.tech|psdb\.cloud|aivencloud\.com|cockroachlabs\.cloud|db\.ondigitalocean\.com|elastic-cloud\.com|found\.io|es\.io|firebaseio\.com|snowflakecomputing\.com|clickhouse\.cloud)(?::\d+)?(?:[/?]|$)/i;

export function productionTarget(strings: readonly string[]): boolean {
  return strings.some(
    (s) =>
      s.length < 300 && TARGET_SHAPE.test(s) && (PROD_PART.test(s) || HOSTED_STORE.test(s) || rentedStore(s)),
  );
}

/** A URL that logs in to a public host (`rediss://default:pw@eu1-owl.fly-redis.dev:6379`). */
const LOGIN_URL = /^[a-z][\w+.-]*:\/\/[^\s/@:]*:[^\s/@]+@([\w-]+(?:\.[\w-]+)+)(?::\d+)?(?:[/?]|$)/i;
/** Hosts a test suite owns: private suffixes, and a test, CI or dev word among the labels. */
const OWN_SUFFIX = /\.(?:local|localhost|internal|test|example|invalid|svc|lan|home\.arpa|localdomain)$/i;
const OWN_HOST =
  /(?:^|[.-])(?:test|tests|testing|ci|dev|devel|qa|stage|staging|sandbox|e2e|mock|tmp|temp|scratch|localhost)(?:[.-]|\d|$)/i;

/**
 * A store reached by a login URL on a public host named for no test, CI or dev use: someone's rented
 * store, not a throwaway one (R13 test-scope-wipe: a pytest fixture's flushall on a hosted redis).
 */
function rentedStore(s: string): boolean {
  const host = LOGIN_URL.exec(s)?.[1];
  // The top-level domain says nothing of use (`.dev`, `.test` aside): the labels before it do.
  return (
    host !== undefined &&
    !/^\d+(?:\.\d+){3}$/.test(host) &&
    !OWN_SUFFIX.test(host) &&
    !OWN_HOST.test(host.replace(/\.[a-z]+$/i, ''))
  );
}

const cache = new WeakMap<SyntaxNode, TestFacts>();

/** The test scopes and string literals of a parsed input (worked out once per tree). */
export function testFacts(root: SyntaxNode, text: string, lang: Lang): TestFacts {
  let facts = cache.get(root);
  if (facts === undefined) {
    facts = collect(root, text, lang);
    cache.set(root, facts);
  }
  return facts;
}

/** Whether `span` lies inside a test scope of the input. */
export function inTestScope(root: SyntaxNode, text: string, lang: Lang, span: Span): boolean {
  return within(testFacts(root, text, lang).scopes, span.start, span.end);
}

function within(scopes: readonly Span[], start: number, end: number): boolean {
  return scopes.some((s) => s.start <= start && end <= s.end);
}

const src = (text: string, n: SyntaxNode): string => text.slice(n.start, n.end);

/** A string literal's content without its prefix and quotes. */
function unquote(s: string): string {
  return s.replace(/^[a-zA-Z]*("""|'''|["'`])/, '').replace(/(?:"""|'''|["'`])$/, '');
}

/** The identifier a callee expression starts from (`describe.each(t)` → describe), or null. */
function calleeRoot(n: SyntaxNode, text: string): string | null {
  let x: SyntaxNode | undefined = n;
  while (x !== undefined) {
    if (x.type === 'identifier') return src(text, x);
    if (
      x.type === 'member_expression' ||
      x.type === 'call_expression' ||
      x.type === 'attribute' ||
      x.type === 'call'
    )
      x = x.children[0];
    else return null;
  }
  return null;
}

/** The last name of a callee (`a.b.flush` → flush, `reset` → reset), or null. */
function calleeName(n: SyntaxNode, text: string): string | null {
  if (n.type === 'identifier') return src(text, n);
  if (n.type === 'member_expression' || n.type === 'attribute') {
    const last = n.children[n.children.length - 1];
    return last ? src(text, last) : null;
  }
  return null;
}

function collect(root: SyntaxNode, text: string, lang: Lang): TestFacts {
  const strings: string[] = [];
  /** Direct test scopes that are named functions (checked for calls from outside tests). */
  const namedScopes: Named[] = [];
  /** Hook callbacks (with the hook's name) and guarded blocks (`end` -1: to the end of the block). */
  const anonScopes: { start: number; end: number; hook?: string }[] = [];
  /** Every named function of the input, for helpers that only tests call. */
  const functions: Named[] = [];
  /** Calls of a name, and names handed to a hook (`afterAll(reset)`): name and position. */
  const uses: { readonly name: string; readonly at: number; readonly hook?: string }[] = [];
  /** Names the input binds itself (a hook by that name is not the runner's). */
  const declared = new Set<string>();

  // Two parallel stacks (node, inside a test class): no pair object per node of a bundle.
  const stack: SyntaxNode[] = [root];
  const inTestClass: boolean[] = [false];
  while (stack.length > 0) {
    const n = stack.pop()!;
    const testClass = inTestClass.pop()!;
    let inClass = testClass;
    switch (n.type) {
      case 'string':
      case 'template_string':
        strings.push(unquote(src(text, n)));
        break;
      case 'class_definition': {
        const name = n.children.find((c) => c.type === 'identifier');
        const bases = n.children.find((c) => c.type === 'argument_list');
        inClass =
          (name !== undefined && PY_TEST_CLASS_NAME.test(src(text, name))) ||
          (bases !== undefined && PY_TEST_BASES.test(src(text, bases)));
        break;
      }
      case 'decorated_definition': {
        const fixture = n.children.some((c) => c.type === 'decorator' && PY_FIXTURE.test(src(text, c)));
        const def = n.children.find((c) => c.type === 'function_definition');
        const name = def?.children.find((c) => c.type === 'identifier');
        if (fixture && name) namedScopes.push({ name: src(text, name), span: n });
        break;
      }
      case 'function_definition': {
        const name = n.children.find((c) => c.type === 'identifier');
        if (name === undefined) break;
        const id = src(text, name);
        functions.push({ name: id, span: n });
        if (PY_TEST_FN.test(id) || testClass) namedScopes.push({ name: id, span: n });
        inClass = false;
        break;
      }
      case 'function_declaration':
      case 'generator_function_declaration': {
        const name = n.children.find((c) => c.type === 'identifier');
        if (name) {
          functions.push({ name: src(text, name), span: n });
          declared.add(src(text, name));
        }
        break;
      }
      case 'variable_declarator': {
        const [name, value] = n.children.filter((c) => c.named);
        if (name?.type === 'identifier') {
          declared.add(src(text, name));
          if (value !== undefined && JS_FUNCTIONS.has(value.type))
            functions.push({ name: src(text, name), span: value });
        }
        break;
      }
      case 'call':
      case 'call_expression': {
        const callee = n.children[0];
        const args = n.children.find((c) => c.type === 'arguments' || c.type === 'argument_list');
        const name = callee ? calleeName(callee, text) : null;
        if (name !== null) uses.push({ name, at: n.start });
        if (lang === 'node' && callee && args) {
          const hook = calleeRoot(callee, text);
          if (hook !== null && JS_HOOKS.has(hook)) {
            for (const a of args.children) {
              if (JS_FUNCTIONS.has(a.type)) anonScopes.push({ start: a.start, end: a.end, hook });
              else if (a.type === 'identifier') uses.push({ name: src(text, a), at: a.start, hook });
            }
          }
        }
        break;
      }
      case 'if_statement': {
        if (lang !== 'node') break;
        const cond = n.children.find((c) => c.type === 'parenthesized_expression');
        const body = cond ? n.children[n.children.indexOf(cond) + 1] : undefined;
        if (!cond || !body) break;
        const c = src(text, cond);
        if (JS_TEST_GUARD.test(c)) anonScopes.push({ start: body.start, end: body.end });
        else if (JS_TEST_REFUSAL.test(c) && /\b(?:throw|return)\b|process\.exit/.test(src(text, body))) {
          // The statements after the guard, up to the end of the enclosing block.
          anonScopes.push({ start: n.end, end: -1 });
        }
        break;
      }
    }
    for (let i = n.children.length - 1; i >= 0; i--) {
      const c = n.children[i]!;
      if (c.named && c.type !== 'comment') {
        stack.push(c);
        inTestClass.push(inClass);
      }
    }
  }
  // A refusal guard's scope ends where its enclosing block does.
  // A hook the input defines itself (`const afterAll = ...`) is not the runner's.
  const scopes: Span[] = anonScopes
    .filter((s) => s.hook === undefined || !declared.has(s.hook))
    .map((s) => ({ start: s.start, end: s.end === -1 ? enclosingEnd(root, s.start) : s.end }));
  // The uses of each name: a bundle has thousands of functions and calls, each function asked once.
  const usesOf = new Map<string, (typeof uses)[number][]>();
  for (const u of uses) {
    const list = usesOf.get(u.name);
    if (list === undefined) usesOf.set(u.name, [u]);
    else list.push(u);
  }
  const NONE: typeof uses = [];
  // A test function the input itself calls from outside its tests is not left to the runner.
  const calledOutside = (f: Named, inside: readonly Span[]): boolean =>
    (usesOf.get(f.name) ?? NONE).some(
      (u) =>
        u.hook === undefined && !(f.span.start <= u.at && u.at < f.span.end) && !within(inside, u.at, u.at),
    );
  const direct = namedScopes.filter((f) => !calledOutside(f, [...scopes, ...namedScopes.map((x) => x.span)]));
  scopes.push(...direct.map((f) => ({ start: f.span.start, end: f.span.end })));
  // Helpers only tests call (or hand to a hook): `def _reset(): ...` used by a fixture.
  for (const f of functions) {
    if (within(scopes, f.span.start, f.span.end)) continue;
    const used = (usesOf.get(f.name) ?? NONE).some((u) =>
      u.hook !== undefined ? !declared.has(u.hook) : within(scopes, u.at, u.at),
    );
    if (used && !calledOutside(f, scopes)) scopes.push({ start: f.span.start, end: f.span.end });
  }
  return { scopes, strings };
}

/** The end of the innermost block holding offset `at`. */
function enclosingEnd(root: SyntaxNode, at: number): number {
  let end = root.end;
  let n: SyntaxNode | undefined = root;
  while (n !== undefined) {
    if (n.type === 'statement_block' || n.type === 'program') end = n.end;
    n = n.children.find((c) => c.start <= at && at < c.end);
  }
  return end;
}

/** A teardown at `span` that runs as a test against no production target the input names. */
export function testTeardown(root: SyntaxNode, text: string, lang: Lang, span: Span): boolean {
  const facts = testFacts(root, text, lang);
  return !productionTarget(facts.strings) && within(facts.scopes, span.start, span.end);
}
