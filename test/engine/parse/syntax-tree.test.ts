// The tree copy reads some leaves' offsets from the text (parse/grammars.ts TEXT_TOKENS): it must
// build exactly the tree that asking the parser for every offset builds.
import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CORPUS_TIMEOUT } from '../../helpers/decision-inputs.js';
import { LEAF_TYPES, TEXT_TOKENS } from '../../../src/engine/parse/grammars.js';
import { getParser, loadParsers } from '../../../src/engine/parse/index.js';
import { SymbolTable, toSyntaxTree, type SyntaxNode } from '../../../src/engine/parse/syntax-tree.js';

beforeAll(async () => {
  await loadParsers();
});

type CodeRuntime = 'python' | 'node';

/** Spellings where reading offsets from the text could go wrong, and must fall back or agree. */
const TRICKY: Record<CodeRuntime, string[]> = {
  python: [
    'x = 1if y else 2',
    '\ufeffimport os\nos.system("id")',
    'café = 1\nprint(café, naïve)',
    "x = f\"{a!r:>10}\" + rb'\\x00' + '''tri\"ple''' + \"\" + ''",
    'if x:\n    pass\n# comment\nelse_ = 2',
    'x = 1 + \\\n  2',
    'print(a,\tb)\f\n',
    'x = [1, 2][::-1]; y = ...; z = None; t = True; f = False',
    'def g():\n    while True:\n        yield\n        break\n    continue_ = 1',
    'async def f():\n    await g()',
    'match x:\n    case 1:\n        pass',
    'a = 1\r\nb = 2\r\n',
    'a = 1\vb = 2',
    '@a.b(c)\ndef f(): return __import__("os").system',
    'x = "\\N{BULLET} \\u00e9"\ny = r"\\d+"',
    'x = (  # why\n  1)',
    'print("unterminated',
    'def f(:\n  pass',
    'x\u00a0= 1',
    'x = 0x1F + 1_000 + 10j + 1.5e-3',
    'from os import *\nsystem("ls")',
    'try:\n    pass\nexcept* ValueError as e:\n    raise',
    // The copy stops at the last leaf when only space follows it (deep endings, trailing space).
    'f(g(h([1, {"k": (2,)}])))\n\n  \t',
    'class A:\n    def m(self):\n        if x:\n            return f"{y}"\n',
    'x = 1  # trailing comment\n',
    'x = """doc\n"""   ',
    '',
    '   \n',
    // A suite that is only the newline at the end of the text is an empty block after the colon.
    'import os\nif x:\n',
    'def f():  # c\n  ',
    'match x:\n',
  ],
  node: [
    'const $a = _b$ + \\u0061bc;',
    'ñ = 1; console.log(ñ)',
    "let s = 'it\\'s' + \"a\\\"b\" + 'x\\\ny' + '' + \"\";",
    'const t = `a${b}c` + `${`n${m}`}`;',
    'a?.b ?? c; x = a ? b : c;',
    '/ab+c/gi.test(s)',
    'class A { #x = 1; static s = 2; m() { return this.#x + super.m(); } }',
    'label: for (;;) { continue label; break label; }',
    'x = 0x1F + 1_000n + .5e-3;',
    '<!-- html comment\nx()',
    '#!/usr/bin/env node\nrequire("child_process").exec("id")',
    'a\u2028b()',
    "async () => { await import('x'); }",
    'a = 1\r\nb = 2\r\n',
    'const e = <div className="x">{y}</div>;',
    'a\n(b)',
    "s = 'line\u2028sep'",
    "'\\r\\n'",
    'x = null ?? undefined; this.y = true || false;',
    'let {a, b: [c], ...d} = o; ({e} = o);',
    'f("unterminated',
    'if (x { y }',
    'x\u00a0= 1',
    '/* c */ a /* d */ . /* e */ b // f\n',
    'f(() => { g([1, { k: (2) }]); })\n\n  \t',
    'x = `a${b}`  ',
    'if (a) { while (b) { c(d ? e : f) } }\n',
    '',
    'let r = /x/g',
  ],
};

/** The python and node inputs of the decision cases (test/fixtures/cases/*.yaml). */
function caseInputs(): Record<CodeRuntime, string[]> {
  const out: Record<CodeRuntime, string[]> = { python: [], node: [] };
  const dir = new URL('../../fixtures/cases/', import.meta.url);
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.yaml'))) {
    const cases = parse(readFileSync(new URL(file, dir), 'utf8')) as
      { input?: unknown; runtime?: unknown }[] | null;
    for (const c of cases ?? []) {
      if ((c.runtime === 'python' || c.runtime === 'node') && typeof c.input === 'string')
        out[c.runtime].push(c.input);
    }
  }
  return out;
}

/** One line per node in tree order (type, span, missing): a readable difference when copies differ. */
function lines(root: SyntaxNode): string {
  const out: string[] = [];
  const stack: [SyntaxNode, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [n, depth] = stack.pop()!;
    out.push(`${' '.repeat(depth)}${n.type} ${n.start}-${n.end}${n.missing ? ' missing' : ''}`);
    for (let i = n.children.length - 1; i >= 0; i--) stack.push([n.children[i]!, depth + 1]);
  }
  return out.join('\n');
}

function copies(runtime: CodeRuntime, text: string): { fromText: string; native: string } {
  const parser = getParser(runtime);
  const fast = new SymbolTable(LEAF_TYPES[runtime], TEXT_TOKENS[runtime]);
  const slow = new SymbolTable(LEAF_TYPES[runtime]);
  return {
    fromText: lines(toSyntaxTree(parser.parse(text), text, fast, 400)),
    native: lines(toSyntaxTree(parser.parse(text), text, slow, 400)),
  };
}

describe.each(['python', 'node'] as const)('%s tree copy with offsets read from the text', (runtime) => {
  it.each(TRICKY[runtime].map((t) => [t]))('%j', (text) => {
    const { fromText, native } = copies(runtime, text);
    expect(fromText).toBe(native);
  });

  it(
    'agrees with the native offsets on every decision case',
    () => {
      const inputs = caseInputs()[runtime];
      expect(inputs.length).toBeGreaterThan(50);
      const differ = inputs.filter((text) => {
        const { fromText, native } = copies(runtime, text);
        return fromText !== native;
      });
      expect(differ).toEqual([]);
    },
    CORPUS_TIMEOUT,
  );

  // A tree with errors: the subtrees without any are read from the text, the rest natively.
  it(
    'agrees with the native offsets on every decision case cut short',
    () => {
      const inputs = caseInputs()[runtime].flatMap((text) =>
        [3, 2, 1.5].map((k) => text.slice(0, Math.floor(text.length / k))),
      );
      const differ = inputs.filter((text) => {
        const { fromText, native } = copies(runtime, text);
        return fromText !== native;
      });
      expect(differ).toEqual([]);
    },
    CORPUS_TIMEOUT,
  );
});

it('agrees with the native offsets on a bundle cut at the size cap', () => {
  const bundle = readFileSync(new URL('../../../node_modules/ai/dist/index.js', import.meta.url), 'utf8');
  const { fromText, native } = copies('node', bundle.slice(0, 262_000));
  expect(fromText).toBe(native);
});
