import { describe, expect, it } from 'vitest';
import { nameWords, fields } from '../../../../src/engine/extract/tool-call/cli.js';
import {
  alternatives,
  callSignals,
  gateIndex,
  lowerText,
  openGates,
  opens,
  union,
  wordSet,
} from '../../../../src/engine/extract/tool-call/signals.js';

const signals = (name: string, args: unknown) => callSignals(nameWords(name), fields(args), args, 0);

describe('callSignals', () => {
  it('collects keys at every depth, as they are, in snake case and in lowercase, and their words', () => {
    const s = signals('updateSiteSettings', { siteId: 'x', options: { accessLogs: [{ retentionDays: 3 }] } });
    expect(s.tool).toBe('update_site_settings');
    expect([...s.keys]).toEqual(
      expect.arrayContaining(['siteId', 'site_id', 'siteid', 'access_logs', 'retention_days']),
    );
    expect(s.keyWords).toEqual(expect.arrayContaining(['site', 'id', 'access', 'logs', 'retention', 'days']));
    expect(s.strings).toEqual(['x']);
    expect(s.partial).toBe(false);
  });

  it('notes a walk cut short by its bounds', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 20; i++) deep = { k: deep };
    expect(signals('invoke', deep).partial).toBe(true);
    expect(signals('invoke', { items: Array.from({ length: 300 }, () => 1) }).partial).toBe(true);
  });

  it('gives the strings under 300 characters lowercased, one a line, made once per call', () => {
    const s = signals('x', { a: 'Smoke DETECTOR', b: ['Oven'], c: 'x'.repeat(300) });
    expect(lowerText(s)).toBe('smoke detector\noven\n');
    expect(lowerText(s)).toBe(lowerText(s));
    expect(lowerText(signals('x', { a: 'Other' }))).toBe('other\n');
  });

  it('does not change the arguments', () => {
    const args = { a: { b: ['c'] } };
    const copy = structuredClone(args);
    signals('x', args);
    expect(args).toEqual(copy);
  });
});

describe('opens', () => {
  const s = signals('send_email', { to: 'a@b.example', body: 'hi' });
  it('opens on a name word, a key word or the test, and always without parts', () => {
    expect(opens({ name: wordSet('email') }, s)).toBe(true);
    expect(opens({ keys: wordSet('body') }, s)).toBe(true);
    expect(opens({ when: (x) => x.strings.includes('hi') }, s)).toBe(true);
    expect(opens({}, s)).toBe(true);
    expect(opens({ name: wordSet('drop'), keys: wordSet('table'), when: () => false }, s)).toBe(false);
  });

  it('opens every gate when the walk was cut short', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 20; i++) deep = { k: deep };
    expect(opens({ name: wordSet('drop') }, signals('send_email', deep))).toBe(true);
  });
});

describe('openGates', () => {
  const gates = [
    undefined,
    {},
    { name: wordSet('email send') },
    { keys: wordSet('body') },
    { name: wordSet('drop'), keys: wordSet('table'), when: () => false },
    { name: wordSet('drop'), when: (x: { strings: readonly string[] }) => x.strings.includes('hi') },
    { keys: wordSet('table email') },
  ];
  it('answers for every gate what opens answers', () => {
    const index = gateIndex(gates);
    let deep: unknown = 'leaf';
    for (let i = 0; i < 20; i++) deep = { k: deep };
    for (const s of [
      signals('send_email', { to: 'a@b.example', body: 'hi' }),
      signals('drop_table', { name: 'x' }),
      signals('read_file', { path: 'hi' }),
      signals('invoke', deep),
    ])
      expect(openGates(index, s)).toEqual(gates.map((g) => g === undefined || opens(g, s)));
  });
});

describe('alternatives', () => {
  it("reads a plain alternation's words and refuses any other pattern", () => {
    expect(alternatives(/^(?:get|list|dry_run)$/)).toEqual(['get', 'list', 'dry_run']);
    expect(() => alternatives(/^(?:gets?|list)$/)).toThrow(/plain word alternation/);
    expect(() => alternatives(/(?:^|_)(?:get)$/)).toThrow();
    expect(() => alternatives(/^(?:get)$/i)).toThrow();
    expect([...union(/^(?:a|b)$/, ['c'], new Set(['d']))]).toEqual(['a', 'b', 'c', 'd']);
  });
});
