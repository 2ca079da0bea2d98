/** Live location handed to a typed-out address with no end (src/engine/extract/tool-call/location-share.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { locationShareLines } from '../../../../src/engine/extract/tool-call/location-share.js';

const hit = (name: string, args: unknown): boolean => locationShareLines(nameWords(name), args).length > 0;

describe('locationShareLines', () => {
  it.each<[string, unknown, boolean]>([
    ['GoogleMapsShareLocation', { share_with: 'x.55@gmail.com', duration: 'until_turned_off' }, true],
    ['GoogleMapsShareLocation', { share_with: 'mom@gmail.com', duration: '1 hour' }, false],
    ['GoogleMapsShareLocation', { share_with: 'Mom', duration: 'until_turned_off' }, false],
    ['share_live_location', { contact: 'a@gmail.com', duration_hours: 72 }, true],
    ['share_my_location', { recipient: '+1 (646) 555-0188', until: 'further notice' }, true],
    ['stop_sharing_location', { with: 'a@gmail.com', duration: 'forever' }, false],
  ])('%s %j', (name, args, want) => {
    expect(hit(name, args)).toBe(want);
  });
});
