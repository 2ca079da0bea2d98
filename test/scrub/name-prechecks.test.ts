// Cheap checks that skip a regex when it cannot match must never skip one that would: the
// contextValue name check and the assignment type-annotation check against the regexes they guard,
// on seeded random strings drawn from the characters those regexes care about.
import { describe, expect, it } from 'vitest';
import { nameCanEnd } from '../../src/scrub/detector.js';
import { typeAnnotation } from '../../src/scrub/detectors/assignment.js';
import { randomBody } from '../../src/scrub/examples.js';

/** contextValue's regex up to and including its separator, for a name of up to `within` characters. */
const nameThenSeparator = (within: number): RegExp =>
  new RegExp(
    `^[A-Za-z0-9_.-]{0,${within}}(?:[ \\t]+[A-Za-z0-9_.-]{1,20}){0,2}["'\`\\]]?(?:[ \\t]*(?::{1,3}=|=>|->|\\?=|\\|\\||[=:,>])|[ \\t]+)`,
    'i',
  );
const TYPE_ANNOTATION =
  /^[ \t]*(?::[ \t]*)?&?(?:'static[ \t]+)?[A-Za-z_][\w.:]{0,30}(?:<[\w., ]{1,30}>)?(?:\[\])?[?*]?[ \t]*:?=(?![=>])[ \t]*(?=["'`])/;

describe('name prechecks', () => {
  it('nameCanEnd holds wherever the name-and-separator regex matches', () => {
    const alphabets = ['ab-._ \t=:,>?|"\'`]()\n{x', 'a-', 'aaaaaaa-.>', 'a \t:=(', 'ab-->=:?|'];
    let matched = 0;
    for (let n = 0; n < 20000; n++) {
      const within = [3, 8, 40][n % 3]!;
      const text = randomBody(`ctx${n}`, alphabets[n % alphabets.length]!, 1 + (n % 50));
      const limit = Math.min(text.length, n % 60);
      const re = nameThenSeparator(within);
      if (re.test(text.slice(0, limit))) {
        matched++;
        expect(nameCanEnd(text, 0, limit, within), JSON.stringify([text, limit, within])).toBe(true);
      }
    }
    // The property is about matches: make sure there were plenty.
    expect(matched).toBeGreaterThan(5000);
  });

  it('nameCanEnd turns away a call, a line end and an over-long name', () => {
    expect(nameCanEnd('vault(client)', 0, 13, 40)).toBe(false);
    expect(nameCanEnd('vault\nnext', 0, 10, 40)).toBe(false);
    expect(nameCanEnd(`vault${'x'.repeat(40)} = v`, 0, 60, 40)).toBe(false);
    expect(nameCanEnd('vault_token = v', 0, 15, 40)).toBe(true);
    expect(nameCanEnd('vault-> v', 0, 9, 5)).toBe(true);
    expect(nameCanEnd('vaultx-> v', 0, 10, 5)).toBe(false);
  });

  it('typeAnnotation agrees with its regex', () => {
    const alphabets = [' \t:&\'staticSr="<>[]?*_x', ' :=&"s', '\'static str ="', 'a =:&_<>,"'];
    for (let n = 0; n < 20000; n++) {
      const text = randomBody(`type${n}`, alphabets[n % alphabets.length]!, 1 + (n % 40));
      const limit = Math.min(text.length, n % 45);
      const m = TYPE_ANNOTATION.exec(text.slice(0, Math.min(limit, 80)));
      expect(typeAnnotation(text, 0, limit), JSON.stringify([text, limit])).toBe(m ? m[0].length : -1);
    }
    expect(typeAnnotation(` : &'static str = "v"`, 0, 21)).toBe(18);
    expect(typeAnnotation(' = await f()', 0, 12)).toBe(-1);
  });
});
