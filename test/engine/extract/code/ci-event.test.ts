/** URLs from a CI runner's event payload name the forge's API (code/ci-event.ts). */
import { describe, expect, it } from 'vitest';
import { ciEventTarget, FORGE_API_HOST } from '../../../../src/engine/extract/code/ci-event.js';
import type { Collector } from '../../../../src/engine/extract/code/collector.js';
import { concat, strVal, UNKNOWN, type Val } from '../../../../src/engine/extract/code/value.js';
import type { DataSource } from '../../../../src/engine/facts.js';

const col = (filled: string[] = []): Collector => ({ filled: new Set(filled) }) as unknown as Collector;
const from = (...sources: DataSource[]): Val => concat([{ ...UNKNOWN, sources }, strVal('/files')]);
const EVENT: DataSource = { kind: 'file', path: '{GITHUB_EVENT_PATH}' };

describe('ciEventTarget', () => {
  it.each([
    ['a URL from the event payload', col(), from(EVENT), FORGE_API_HOST],
    ['a payload this input wrote', col(['{GITHUB_EVENT_PATH}']), from(EVENT), null],
    ['a URL from another file', col(), from({ kind: 'file', path: 'config.json' }), null],
    ['the payload mixed with a download', col(), from(EVENT, { kind: 'net', host: 'x.example' }), null],
    ['a constant URL', col(), strVal('https://api.github.com/x'), null],
  ])('%s', (_name, c, url, want) => {
    expect(ciEventTarget(c, url)?.host ?? null).toBe(want);
  });
});
