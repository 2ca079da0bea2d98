/**
 * Archives unpacked by python (R25 dropper): `zipfile.ZipFile(io.BytesIO(httpx.get(u).content))`
 * then `extractall('/tmp/.agent')` puts the download's files under that folder, so a program later
 * run from there runs downloaded code (SH-AST-010). An archive of the user's own files unpacked
 * stays a file copy: only downloaded or decoded content is recorded.
 */
import { pathOf, strVal, UNKNOWN, type Val } from '../code/value.js';
import type { PyWalker } from '../python.js';
import { PY_CALLS, type PyCall } from './calls.js';

/** The archive an opener reads: a path this input filled from a download holds what it downloaded. */
function withContent(w: PyWalker, v: Val | undefined, from: Val | undefined): Val | undefined {
  if (v === undefined || from === undefined || from.parts === null) return v;
  const held = w.col.contentSources(pathOf(from).path);
  return held.length === 0 ? v : { ...v, sources: [...v.sources, ...held] };
}

// Opened for reading, an archive carries what was written to its path (a zip downloaded to disk first).
PY_CALLS.wrap(
  ['tarfile.open', 'tarfile.TarFile', 'zipfile.ZipFile', 'zipfile.PyZipFile'],
  (prev) => (w, c) => withContent(w, prev?.(w, c), c.args[0] ?? c.kw.get('name') ?? c.kw.get('file')),
);

/** archive.extractall(path) / extract(member, path): the archive's content lands under that folder. */
function extractInto(w: PyWalker, c: PyCall): Val | undefined {
  if (c.recv === undefined) return undefined;
  const dir = c.method === 'extract' ? (c.args[1] ?? c.kw.get('path')) : (c.args[0] ?? c.kw.get('path'));
  w.col.unpacked(c.span, pathOf(dir ?? strVal('.')).path, c.recv.sources);
  return UNKNOWN;
}

/** shutil.unpack_archive(filename, extract_dir): a downloaded archive unpacked by path. */
function unpackArchive(w: PyWalker, c: PyCall): Val | undefined {
  const file = c.args[0] ?? c.kw.get('filename');
  if (file === undefined) return undefined;
  const dir = c.args[1] ?? c.kw.get('extract_dir') ?? strVal('.');
  w.col.unpacked(c.span, pathOf(dir).path, [...file.sources, ...w.col.contentSources(pathOf(file).path)]);
  return UNKNOWN;
}

PY_CALLS.add(
  [
    'tarfile.TarFile().extractall',
    'tarfile.TarFile().extract',
    'zipfile.ZipFile().extractall',
    'zipfile.ZipFile().extract',
  ],
  extractInto,
);
PY_CALLS.add(['shutil.unpack_archive'], unpackArchive);
