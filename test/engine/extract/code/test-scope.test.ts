/** Whether a call sits in a test function, fixture or hook, and production targets (code/test-scope.ts). */
import { beforeAll, describe, expect, it } from 'vitest';
import { inTestScope, productionTarget } from '../../../../src/engine/extract/code/test-scope.js';
import { loadParsers, parseSyntax } from '../../../../src/engine/parse/index.js';

beforeAll(async () => {
  await loadParsers();
});

/** Whether the first `wipe()` call of `text` is in a test scope. */
function wipeInTest(lang: 'python' | 'node', text: string): boolean {
  const at = text.indexOf('wipe()');
  const root = parseSyntax(lang, text);
  return inTestScope(root, text, lang, { start: at, end: at + 6 });
}

describe('inTestScope', () => {
  it.each([
    ['python', 'def test_orders():\n    wipe()', true],
    ['python', 'import pytest\n@pytest.fixture\ndef db():\n    yield\n    wipe()', true],
    ['python', 'class T(unittest.TestCase):\n    def helper(self):\n        wipe()', true],
    ['python', 'def _reset():\n    wipe()\ndef tearDown():\n    _reset()', true],
    // Words are not structure: an import, a comment, a string.
    ['python', 'import unittest  # pytest conftest\nwipe()', false],
    // A test function the input calls itself is not left to the runner.
    ['python', 'def test_x():\n    wipe()\ntest_x()', false],
    ['python', 'def _reset():\n    wipe()\ndef test_x():\n    _reset()\n_reset()', false],
    ['node', 'afterAll(async () => { wipe(); });', true],
    ['node', "describe.each([1])('x', () => { it('y', function () { wipe(); }); });", true],
    ['node', 'async function reset() { wipe(); }\nbeforeEach(reset);', true],
    ['node', "if (process.env.NODE_ENV === 'test') { wipe(); }", true],
    [
      'node',
      "function r() {\n  if (process.env.NODE_ENV !== 'test') throw new Error('no');\n  wipe();\n}",
      true,
    ],
    ['node', "const describe = 'prod cleanup';\nwipe();", false],
    ['node', '// jest\nconsole.log("afterAll");\nwipe();', false],
    ['node', 'const afterAll = (f) => f();\nafterAll(() => { wipe(); });', false],
    ['node', "if (process.env.NODE_ENV === 'test') {}\nwipe();", false],
  ] as const)('%s: %j', (lang, text, want) => {
    expect(wipeInTest(lang, text)).toBe(want);
  });
});

describe('productionTarget', () => {
  it.each([
    [['mongodb://mongo.prod.internal/shop'], true],
    [['shop.settings.production'], true],
    [['db.prd.example.com:5432'], true],
    [['production'], false],
    [['mongodb://127.0.0.1/app_test'], false],
    [['products.csv'], false],
    [['prod cleanup'], false],
  ])('%j → %s', (strings, want) => {
    expect(productionTarget(strings)).toBe(want);
  });
});
