/**
 * A sensitive API reached by a hidden name (issue 22, gdog r11): `cp['sp' + 'awn']`,
 * `Reflect.get(os, 'hostname')`, `getattr(os, b64decode(...))`, `vars(__builtins__)['exec']`.
 * Code that means to start a process, run code, write or send says so with a dotted name; spelling
 * the name as data is how malware slips past scanners that read names. The extractors call
 * `hiddenName` where they resolve such a spelling; SH-AST-013 denies what it writes.
 */
import type { Span } from '../../types.js';
import type { Collector } from './collector.js';

/** The `via` of the marker run that records the hidden name (SH-AST-013 reads it). */
export const HIDDEN_NAME = 'a sensitive API reached by a name spelled as data';

/** What each sensitive family does, by qualified-name shape (python and node spellings). */
const SENSITIVE: readonly (readonly [RegExp, string])[] = [
  [
    /^(?:child_process\.(?:spawn|exec|execFile|fork)(?:Sync)?|os\.(?:system|popen\d?|startfile|exec[lv]p?e?|spawn[lv]p?e?|posix_spawnp?|fork)|subprocess\.\w+|pty\.spawn|commands\.getoutput|process\.dlopen|process\.binding)$/,
    'starts a process',
  ],
  [
    /^(?:eval|exec|compile|execfile|Function|__import__|builtins\.(?:eval|exec|compile|__import__)|vm\.\w+|module\._compile|require|module\.require|importlib\.import_module|marshal\.loads|ctypes\.\w+)$/,
    'runs code',
  ],
  [
    /^(?:fs\.(?:writeFile|appendFile|createWriteStream|unlink|rm|rmdir|rename|copyFile|chmod)(?:Sync)?|os\.(?:remove|unlink|rmdir|removedirs|rename|chmod)|shutil\.(?:rmtree|move|copy\w*))$/,
    'writes or deletes files',
  ],
  [
    /^(?:https?\.(?:request|get)|net\.(?:connect|createConnection|Socket)|tls\.connect|dgram\.createSocket|fetch|XMLHttpRequest|requests\.(?:get|post|put|patch|delete|request|Session)|urllib\.request\.(?:urlopen|Request)|urllib2\.urlopen|http\.client\.HTTPS?Connection|socket\.(?:socket|create_connection))$/,
    'sends over the network',
  ],
  [
    /^(?:os\.(?:hostname|userInfo|networkInterfaces|getlogin|uname)|socket\.(?:gethostname|getfqdn|gethostbyname)|getpass\.getuser|platform\.(?:node|uname))$/,
    'reads who and where the code runs',
  ],
];

/** What a sensitive API does, or null for everything else (`getattr(os, 'O_BINARY', 0)`). */
export function sensitiveApi(qualified: string): string | null {
  for (const [shape, what] of SENSITIVE) if (shape.test(qualified)) return what;
  return null;
}

/** Modules whose members are mostly sensitive: enumerating them to pick one by name is the hiding. */
const SENSITIVE_MODULES: ReadonlySet<string> = new Set([
  'child_process',
  'vm',
  'os',
  'http',
  'https',
  'net',
  'tls',
  'dgram',
  'subprocess',
  'builtins',
]);

/** `Object.entries(cp).find(...)`, `dir(os)`: a sensitive module's members listed to be picked by name. */
export function hiddenEnumeration(col: Collector, span: Span, mod: string, how: string): void {
  if (SENSITIVE_MODULES.has(mod))
    col.exec(span, ['true', `${mod}.*`, 'lists a module of sensitive APIs', how], false, HIDDEN_NAME);
}

/** Records that `qualified` was reached by `how` (a computed key, a reflective read) when it matters. */
export function hiddenName(col: Collector, span: Span, qualified: string, how: string): void {
  const what = sensitiveApi(qualified);
  if (what === null) return;
  // A marker run: `true` does nothing, its arguments say what was hidden (SH-AST-013's reason).
  col.exec(span, ['true', qualified, what, how], false, HIDDEN_NAME);
}

/**
 * A python identifier written in look-alike letters (`𝚎𝚡𝚎𝚌`, fullwidth `ｏｓ`): python folds names to
 * NFKC before binding them (PEP 3131), so it runs as the plain ASCII name while a reader, or a scanner
 * matching names, sees other characters. Only disguise needs it; letters of other scripts (`café`,
 * `π`) fold to themselves and are never marked.
 */
export function foldedName(col: Collector, span: Span, name: string): void {
  const folded = name.normalize('NFKC');
  if (folded === name || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(folded)) return;
  const what = sensitiveApi(folded) ?? 'a name';
  col.exec(
    span,
    ['true', folded, what, `look-alike letters python folds to it (${name})`],
    false,
    HIDDEN_NAME,
  );
}
