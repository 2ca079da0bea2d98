// Regression: an unbound name equal to an Object.prototype member (`toString`, `constructor`) was
// looked up in a plain-object alias table and returned a function, so the node extractor threw.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyze } from '../../src/engine/analyze.js';
import { loadParsers } from '../../src/engine/parse/index.js';

const LIMITS = { maxInputBytes: 256 * 1024, maxDepth: 8 };

beforeAll(async () => {
  await loadParsers();
});

describe('prototype member names in python and node code', () => {
  const inputs: readonly [string, 'python' | 'node'][] = [
    ["eval(Buffer.from('aWQ=', 'base64'toString());", 'node'],
    ['toString(); constructor(); hasOwnProperty("x"); valueOf.call(1)', 'node'],
    ["fetch('constructor://host/x'); fetch('__proto__://h')", 'node'],
    ['toString(); __proto__(); constructor("x")', 'python'],
    ['requests.get("constructor://host/x")', 'python'],
  ];
  it.each(inputs)('%s (%s) analyses without throwing', (input, runtime) => {
    expect(() => analyze(input, runtime, LIMITS)).not.toThrow();
  });
});
