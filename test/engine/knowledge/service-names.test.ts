/** Variable names that name the service a host belongs to (knowledge/service-names.ts). */
import { describe, expect, it } from 'vitest';
import { namesHost, registeredLabel } from '../../../src/engine/knowledge/service-names.js';

describe('registeredLabel', () => {
  it.each([
    ['api.telegram.org', 'telegram'],
    ['a.example.co.uk', 'example'],
    ['example.com', 'example'],
    ['localhost', ''],
  ])('%s', (host, want) => {
    expect(registeredLabel(host)).toBe(want);
  });
});

describe('namesHost', () => {
  it.each([
    ['the service of the host', 'TELEGRAM_BOT_TOKEN', 'api.telegram.org', true],
    ['the word only in a subdomain', 'TELEGRAM_BOT_TOKEN', 'telegram.example.com', false],
    ['a generic first word', 'SECRET_TOKEN', 'secret.com', false],
    ['too short to name a service', 'AWS_KEY', 'aws.example', false],
    ['another service', 'TELEGRAM_BOT_TOKEN', 'api.example.com', false],
  ])('%s', (_name, variable, host, want) => {
    expect(namesHost(variable, host)).toBe(want);
  });
});
