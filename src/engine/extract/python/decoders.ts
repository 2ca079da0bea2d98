/**
 * Python's other standard decoders (issue 22, r3): urllib.parse.unquote, html.unescape, quopri,
 * int.to_bytes. Their result is generated text: folded when the input is known, so the command is
 * analysed, and marked so that decoded text reaching exec or a shell is denied even when it is not.
 */
import type { SyntaxNode } from '../../parse/index.js';
import type { CallHandler } from '../code/calls.js';
import { htmlUnescape, intBytes, percentDecode, quotedPrintable } from '../code/decoders.js';
import { constText, opaque, strVal, type Val } from '../code/value.js';
import type { PyWalker } from '../python.js';
import type { PyCall } from './calls.js';

type Handler = CallHandler<PyWalker, PyCall>;

/** The decoded text of `from` (null: not foldable), always marked generated, taint kept. */
export function generatedText(from: Val, text: string | null): Val {
  if (text === null) return { ...opaque([from]), generated: true };
  return { ...strVal(text), sources: from.sources, lits: from.lits, generated: true };
}

function decoder(f: (s: string) => string | null, kw: string): Handler {
  return (_w, c) => {
    const v = c.args[0] ?? c.kw.get(kw);
    if (!v) return undefined;
    const t = constText(v);
    return generatedText(v, t === null ? null : f(t));
  };
}

/** n.to_bytes(length, byteorder) / int.to_bytes(n, length, byteorder): the integer's bytes as text. */
const toBytes: Handler = (w, c) => {
  const byMethod = c.name !== 'int.to_bytes';
  const n = byMethod ? c.recv : c.args[0];
  const node: SyntaxNode | undefined = byMethod ? c.recvNode : c.argNodes[0];
  const rest = byMethod ? c.args : c.args.slice(1);
  if (!n) return undefined;
  if (n.num === undefined && n.parts !== null) return undefined;
  const length = (rest[0] ?? c.kw.get('length'))?.num;
  const order = constText(rest[1] ?? c.kw.get('byteorder')) ?? 'big';
  // The literal's source, not the folded number: a 31-byte integer is past a double's precision.
  const literal = node && /integer|parenthesized/.test(node.type) ? w.src(node) : null;
  const src = literal ?? (n.num !== undefined && Number.isSafeInteger(n.num) ? String(n.num) : null);
  return generatedText(n, src === null ? null : intBytes(src, length, order === 'little'));
};

/** Operators that compute byte values (a one-character operand is a byte of an iterated bytes literal). */
const BYTE_OPS = new Set(['^', '|', '&', '+', '-', '<<', '>>']);

/** A byte's value: a known number, or the code of a one-character string (iterating `b'..'` yields ints). */
function byteCode(v: Val): number | undefined {
  if (v.num !== undefined) return v.num;
  const t = v.ref === undefined ? constText(v) : null;
  return t !== null && t.length === 1 ? t.charCodeAt(0) : undefined;
}

/**
 * `b ^ 1`, `(b - 1) & 0xff` over the bytes of a literal: the byte computed, marked generated (an
 * XOR or shift cipher). XOR with an unknown side is generated text too: a key applied to data is
 * a decoder whatever the key (fail closed). Undefined for everything else (the caller combines).
 */
export function byteArithmetic(o: string, a: Val, b: Val): Val | undefined {
  if (!BYTE_OPS.has(o)) return undefined;
  const x = byteCode(a);
  const y = byteCode(b);
  const charSide = (a.num === undefined && x !== undefined) || (b.num === undefined && y !== undefined);
  if (x !== undefined && y !== undefined && (charSide || a.generated === true || b.generated === true)) {
    if (o === '+' && a.num === undefined && b.num === undefined) return undefined;
    const num =
      o === '^'
        ? x ^ y
        : o === '|'
          ? x | y
          : o === '&'
            ? x & y
            : o === '+'
              ? x + y
              : o === '-'
                ? x - y
                : o === '<<'
                  ? x << y
                  : x >> y;
    return { ...opaque([a, b]), parts: null, dynamic: false, num, generated: true };
  }
  if (o === '^' || (charSide && o !== '+')) return { ...opaque([a, b]), generated: true };
  return undefined;
}

/** Qualified names of the decoders, with their handlers. */
export const PY_DECODERS: readonly (readonly [readonly string[], Handler])[] = [
  [
    ['urllib.parse.unquote', 'urllib.unquote', 'urllib.parse.unquote_to_bytes', 'urllib.request.unquote'],
    decoder((s) => percentDecode(s), 'string'),
  ],
  [['urllib.parse.unquote_plus', 'urllib.unquote_plus'], decoder((s) => percentDecode(s, true), 'string')],
  [['html.unescape', 'HTMLParser.HTMLParser().unescape'], decoder((s) => htmlUnescape(s), 's')],
  [['xml.sax.saxutils.unescape'], decoder((s) => htmlUnescape(s, true), 'data')],
  [['quopri.decodestring', 'binascii.a2b_qp'], decoder(quotedPrintable, 's')],
  [['int.to_bytes'], toBytes],
  // Decoders the walk does not fold: what they return is generated text all the same (fail closed).
  [
    [
      'binascii.a2b_uu',
      'binascii.a2b_hqx',
      'binascii.rledecode_hqx',
      'codecs.escape_decode',
      'codecs.unicode_escape_decode',
      'codecs.raw_unicode_escape_decode',
      'codecs.getdecoder()',
      'codecs.lookup().decode',
      'codecs.iterdecode',
    ],
    (_w, c) => ({ ...opaque(c.args), generated: true }),
  ],
  [['codecs.getdecoder', 'codecs.lookup'], (_w, c) => ({ ...opaque(c.args), ref: `${c.name}()` })],
];

/** msg.get_payload(decode=True): the transfer encoding (base64, quoted-printable) undone. */
const payload: Handler = (_w, c) =>
  c.kw.get('decode')?.bool === true || c.args[1]?.bool === true
    ? { ...opaque(c.recv ? [c.recv] : []), generated: true }
    : undefined;

/** Method-name decoders (receiver type unknown). */
export const PY_DECODER_METHODS: readonly (readonly [string, Handler])[] = [
  ['to_bytes', toBytes],
  ['get_payload', payload],
];
