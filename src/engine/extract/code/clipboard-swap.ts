/**
 * A clipboard hijacker (issue 22, gdog r10): what the user copied is read, tested against a pattern
 * (a wallet address, an email, an account number) and the clipboard is then overwritten with data
 * that did not come from it, so the user pastes the attacker's address. A write made from what was
 * read (a formatter, a trimmer) and a write with no pattern test (a test fixture) are not that.
 * The replacement is written as `xclip -selection clipboard -i` started via CLIPBOARD_SWAP
 * (SEC-AST-015).
 */
import type { DataSource } from '../../facts.js';
import type { CallHandler, CodeCall } from './calls.js';
import { deepSources, type Val } from './value.js';
import type { CodeWalker } from './walker.js';

type AnyHandler = CallHandler<CodeWalker, CodeCall>;

/** The `via` of the clipboard write a hijack amounts to (SEC-AST-015 reads it). */
export const CLIPBOARD_SWAP = 'a clipboard replaced where its content matched a pattern';

/** Programs that print the clipboard. */
const CLIPBOARD_PRINTERS = new Set(['xclip', 'xsel', 'pbpaste', 'wl-paste']);

/** Read from the clipboard (code/capture.ts writes every clipboard read as `xclip -o`). */
function fromClipboard(v: Val | undefined): boolean {
  return (
    v !== undefined &&
    deepSources(v).some((s: DataSource) => s.kind === 'output' && CLIPBOARD_PRINTERS.has(s.program))
  );
}

/** re.search(p, text) / /p/.test(text) / text.match(p): a pattern test, noted when text is the clipboard. */
export const patternTest: AnyHandler = (w, c) => {
  if (c.args.some(fromClipboard) || fromClipboard(c.recv)) w.col.clipboardMatched = true;
  return undefined;
};

/** pyperclip.copy(x) / clipboardy.write(x): a replacement when the clipboard was matched and x is not from it. */
export const clipboardWrite: AnyHandler = (w, c) => {
  const value = c.args[c.args.length - 1];
  if (w.col.clipboardMatched && value !== undefined && !fromClipboard(value))
    w.col.nested('xclip -selection clipboard -i', 'bash', c.span, CLIPBOARD_SWAP);
  return undefined;
};

/** A command line that writes the clipboard (`xclip -selection clipboard`, `pbcopy`, `wl-copy`, `clip.exe`). */
const CLIPBOARD_WRITER =
  /(?:^|[|;&]\s*)(?:\S*\/)?(?:(?:xclip|xsel)(?![^|;&]*\s(?:-o|-out|--output)\b)|pbcopy|wl-copy|clip(?:\.exe)?)(?=\s|$)/;
const CLIPBOARD_READER =
  /\b(?:xclip\b[^|;&]*\s-o(?:ut)?\b|xsel\b[^|;&]*\s(?:-o|--output)\b|pbpaste|wl-paste)/;

/**
 * A command run after the clipboard was matched that writes other data into it (its standard input
 * not made from what was read): the swap.
 */
export function shellClipboardWrite(
  col: CodeWalker['col'],
  span: CodeCall['span'],
  line: string,
  input: Val | undefined,
): void {
  if (!col.clipboardMatched || fromClipboard(input)) return;
  if (CLIPBOARD_WRITER.test(line) && !CLIPBOARD_READER.test(line))
    col.nested('xclip -selection clipboard -i', 'bash', span, CLIPBOARD_SWAP);
}

/** Python writers by qualified name. */
export const PY_CLIPBOARD_WRITES: readonly string[] = [
  'pyperclip.copy',
  'clipboard.copy',
  'pyclip.copy',
  'klembord.set',
  'klembord.set_text',
  'xerox.copy',
  'win32clipboard.SetClipboardData',
  'win32clipboard.SetClipboardText',
  'tkinter.Tk().clipboard_append',
];

/** Python pattern tests by qualified name. */
export const PY_PATTERN_TESTS: readonly string[] = [
  're.search',
  're.match',
  're.fullmatch',
  're.findall',
  're.finditer',
];

/** JavaScript writers (module-qualified). */
export const JS_CLIPBOARD_WRITES: readonly string[] = [
  'clipboardy.write',
  'clipboardy.writeSync',
  'clipboardy.default.write',
  'clipboardy.default.writeSync',
  'copy-paste.copy',
  'electron.clipboard.writeText',
];
