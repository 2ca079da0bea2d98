import { describe, expect, it } from 'vitest';
import { computesOnly } from '../../../src/engine/knowledge/sql-untrusted-body.js';

const fn = (body: string): string =>
  `CREATE FUNCTION f(t text) RETURNS text AS $$ ${body} $$ LANGUAGE plpython3u`;

describe('computesOnly', () => {
  it.each([
    [fn("import re; return re.sub(r'[^a-z0-9]+', '-', t.lower())"), true],
    [fn('import hashlib, json\nreturn hashlib.sha256(json.dumps(t).encode()).hexdigest()'), true],
    [fn('return t.title() if t else t'), true],
    ["CREATE FUNCTION f(t text) RETURNS text AS 'return t.upper()' LANGUAGE plpython3u", true],
    [fn("return re.sub('os', '', t)"), true],
    [fn('import os; return os.popen(t).read()'), false],
    [fn('import subprocess; return subprocess.check_output(t, shell=True)'), false],
    [fn('return open(t).read()'), false],
    [fn('from urllib.request import urlopen; return urlopen(t).read()'), false],
    [fn("return __import__('os').getcwd()"), false],
    [fn("import random; return random._os.system('id')"), false],
    [fn("import typing; return typing.sys.modules['os'].system('id')"), false],
    [fn('plpy.execute("DROP TABLE users"); return t'), false],
    [fn('return ().__class__.__base__.__subclasses__()'), false],
    ['CREATE FUNCTION f() RETURNS int LANGUAGE plpython3u', false],
  ])('%s -> %s', (text, pure) => {
    expect(computesOnly(text)).toBe(pure);
  });
});
