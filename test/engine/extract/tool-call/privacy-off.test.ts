/** Which settings calls switch a service's protection of personal data off (privacy-off.ts). */
import { describe, expect, it } from 'vitest';
import { privacyOffLines } from '../../../../src/engine/extract/tool-call/privacy-off.js';

describe('privacyOffLines', () => {
  it.each<[string[], unknown, number]>([
    [
      ['sentry', 'update', 'project'],
      { project_slug: 'payments', options: { 'sentry:scrub_data': false } },
      1,
    ],
    [['update', 'settings'], { privacy: { maskAllInputs: false } }, 1],
    [['set', 'sdk', 'options'], { send_default_pii: true }, 1],
    [
      ['sentry', 'update', 'project'],
      { project_slug: 'payments-dev', options: { 'sentry:scrub_data': false } },
      0,
    ],
    [
      ['sentry', 'update', 'project'],
      { project_slug: 'payments', options: { 'sentry:scrub_data': true } },
      0,
    ],
    [['image', 'edit'], { file: 'a.png', mask: false }, 0],
    [['sentry', 'get', 'project'], { options: { 'sentry:scrub_data': false } }, 0],
  ])('%j %j', (w, args, n) => {
    expect(privacyOffLines(w, args)).toHaveLength(n);
  });
});
