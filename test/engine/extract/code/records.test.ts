/** The member table and config-text reading shared by the python and node walkers (code/records.ts). */
import { describe, expect, it } from 'vitest';
import { configVal, MemberTable, movesAway, optionKey } from '../../../../src/engine/extract/code/records.js';
import {
  constText,
  pathOf,
  riskRank,
  strVal,
  UNKNOWN,
  type Val,
} from '../../../../src/engine/extract/code/value.js';

/** The known text at `keys` inside a mapping value, or null. */
function at(v: Val | undefined, ...keys: string[]): string | null {
  let cur = v;
  for (const k of keys) cur = cur?.fields?.get(k);
  return constText(cur);
}

describe('member table', () => {
  it('a read takes the riskiest value stored under the name', () => {
    const t = new MemberTable();
    t.record('out', strVal('build'));
    t.record('out', strVal('/home/agent'));
    t.record('out', strVal('dist'));
    const v = t.lookup('out');
    expect(constText({ ...v!, dynamic: false })).toBe('/home/agent');
    expect(v?.dynamic).toBe(true);
  });

  it('one stored value is read as it is', () => {
    const t = new MemberTable();
    t.record('dir', strVal('./dist'));
    expect(constText(t.lookup('dir'))).toBe('./dist');
  });

  it('unknown values are not kept and names never stored read as undefined', () => {
    const t = new MemberTable();
    t.record('x', UNKNOWN);
    expect(t.lookup('x')).toBeUndefined();
    expect(t.lookup('y')).toBeUndefined();
  });

  it('an option default is also what a parameter of that name receives', () => {
    const t = new MemberTable();
    t.record('out', strVal('a'));
    expect(t.option('out')).toBeUndefined();
    t.recordOption('out', strVal('/'));
    expect(constText({ ...t.option('out')!, dynamic: false })).toBe('/');
  });
});

describe('option keys', () => {
  it.each([
    ['--out-dir', false, 'out_dir'],
    ['-o, --output <dir>', true, 'output'],
    ['-d, --dir-name <d>', true, 'dirName'],
    ['dest', false, 'dest'],
    ['-v', false, 'v'],
  ] as const)('%s (camel %s) is %s', (flags, camel, want) => {
    expect(optionKey(flags, camel)).toBe(want);
  });
});

describe('config text', () => {
  it.each([
    ['yaml', 'out: /home/agent\n', ['out'], '/home/agent'],
    ['nested yaml', 'paths:\n  out: /x\n  log: l\ncache: c\n', ['paths', 'out'], '/x'],
    ['nested yaml sibling', 'paths:\n  out: /x\ncache: c\n', ['cache'], 'c'],
    ['toml', 'out = "/home/agent"\n', ['out'], '/home/agent'],
    ['toml table', '[build]\nout = "/"\n', ['build', 'out'], '/'],
    ['toml dotted table', '[a.b]\nc = "d"\n', ['a', 'b', 'c'], 'd'],
    ['ini', '[paths]\nout = /home/agent\n; note\n', ['paths', 'out'], '/home/agent'],
    ['quoted yaml', "out: '/srv/x'  # where\n", ['out'], '/srv/x'],
  ] as const)('%s', (_name, text, keys, want) => {
    expect(at(configVal(strVal(text), text), ...keys)).toBe(want);
  });

  it('text without keys is not a mapping', () => {
    expect(configVal(strVal('just words'), 'just words')).toBeUndefined();
  });
});

describe('risk of a value', () => {
  it.each([
    ['/', 3],
    ['~', 3],
    ['/home/agent/', 3],
    ['/root', 3],
    ['../..', 3],
    ['/etc/passwd', 2],
    ['rm -rf build', 2],
    ['build', 1],
  ] as const)('%s ranks %i', (text, want) => {
    expect(riskRank(strVal(text))).toBe(want);
  });

  it('an unknown value ranks 0', () => {
    expect(riskRank(UNKNOWN)).toBe(0);
  });

  it.each([
    ['~', true],
    ['/home/agent', true],
    ['/', true],
    ['build/app', false],
    ['~/.config/app', false],
  ] as const)('moving %s away deletes it: %s', (path, want) => {
    expect(movesAway(path)).toBe(want);
  });
});

describe('paths of values', () => {
  it('a file: URL is its path', () => {
    expect(pathOf(strVal('file:///home/agent')).path).toBe('/home/agent');
  });

  it('~ followed by an unknown user name is a home directory', () => {
    const v: Val = { ...UNKNOWN, parts: ['~', { hole: 'USER' }, '/x'], dynamic: true };
    expect(pathOf(v).path).toBe('~/x');
  });
});
