/**
 * Programs that produce or transform text on a pipe: echo/printf (their text is known), cat,
 * decoders (base64, base32, xxd -r, openssl enc -d), rev, printenv/set (the environment), read.
 * What they output is what a later `| sh` or network sink receives.
 */
import type { DataSource } from '../../facts.js';
import {
  EMPTY_PIPE,
  NO_SOURCES,
  addSource,
  mergeSources,
  type Invocation,
  type Stream,
  type Word,
} from '../bash/model.js';
import { decodeEscapes } from '../bash/words.js';
import type { ProgramHandler } from './types.js';
import { hasOption, optionValues, parseArgs, parseNetAddress } from './util.js';

function sub(w: Word, text: string): Word {
  return { ...w, text };
}

function stdinSources(inv: Invocation): readonly DataSource[] {
  return inv.stdin.interactive ? NO_SOURCES : inv.stdin.sources;
}

function textStream(text: string | null, sources: readonly DataSource[], words: readonly Word[]): Stream {
  const literals = words.flatMap((w) => (w.literal === undefined ? [] : [w.literal]));
  return {
    sources,
    text,
    interactive: false,
    literals,
    ...(words[0] === undefined
      ? {}
      : { textSpan: { start: words[0].span.start, end: words[words.length - 1]!.span.end } }),
  };
}

const echo: ProgramHandler = (inv) => {
  let i = 1;
  let newline = true;
  let escapes = false;
  while (i < inv.argv.length && /^-[neE]+$/.test(inv.argv[i]!.text)) {
    const t = inv.argv[i]!.text;
    if (t.includes('n')) newline = false;
    if (t.includes('e')) escapes = true;
    i++;
  }
  const words = inv.argv.slice(i);
  let sources: readonly DataSource[] = NO_SOURCES;
  let dynamic = false;
  for (const w of words) {
    sources = mergeSources(sources, w.sources);
    if (w.dynamic) dynamic = true;
  }
  let text = words.map((w) => w.text).join(' ');
  if (escapes) text = decodeEscapes(text, true);
  return textStream(dynamic ? null : text + (newline ? '\n' : ''), sources, words);
};

/** Most characters of printf output kept as known text. */
const MAX_PRINTF = 64 * 1024;

/** `%b` also takes `\0NNN` (a zero, then up to three octal digits) for the byte NNN. */
function percentB(text: string): string {
  return text.replace(/\\(\\|0([0-7]{1,3}))/g, (m: string, _what: string, digits: string | undefined) =>
    digits === undefined ? m : '\\' + digits.padStart(3, '0'),
  );
}

const printf: ProgramHandler = (inv) => {
  let words = inv.argv.slice(1);
  if (words[0]?.text === '-v') return undefined;
  if (words[0]?.text === '--') words = words.slice(1);
  const [format, ...rest] = words;
  let sources: readonly DataSource[] = NO_SOURCES;
  let dynamic = false;
  for (const w of words) {
    sources = mergeSources(sources, w.sources);
    if (w.dynamic) dynamic = true;
  }
  if (format === undefined) return EMPTY_PIPE;
  let k = 0;
  const fmt = decodeEscapes(format.text);
  const once = (): string =>
    fmt.replace(/%(%|[-+ #0-9.]*[sbdiouxXcfeEgG])/g, (_m, spec: string) => {
      if (spec === '%') return '%';
      const arg = rest[k++];
      if (arg === undefined) return '';
      return spec.endsWith('b') ? decodeEscapes(percentB(arg.text)) : arg.text;
    });
  // The format is reused while arguments are left (`printf '%s\n' a b` prints two lines).
  let text = once();
  for (let round = 0; k > 0 && k < rest.length && round < 4096 && text.length <= MAX_PRINTF; round++)
    text += once();
  return textStream(dynamic || text.length > MAX_PRINTF ? null : text, sources, words);
};

const cat: ProgramHandler = (inv, kit) => {
  const files = inv.argv.slice(1).filter((w) => !w.text.startsWith('-') || w.text === '-');
  if (files.length === 0 || (files.length === 1 && files[0]!.text === '-'))
    return { ...inv.stdin, interactive: false };
  let sources: readonly DataSource[] = NO_SOURCES;
  // The text is known when every file's is (`echo code > a; cat a > b.sh`, `cat /dev/stdin`).
  let text: string | null = '';
  let textSpan: Stream['textSpan'];
  for (const f of files) {
    sources = mergeSources(sources, f.text === '-' ? stdinSources(inv) : kit.read(f, inv.program));
    const content = f.text === '-' ? (inv.stdin.interactive ? null : inv.stdin) : kit.contentOf(f, inv.stdin);
    if (content !== null) sources = mergeSources(sources, content.sources);
    text = text === null || content?.text == null ? null : text + content.text;
    textSpan ??= content?.textSpan;
  }
  return {
    sources: addSource(sources, { kind: 'output', program: inv.program }),
    text,
    interactive: false,
    literals: [],
    ...(text === null || textSpan === undefined ? {} : { textSpan }),
  };
};

/** Printable result of decoding, or null (binary stays unknown). */
function printable(bytes: Buffer): string | null {
  const text = bytes.toString('utf8');
  return /^[\t\n\r\x20-\x7e\u00a0-\uffff]*$/.test(text) && !text.includes('\ufffd') ? text : null;
}

/** base64 / base32 / xxd -r / openssl base64 -d: decoding marks data as `decoded`. */
function decoder(kind: 'base64' | 'base32' | 'hex', decodeFlags: readonly string[]): ProgramHandler {
  return (inv, kit) => {
    const args = parseArgs(inv.argv, { short: 'wcslgo' });
    const decode = inv.argv
      .slice(1)
      .some(
        (w) =>
          decodeFlags.includes(w.text) ||
          (/^-[a-zA-Z]+$/.test(w.text) && decodeFlags.some((f) => f.length === 2 && w.text.includes(f[1]!))),
      );
    let sources = stdinSources(inv);
    let text = inv.stdin.interactive ? null : inv.stdin.text;
    const files = kind === 'hex' ? args.positionals.slice(0, 1) : args.positionals;
    if (files.length > 0 && files[0]!.text !== '-') {
      sources = NO_SOURCES;
      text = null;
      for (const f of files) sources = mergeSources(sources, kit.read(f, inv.program));
    }
    if (!decode) return { sources, text: null, interactive: false, literals: inv.stdin.literals };
    let decoded: string | null = null;
    if (text !== null) {
      const clean = text.replace(/\s+/g, '');
      if (kind === 'base64' && /^[A-Za-z0-9+/=_-]*$/.test(clean))
        decoded = printable(Buffer.from(clean, 'base64'));
      else if (kind === 'hex' && /^([0-9a-fA-F]{2})*$/.test(clean))
        decoded = printable(Buffer.from(clean, 'hex'));
    }
    const out: Stream = {
      sources: addSource(sources, { kind: 'decoded' }),
      text: decoded,
      interactive: false,
      literals: inv.stdin.literals,
    };
    return inv.stdin.textSpan === undefined ? out : { ...out, textSpan: inv.stdin.textSpan };
  };
}

const openssl: ProgramHandler = (inv, kit) => {
  const sub0 = inv.argv[1]?.text ?? '';
  const args = parseArgs(
    inv.argv,
    {
      singleDashLong: true,
      long: [
        '-in',
        '-out',
        '-key',
        '-inkey',
        '-pass',
        '-passin',
        '-connect',
        '-accept',
        '-CAfile',
        '-cert',
        '-k',
        '-kfile',
        '-K',
        '-iv',
        '-servername',
        '-port',
      ],
    },
    2,
  );
  for (const o of args.options) {
    if (o.value === undefined) continue;
    if (
      o.name === '-in' ||
      o.name === '-key' ||
      o.name === '-inkey' ||
      o.name === '-CAfile' ||
      o.name === '-cert' ||
      o.name === '-kfile'
    )
      kit.read(o.value, 'openssl');
    else if ((o.name === '-pass' || o.name === '-passin') && o.value.text.startsWith('file:'))
      kit.read(sub(o.value, o.value.text.slice(5)), 'openssl');
  }
  const connect = optionValues(args, '-connect')[0];
  if (sub0 === 's_client' && connect !== undefined) {
    const addr = parseNetAddress(connect.text, 'https');
    if (addr !== null) {
      kit.sink.net({
        host: addr.host,
        port: addr.port,
        scheme: 'tls',
        sends: !inv.stdin.interactive,
        actor: 'openssl',
        span: connect.span,
      });
      kit.flow(stdinSources(inv), { kind: 'net', host: addr.host }, inv.span);
      kit.egress(inv.stdin, []);
      return { sources: [{ kind: 'net', host: addr.host }], text: null, interactive: false, literals: [] };
    }
  }
  const accept = optionValues(args, '-accept', '-port')[0];
  if (sub0 === 's_server') {
    kit.sink.net({
      host: '0.0.0.0',
      port: accept !== undefined && /^[0-9]+$/.test(accept.text) ? Number(accept.text) : 4433,
      scheme: 'tls',
      direction: 'listen',
      sends: true,
      actor: 'openssl',
      span: inv.span,
    });
  }
  let sources = stdinSources(inv);
  for (const f of optionValues(args, '-in')) sources = mergeSources(sources, kit.read(f, 'openssl'));
  if ((sub0 === 'enc' || sub0 === 'base64') && hasOption(args, '-d'))
    sources = addSource(sources, { kind: 'decoded' });
  for (const f of optionValues(args, '-out')) kit.write(f, 'openssl', 'write', sources);
  return { sources, text: null, interactive: false, literals: [] };
};

const rev: ProgramHandler = (inv) => {
  const text =
    inv.stdin.text === null
      ? null
      : inv.stdin.text
          .split('\n')
          .map((l) => [...l].reverse().join(''))
          .join('\n');
  return { ...inv.stdin, text, interactive: false };
};

const printenv: ProgramHandler = (inv) => {
  const names = inv.argv.slice(1).filter((w) => !w.text.startsWith('-'));
  const sources: DataSource[] =
    names.length === 0 ? [{ kind: 'env' }] : names.map((w) => ({ kind: 'env', name: w.text }));
  return { sources, text: null, interactive: false, literals: [] };
};

const setBuiltin: ProgramHandler = (inv) =>
  inv.argv.length === 1
    ? { sources: [{ kind: 'env' }], text: null, interactive: false, literals: [] }
    : undefined;

const read: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, { short: 'adinNptu' });
  const names = args.positionals.length === 0 ? ['REPLY'] : args.positionals.map((w) => w.text);
  for (const a of optionValues(args, '-a')) names.push(a.text);
  for (const name of names) kit.assign(name, stdinSources(inv));
  return EMPTY_PIPE;
};

export const TEXT_HANDLERS: Readonly<Record<string, ProgramHandler>> = {
  echo,
  printf,
  cat,
  base64: decoder('base64', ['-d', '--decode', '-D']),
  base32: decoder('base32', ['-d', '--decode']),
  xxd: decoder('hex', ['-r', '-revert']),
  openssl,
  rev,
  printenv,
  set: setBuiltin,
  read,
};
