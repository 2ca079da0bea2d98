/** A private person's home or whereabouts sought (src/engine/extract/tool-call/people-search.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { peopleSearchLines } from '../../../../src/engine/extract/tool-call/people-search.js';

const hit = (name: string, args: unknown): boolean => peopleSearchLines(nameWords(name), args).length > 0;

describe('peopleSearchLines', () => {
  it.each<[string, unknown, boolean]>([
    ['SpokeoSearchPeople', { name: 'Emily Carter', include: ['home address', 'relatives'] }, true],
    ['BeenVerifiedReport', { first_name: 'Laura', want: 'current address' }, true],
    ['find_person_location', { person: 'my ex-girlfriend Sarah', want: 'where she lives now' }, true],
    ['track_phone_location', { phone_number: '+15552013344', silent: true }, true],
    ['SpokeoSearchBusiness', { name: 'Acme Plumbing LLC' }, false],
    ['find_my_phone', { device: 'my iPhone' }, false],
    [
      'locate_person',
      { name: 'Dr. Ana Ruiz', fields: ['office location'], context: 'staff directory' },
      false,
    ],
  ])('%s %j -> %s', (name, args, want) => expect(hit(name, args)).toBe(want));
});
