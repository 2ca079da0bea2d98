/** PII detectors: validated forms match, look-alikes (order ids, UUIDs, timestamps, versions) do not. */
import { describe, expect, it } from 'vitest';
import { findPii, luhn, validIban, validSsn, type PiiKind } from '../../../src/engine/text/pii.js';

const kinds = (text: string): PiiKind[] => findPii(text).map((m) => m.kind);

describe('matches', () => {
  it.each([
    ['contact jane.roe@acme-corp.io today', 'email'],
    ['card 4111 1111 1111 1111', 'card'],
    ['card 4111-1111-1111-1111', 'card'],
    ['amex 378282246310005', 'card'],
    ['mc 5555555555554444', 'card'],
    ['ssn 536-22-1874', 'ssn'],
    ['IBAN DE89 3704 0044 0532 0130 00', 'iban'],
    ['iban GB82WEST12345698765432', 'iban'],
    ['call +44 20 7946 0958', 'phone'],
    ['call +1 415-867-5309', 'phone'],
    ['call (415) 867-5309', 'phone'],
    ['call 212.867.5309 now', 'phone'],
  ] as const)('%s', (text, kind) => {
    expect(kinds(text)).toEqual([kind]);
  });
});

describe('look-alikes', () => {
  it.each([
    'order 1700000000123 shipped',
    'id 123e4567-e89b-12d3-a456-426614174000',
    'at 2024-05-01T10:00:00Z',
    'version 1.2.3 and 10.0.0.1',
    'card 4111 1111 1111 1112',
    'ssn 000-12-3456',
    'ssn 666-12-3456',
    'ssn 123-45-6789',
    'IBAN DE89 3704 0044 0532 0130 01',
    'user@example.com and git@github.com:o/r.git',
    'icon@2x.png and lodash@4.17.21',
    'npm i @types/node',
    'phone 555-0123',
    '+12 34',
    'sha 4b825dc642cb6eb9a060e54bf8d69288fbee4904',
    'total 1234567890',
    'call 911 or 411',
  ])('%s', (text) => {
    expect(kinds(text)).toEqual([]);
  });

  // A Luhn-valid run of digits as a phone number or an address's local part (German mobiles start 49 15x).
  it.each(['sms +4915112345678', 'chat 4915112345678@c.us'])('%s is no card', (text) => {
    expect(kinds(text)).not.toContain('card');
  });
});

describe('validators', () => {
  it('luhn', () => {
    expect(luhn('4111111111111111')).toBe(true);
    expect(luhn('4111111111111112')).toBe(false);
  });
  it('iban', () => {
    expect(validIban('NL91ABNA0417164300')).toBe(true);
    expect(validIban('NL91ABNA0417164301')).toBe(false);
    expect(validIban('XX91ABNA0417164300')).toBe(false);
  });
  it('ssn', () => {
    expect(validSsn('536', '22', '1874')).toBe(true);
    expect(validSsn('900', '22', '1874')).toBe(false);
    expect(validSsn('536', '00', '1874')).toBe(false);
    expect(validSsn('536', '22', '0000')).toBe(false);
  });
});
