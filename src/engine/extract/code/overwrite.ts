/**
 * Files overwritten in place while a listing or glob is walked (issue 22 r5, the ransomware shape):
 * every file the walk visits emptied, given fixed text, or replaced by its own ciphertext is data
 * destroyed, reported as a 'truncate' of the walked glob so FS-AST-005 judges home, system and
 * whole-workspace walks as it judges `find ~ -exec truncate -s0 {} +`.
 *
 * The line drawn: content derived from the same file and written back (a formatter, a codemod
 * replacing a string) keeps the file's data and is not reported; empty or constant content is, and
 * so is the file's own content when the program encrypts (Fernet, AES, createCipheriv, a byte-wise
 * XOR with a key), since the key is the attacker's. Content that cannot be the file's own is data
 * destroyed too (r17): random bytes (`os.urandom`, `crypto.randomBytes`), a zero-filled buffer of its
 * size, or a one-way digest of the file (`hashlib.sha256(data).digest()`). Content from elsewhere of
 * unknown shape is not judged (a generator).
 */
import { constText, deepSources, pathOf, type Val } from './value.js';
import type { CodeWalker } from './walker.js';

/** The last path segment is a glob: the path names every entry a walk or listing visits. */
const WALKED = /\*[^/]*$/;

/** Encryption APIs of python and node: a program naming one encrypts what it writes back. */
const CIPHER =
  /\b(?:Fernet|MultiFernet|AES(?:GCM|CCM|SIV)?\s*\.\s*new|ChaCha20(?:Poly1305)?|Salsa20|Blowfish|DES3|createCipher(?:iv)?|publicEncrypt|privateEncrypt|encryptor\s*\(|SecretBox|secretbox|crypto_(?:secretbox|box|aead)_\w+|pyAesCrypt|subtle\s*\.\s*encrypt|CryptoJS\s*\.\s*(?:AES|TripleDES|Rabbit|RC4))\b|\.encrypt(?:_and_digest|File)?\s*\(|[\w\])]\s*\^=?\s*(?:0x[0-9a-fA-F]+|key\w*|k)\b/;

/**
 * Values that are no file's content, by what made them: a random source, a zero-filled buffer or a
 * short fill repeated (`b'\\0' * size`, R24 mmap wiper), a one-way digest (whatever was hashed, the file cannot be read back from it).
 */
const NOT_CONTENT =
  /^repeat\(\)$|(?:^|\.)(?:urandom|token_bytes|token_hex|token_urlsafe|randbytes|getrandbits|get_random_bytes|random_bytes|randomBytes|randomFillSync|randomFill|getRandomValues|alloc|allocUnsafe|zeros)\(\)|(?:^|\.)(?:hex|b64)?digest\(\)/;

/** `data` was made by something that cannot give the file's content back (NOT_CONTENT). */
function notContent(data: Val): boolean {
  const ref = data.ref;
  if (ref === undefined) return false;
  if (NOT_CONTENT.test(ref)) return true;
  // `bytes(n)` / `bytearray(n)` of a size, not of the file's data: zeros.
  return /^(?:bytes|bytearray)\(\)$/.test(ref) && data.sources.length === 0;
}

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
  /\.(?:endswith|endsWith|startswith|startsWith|includes|match|test|fullmatch|search)\s*\(|\.(?:suffix|suffixes|stem)\b|\b(?:extname|splitext|fnmatch|minimatch|micromatch)\b/g;

/** A comparison with a literal name or a membership test (`f == '.DS_Store'`, `name in KEEP`). */
const LITERAL_PICK = /[=!]==?\s*['"`]|['"`]\s*[=!]==?|\bif\s[^\n:]*\sin\s|\.has\s*\(/g;

/** The first listing or walk of a tree. */
const LISTING =
  /\b(?:walk|fwalk|rglob|i?glob|globSync|listdir|scandir|iterdir|readdir(?:Sync)?|opendir(?:Sync)?|walkSync|readdirp)\s*\(/;

/** A guard at the top level of the program (`if host.startswith('10.'):`), not inside a helper. */
const TOP_GUARD = /^(?:if|elif|while)\b|^if\s*\(/;

/** The name parts (`.suffix`, `extname`, `splitext`) are strings: a pick only when compared or kept. */
const NAME_PART = /^\.(?:suffix|suffixes|stem)$|^(?:extname|splitext)$/;

/** Words that make a line a condition or keep a value to test later (`ext = splitext(f)[1]`). */
const CONDITION = /\b(?:if|elif|while|filter|where|unless|continue|in)\b|&&|\|\||\?|[^=!<>]=(?!>)/;

/**
 * Some test in the input picks entries. A guard before the walk at the top level (a host or time
 * zone checked before every file is overwritten, r9 protestware) picks none, nor does a name part
 * only used to build a new name (`p.with_suffix(p.suffix + '.xor')`, r9 ransomware).
 */
function picksEntries(text: string, test: RegExp): boolean {
  const listing = text.search(LISTING);
  test.lastIndex = 0;
  for (let m = test.exec(text); m !== null; m = test.exec(text)) {
    const line = text.slice(text.lastIndexOf('\n', m.index) + 1, m.index + m[0].length);
    if (m.index < listing && TOP_GUARD.test(line)) continue;
    if (NAME_PART.test(m[0]) && !CONDITION.test(line)) continue;
    return true;
  }
  return false;
}

const tests = new WeakMap<CodeWalker, boolean>();
const literals = new WeakMap<CodeWalker, boolean>();

/**
 * What a walk's truncate is reported as: marked `(every file it walks)` when nothing in the input
 * picks entries by name, so FS-AST-005 judges a workspace-wide walk by it (a walk that empties
 * only the `.log` files it picks keeps the plain name and stays allowed inside the workspace).
 */
export function walkActor(w: CodeWalker, path: string, actor: string): string {
  if (!WALKED.test(path)) return actor;
  let picks = tests.get(w);
  if (picks === undefined) {
    picks = picksEntries(w.text, NAME_TEST);
    tests.set(w, picks);
  }
  return picks ? actor : `${actor} ${EVERY_FILE}`;
}

/**
 * What a walk's non-recursive delete is reported as: marked as walkActor marks a truncate when
 * nothing in the input picks entries by name or by comparing with a literal name, so FS-AST-002
 * judges a walk that deletes every entry at every depth of the workspace (r6).
 */
export function deleteWalkActor(w: CodeWalker, path: string, actor: string): string {
  const marked = walkActor(w, path, actor);
  if (marked === actor) return actor;
  let picks = literals.get(w);
  if (picks === undefined) {
    picks = picksEntries(w.text, LITERAL_PICK);
    literals.set(w, picks);
  }
  return picks ? actor : marked;
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
  } else if (constText(data) === null && !notContent(data)) {
    const own = deepSources(data).some((s) => s.kind === 'file' && s.path === p.path);
    if (!own || !encrypts(w)) return;
    const tree = DECRYPT.test(w.text) ? p.path : treeOf(p.path);
    w.col.file(span, 'truncate', tree, walkActor(w, p.path, actor), { dynamic: true });
    return;
  }
  w.col.file(span, 'truncate', p.path, walkActor(w, p.path, actor), { dynamic: true });
}

/**
 * The tree a walk that picks kinds at every depth reaches (`/srv/**\/*.{pdf,docx}` is under
 * `/srv/**\/*`): encrypting every document of a tree holds it to ransom whatever kinds it picks.
 */
function treeOf(path: string): string {
  return /\/\*\*\/[^/]*$/.test(path) ? path.replace(/\/[^/]*$/, '/*') : path;
}

/**
 * Decryption called: a program restoring files from their ciphertext deletes the ciphertext. A call,
 * not the word: a ransom note (`HOW_TO_DECRYPT.txt`, R21) names decryption without doing it.
 */
const DECRYPT = /decrypt\w*\s*\(|Decipher|secretbox\.open|_open_easy|box_open/i;

/**
 * The walked file `path` deleted after the program read it and encrypted what it wrote (R18:
 * `writeFileSync(f + '.lck', cipher(readFileSync(f))); unlinkSync(f)`, `p.with_name(p.name +
 * '.crypt').write_bytes(f.encrypt(p.read_bytes())); p.unlink()`): only the ciphertext is left,
 * which is the file overwritten by its own ciphertext. Reported as a truncate of every file the
 * walk reaches (FS-AST-005), kinds picked or not. A program that decrypts is restoring files.
 */
export function encryptedAway(
  w: CodeWalker,
  span: { start: number; end: number },
  path: string,
  actor: string,
): void {
  if (!WALKED.test(path) || !encrypts(w) || !readsBack(w, path) || DECRYPT.test(w.text)) return;
  w.col.file(span, 'truncate', treeOf(path), `${actor} ${EVERY_FILE}`, { dynamic: true });
}
