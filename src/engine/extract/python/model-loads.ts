/**
 * Loaders that run code hidden in what they load (red team r8): ML and array loaders that unpickle
 * (torch.load with weights_only=False, joblib, pandas read_pickle, numpy allow_pickle=True, keras
 * safe_mode=False), zip archives imported as modules, JavaScript engines run from python
 * (execjs, js2py), and bytes written into an executable memory map (shellcode). Each is an exec sink for downloaded or decoded data, like pickle.loads.
 */
import type { CallHandler } from '../code/calls.js';
import { codeFlows, runCode } from '../code/effects.js';
import { constText, deepSources, pathOf, truthy, UNKNOWN, type Val } from '../code/value.js';
import type { DataSource } from '../../facts.js';
import { hostFromUrl } from '../../net/address.js';
import type { PyWalker } from '../python.js';
import type { PyCall } from './calls.js';

type Handler = CallHandler<PyWalker, PyCall>;

/** What loading `src` reads: its own sources, a URL the loader fetches, or the file at its path. */
function loadedSources(w: PyWalker, src: Val): DataSource[] {
  const out = [...deepSources(src)];
  const text = constText(src);
  if (text === null) return out;
  const url = /^https?:\/\//i.test(text) ? hostFromUrl(text) : null;
  if (url) out.push({ kind: 'net', host: url.host.toLowerCase(), url: text });
  else out.push(...w.col.contentSources(pathOf(src).path));
  return out;
}

/** Unpickling loaders, with the keyword that makes each one safe (or unsafe). */
const unpickles: Handler = (w, c) => {
  const kw = (k: string): boolean | undefined => truthy(c.kw.get(k));
  if (c.name === 'torch.load' && kw('weights_only') !== false) return undefined;
  if (c.name === 'numpy.load' && kw('allow_pickle') !== true) return undefined;
  if (c.name.endsWith('load_model') && kw('safe_mode') !== false) return undefined;
  const src =
    c.args[0] ??
    c.kw.get('f') ??
    c.kw.get('filename') ??
    c.kw.get('filepath') ??
    c.kw.get('filepath_or_buffer');
  if (!src) return undefined;
  codeFlows(w.col, c.span, [{ ...UNKNOWN, sources: loadedSources(w, src) }], c.name.split('.')[0]!);
  return undefined;
};

/** zipimport.zipimporter(path): the archive's modules run when loaded from it. */
const zipImporter: Handler = (w, c) => {
  const src = c.args[0] ?? c.kw.get('archivepath');
  if (src) codeFlows(w.col, c.span, [{ ...UNKNOWN, sources: loadedSources(w, src) }], 'zipimport');
  return undefined;
};

/** execjs / js2py: the string is JavaScript run by an engine. */
const runJs: Handler = (w, c) => {
  const code = c.args[0] ?? c.kw.get('source') ?? c.kw.get('js');
  if (!code) return undefined;
  runCode(w.col, c.span, code, 'node', 'node', c.span, 'python');
  return undefined;
};

/**
 * An executable anonymous map (`mmap.mmap(-1, n, prot=... | PROT_EXEC)`): what is written to it is
 * run. A map of an open file (`mmap.mmap(fh.fileno(), 0)`) writes into that file (`m[:] = ...`,
 * `m.write(...)`; code/overwrite.ts over a walk, R24 wiper).
 */
const EXEC_MAP = 'mmap.mmap(PROT_EXEC)';
const execMap: Handler = (w, c) => {
  if (w.text.slice(c.span.start, c.span.end).includes('PROT_EXEC')) return { ...UNKNOWN, ref: EXEC_MAP };
  const file = c.args[0]?.file;
  return file ? { ...UNKNOWN, file, ref: 'mmap.mmap()' } : undefined;
};
/** Bytes written into executable memory are machine code the process jumps to (shellcode loaders). */
const execMapWrite: Handler = (w, c) => {
  const data = c.args[0];
  if (data) codeFlows(w.col, c.span, [data], 'machine code');
  return undefined;
};

/**
 * A program that makes memory executable or calls into a raw address (`mprotect(..., 7)`,
 * `VirtualAlloc(..., 0x40)`, `CFUNCTYPE(...)(addr)`): bytes it copies into a ctypes buffer are the
 * machine code it jumps to. Loading a system library and calling its named functions is neither.
 */
const EXEC_MEMORY =
  /\b(?:mprotect|VirtualAlloc(?:Ex)?|VirtualProtect(?:Ex)?|CreateThread|CreateRemoteThread|NtAllocateVirtualMemory)\b|\bPROT_EXEC\b|\bPAGE_EXECUTE\w*|\b(?:CFUNCTYPE|WINFUNCTYPE|PYFUNCTYPE)\s*\([^()]*\)\s*\(\s*(?!lambda\b|def\b)[\w.]+(?:\.value)?\s*\)/;
const ctypesCopy: Handler = (w, c) => {
  // memmove(dst, src, n) / RtlMoveMemory(dst, src, n) copy their second argument; a buffer holds its first.
  const data = /memmove|MoveMemory|CopyMemory$/.test(c.name) ? c.args[1] : c.args[0];
  if (data && data.sources.length > 0 && EXEC_MEMORY.test(w.text))
    codeFlows(w.col, c.span, [data], 'machine code');
  return undefined;
};

export const PY_MODEL_LOADS: readonly (readonly [readonly string[], Handler])[] = [
  [
    [
      'torch.load',
      'joblib.load',
      'sklearn.externals.joblib.load',
      'pandas.read_pickle',
      'numpy.load',
      'keras.models.load_model',
      'keras.saving.load_model',
      'tensorflow.keras.models.load_model',
    ],
    unpickles,
  ],
  [['zipimport.zipimporter'], zipImporter],
  [['mmap.mmap'], execMap],
  [[`${EXEC_MAP}.write`], execMapWrite],
  [
    [
      'ctypes.create_string_buffer',
      'ctypes.memmove',
      'ctypes.windll.kernel32.RtlMoveMemory',
      'ctypes.windll.kernel32.RtlCopyMemory',
      'ctypes.cdll.msvcrt.memcpy',
    ],
    ctypesCopy,
  ],
  [
    [
      'execjs.eval',
      'execjs.exec_',
      'execjs.compile',
      'js2py.eval_js',
      'js2py.eval_js6',
      'js2py.EvalJs().eval',
      'js2py.EvalJs().execute',
    ],
    runJs,
  ],
];
