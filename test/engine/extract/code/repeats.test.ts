/** Hot regions: keyspaces, and when a region's requests are a flood or guesses (code/repeats.ts). */
import { describe, expect, it } from 'vitest';
import { keyspaceOf, loopRegion, regionMarks } from '../../../../src/engine/extract/code/repeats.js';
import { UNKNOWN, type Val } from '../../../../src/engine/extract/code/value.js';

/** A value read from `path`, as a loop over a file's lines sees it. */
function fromFile(path: string): Val {
  return { ...UNKNOWN, sources: [{ kind: 'file', path }] };
}

describe('keyspaceOf', () => {
  it.each([
    ['itertools.product("0123456789", repeat=4)', 10000],
    ['product(string.digits, repeat=6)', 1000000],
    ["product('ab', repeat=3)", 8],
    ['product(a, b)', undefined],
    ['range(10)', undefined],
  ])('%s', (src, turns) => {
    expect(keyspaceOf(src)?.turns).toBe(turns);
  });
});

describe('regionMarks', () => {
  it.each([
    ['a login per line of a top-10k list', 'top10k.txt', "s.post(u, data={'pwd': pw})", 'top10k.txt'],
    ['shorthand password in a body', 'rockyou.txt', 'axios.post(u, { email, password })', 'rockyou.txt'],
    ['a POP3 pass_ per line', 'pw-common.txt', 'p.pass_(pw)', 'pw-common.txt'],
    [
      'a combo list under any name, split at the colon',
      'hits.txt',
      "const [u, p] = l.split(':'); got.post(url, { json: { user: u, password: p } })",
      'hits.txt',
    ],
    ['a breach check sends no login', 'passwords.txt', 'requests.get(api + sha1(pw)[:5])', undefined],
    ['a health check over a service list', 'services.txt', 'requests.get(url + "/healthz")', undefined],
    [
      'a colon split with no login',
      'hosts.txt',
      "h, port = l.split(':'); socket.connect((h, port))",
      undefined,
    ],
  ])('%s', (_why, path, text, guesses) => {
    const region = loopRegion(text, false, undefined, fromFile(path));
    const marks = region && regionMarks(region, false, false);
    expect(marks?.guesses).toBe(guesses);
  });

  it('reads the login from an own function the loop calls', () => {
    const region = loopRegion('(tryone(s, l) for l in lines)', false, undefined, fromFile('x.txt'))!;
    region.bodies.push("def tryone(s, l):\n    u, p = l.split(':')\n    s.post(url, data={'pass': p})");
    expect(regionMarks(region, false, false)?.guesses).toBe('x.txt');
  });

  it('a keyspace guesses a code field', () => {
    const keys = keyspaceOf('product("0123456789", repeat=4)')!;
    const region = loopRegion("requests.post(u, json={'otp': c})", false, keys.turns, undefined, keys.what)!;
    expect(regionMarks(region, true, false)?.guesses).toBe(keys.what);
  });
});
