/**
 * Files overwritten in place while a listing or glob is walked (issue 22 r5, the ransomware shape):
 * every file the walk visits emptied, given fixed text, or replaced by its own ciphertext is data
 * destroyed, reported as a 'truncate' of the walked glob so FS-AST-005 judges home, system and
 * whole-workspace walks as it judges `find ~ -exec truncate -s0 {} +`.
 *
 * The line drawn: content derived from the same file and written back (a formatter, a codemod
 * replacing a string) keeps the file's data and is not reported; empty or constant content is, and
 * so is the file's own content when the program encrypts (Fernet, AES, createCipheriv...), since
 * the key is the attacker's. Content from elsewhere of unknown shape is not judged (a generator).
 */
import { constText, deepSources, pathOf, type Val } from './value.js';
import type { CodeWalker } from './walker.js';

/** The last path segment is a glob: the path names every entry a walk or listing visits. */
const WALKED = /\*[^/]*$/;

/** Encryption APIs of python and node: a program naming one encrypts what it writes back. */
const CIPHER =
  /\b(?:Fernet|MultiFernet|AES(?:GCM|CCM|SIV)?\s*\.\s*new|ChaCha20(?:Poly1305)?|Salsa20|Blowfish|DES3|createCipher(?:iv)?|publicEncrypt|privateEncrypt|encryptor\s*\(|SecretBox|pyAesCrypt|subtle\s*\.\s*encrypt|CryptoJS\s*\.\s*(?:AES|TripleDES|Rabbit|RC4))\b|\.encrypt(?:_and_digest|File)?\s*\(/;

const ciphers = new WeakMap<CodeWalker, boolean>();

/** The input names an encryption API (tested once per walker). */
function encrypts(w: CodeWalker): boolean {
  let has = ciphers.get(w);
  if (has === undefined) {
    has = CIPHER.test(w.text);
    ciphers.set(w, has);
  }
  return has;
}

/** Tests that pick entries by name or kind (`endswith('.log')`, `.suffix`, `extname`, `fnmatch`). */
const NAME_TEST =
  /\.(?:endswith|endsWith|startswith|startsWith|includes|match|test|fullmatch|search)\s*\(|\.(?:suffix|suffixes|stem)\b|\b(?:extname|splitext|fnmatch|minimatch|micromatch)\b/;

const tests = new WeakMap<CodeWalker, boolean>();

/**
 * What a walk's truncate is reported as: marked `(every file it walks)` when nothing in the input
 * picks entries by name, so FS-AST-005 judges a workspace-wide walk by it (a walk that empties
 * only the `.log` files it picks keeps the plain name and stays allowed inside the workspace).
 */
export function walkActor(w: CodeWalker, path: string, actor: string): string {
  if (!WALKED.test(path)) return actor;
  let picks = tests.get(w);
  if (picks === undefined) {
    picks = NAME_TEST.test(w.text);
    tests.set(w, picks);
  }
  return picks ? actor : `${actor} ${EVERY_FILE}`;
}

/** A comparison with a literal name or a membership test (`f == '.DS_Store'`, `name in KEEP`). */
const LITERAL_PICK = /[=!]==?\s*['"`]|['"`]\s*[=!]==?|\bif\s[^\n:]*\sin\s|\.has\s*\(/;

/**
 * What a walk's non-recursive delete is reported as: marked as walkActor marks a truncate when
 * nothing in the input picks entries by name or by comparing with a literal name, so FS-AST-002
 * judges a walk that deletes every entry at every depth of the workspace (r6).
 */
export function deleteWalkActor(w: CodeWalker, path: string, actor: string): string {
  const marked = walkActor(w, path, actor);
  return marked !== actor && LITERAL_PICK.test(w.text) ? actor : marked;
}

/** The mark walkActor adds (FS-AST-005 reads it). */
export const EVERY_FILE = '(every file it walks)';

/** The program read the file it is about to write (`open(p).read()` before `open(p, 'w')`). */
function readsBack(w: CodeWalker, path: string): boolean {
  return w.col.facts.some((f) => f.kind === 'file' && f.op === 'read' && f.path === path);
}

/**
 * `data` written over the walked file `path`: reported as a truncate when it destroys the file's
 * content. `data` undefined: the file was opened for writing (which empties it) and the program
 * writes nothing it read from the file.
 */
export function overwriteWalk(
  w: CodeWalker,
  span: { start: number; end: number },
  path: Val,
  data: Val | undefined,
  actor: string,
): void {
  const p = pathOf(path);
  if (!p.dynamic || !WALKED.test(p.path)) return;
  if (data === undefined) {
    if (readsBack(w, p.path)) return;
  } else if (constText(data) === null) {
    const own = deepSources(data).some((s) => s.kind === 'file' && s.path === p.path);
    if (!own || !encrypts(w)) return;
  }
  w.col.file(span, 'truncate', p.path, walkActor(w, p.path, actor), { dynamic: true });
}
