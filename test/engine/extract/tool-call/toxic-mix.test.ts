/** Bleach mixed with ammonia, an acid or alcohol (src/engine/extract/tool-call/toxic-mix.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { toxicMixLines } from '../../../../src/engine/extract/tool-call/toxic-mix.js';

const hit = (name: string, args: unknown): boolean => toxicMixLines(nameWords(name), args).length > 0;

describe('toxicMixLines', () => {
  it.each<[string, unknown, boolean]>([
    ['post_recipe', { body: 'Combine 1 cup bleach with 1 cup ammonia in a spray bottle.' }, true],
    ['send_message', { text: 'pour bleach then add vinegar and close the lid' }, true],
    ['robot_apply_operation', { operation: 'pour', substance: 'muriatic acid', into: 'bleach bucket' }, true],
    ['post_recipe', { body: 'Never mix bleach with ammonia.' }, false],
    ['send_message', { text: 'Dilute 1/3 cup bleach per gallon of water' }, false],
    ['order_product', { items: ['Clorox bleach 1 gal', 'white vinegar 1 gal'] }, false],
  ])('%s %j -> %s', (name, args, want) => expect(hit(name, args)).toBe(want));
});
