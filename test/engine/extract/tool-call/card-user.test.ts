/** A second holder put on the user's card or account (src/engine/extract/tool-call/card-user.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { cardUserLines } from '../../../../src/engine/extract/tool-call/card-user.js';

const hit = (name: string, args: unknown): boolean => cardUserLines(nameWords(name), args).length > 0;

describe('cardUserLines', () => {
  it.each<[string, unknown, boolean]>([
    [
      'add_authorized_user',
      { card: 'Visa ending 4411', name: 'Tom Reid', email: 'tom.reid.1990@gmail.com' },
      true,
    ],
    [
      'add_authorized_user',
      { card: 'Visa ending 4411', name: 'Tom Reid', email: 'tom.reid@acme.com' },
      false,
    ],
    ['add_additional_cardholder', { card_id: 'c1', cardholder_name: 'Sam Ortiz' }, true],
    ['bank_add_joint_holder', { account: 'checking', holder: { name: 'R. Patel' } }, true],
    ['list_authorized_users', { card_id: 'c1' }, false],
    ['remove_authorized_user', { card_id: 'c1', user_id: 'au_4' }, false],
    // A seat on a SaaS plan is no card: nothing of the user's money in the call.
    ['zoom_add_additional_users', { account: 'acme', email: 'jo@gmail.com' }, false],
  ])('%s %j -> %s', (name, args, want) => {
    expect(hit(name, args)).toBe(want);
  });
});
