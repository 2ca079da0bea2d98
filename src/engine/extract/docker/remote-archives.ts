/**
 * Remote content an image build lays over the system or loads into every program (red team r7):
 * an archive fetched from a URL unpacked over `/`, /etc, /usr, a library directory or a home, and a
 * fetched shared library preloaded (`ENV LD_PRELOAD`, /etc/ld.so.preload). Either runs what the
 * host serves in every later process, as `curl URL | sh` would. Tool installs into /usr/local,
 * /opt or a bin directory, and pinned downloads (a release asset, a digest check) stay allowed.
 */
import type { Download } from './dockerfile.js';

const ARCHIVE = /\.(?:tar|tgz|tbz2?|txz|tzst|zip|tar\.(?:gz|bz2|xz|zst|lz4))(?:[?#].*)?$/i;

/**
 * Directories whose files every program reads: the root, /etc, /usr itself, library directories,
 * /root and homes. /usr/local, /opt and bin directories are where vendors' tarballs go (Go, Node).
 */
const SYSTEM_ROOT =
  /^(?:\/|\/(?:etc|root|boot|lib\w*|usr\/lib\w*|home)(?:\/[^\s]*)?|\/usr|~(?:\/[^\s]*)?|\$\{?HOME\}?(?:\/[^\s]*)?)$/;

/** The directory `DEST` is a system root an unpacked archive would overwrite files in. */
export function isSystemRoot(dest: string): boolean {
  const d = dest.replace(/^["']|["']$/g, '');
  return SYSTEM_ROOT.test(d === '/' ? d : d.replace(/\/+$/, '').replace(/\/\.$/, ''));
}

/** `ADD URL DEST` of an archive into a system root: the URL, when unpinned. */
export function addedOverRoot(download: Download, dest: string): string | undefined {
  if (download.pinned === true || !ARCHIVE.test(download.url)) return undefined;
  return isSystemRoot(dest) ? download.url : undefined;
}

/** Where `tar ... -C DIR` / `--directory=DIR` / `unzip ... -d DIR` unpacks, in one command. */
function unpackTarget(cmd: string): string | undefined {
  if (/\b(?:bs)?tar\b[^|;&]*\s(?:-?[a-wyzA-Z]*x[a-zA-Z]*|--extract|--get)(?=\s|$)/.test(cmd)) {
    const dir = /\s(?:-C\s*|--directory[= ])(["']?)([^\s"';&|]+)\1/.exec(cmd)?.[2];
    return dir ?? '.';
  }
  if (/\bunzip\b/.test(cmd)) return /\s-d\s*(["']?)([^\s"';&|]+)\1/.exec(cmd)?.[2] ?? '.';
  return undefined;
}

const URL_IN = /https?:\/\/[^\s"';&|)]+/;
/** A download checked against a known digest in the same RUN. */
const VERIFIED = /\bsha(?:256|512)sum\b|\bgpg\s+--verify\b|\bcosign\s+verify\b|--checksum\b/;
/** A release asset under its version tag: fixed content. */
const RELEASE_ASSET =
  /^https:\/\/(?:github\.com|gitlab\.com)\/[\w.-]+\/[\w.-]+\/(?:-\/)?releases\/download\/v?\d[\w.+-]*\//i;

/**
 * The URL of remote content a RUN unpacks over a system root: `curl URL | tar -x -C /`, or a file
 * fetched earlier (`downloads`) and unpacked there. `workdir` is where a `tar` without -C unpacks.
 */
export function unpackedOverRoot(
  code: string,
  downloads: readonly Download[],
  workdir: string,
): string | undefined {
  if (code.length > 65536 || VERIFIED.test(code)) return undefined;
  const commands = code.split(/&&|\|\||;|\n/);
  for (const cmd of commands) {
    const dir = unpackTarget(cmd);
    if (dir === undefined) continue;
    const target = dir === '.' ? workdir : dir;
    if (!isSystemRoot(target)) continue;
    // Piped in: the fetch sits in the same pipeline (`curl URL | tar -x`).
    const url = URL_IN.exec(cmd)?.[0];
    if (url !== undefined && /\b(?:curl|wget)\b/.test(cmd) && !RELEASE_ASSET.test(url)) return url;
    for (const d of downloads) if (d.pinned !== true && cmd.includes(d.name)) return d.url;
  }
  return undefined;
}

/** Library paths an `LD_PRELOAD` value or an ld.so.preload write names, that a download fetched. */
export function preloadedDownload(text: string, downloads: readonly Download[]): string | undefined {
  if (text.length > 65536) return undefined;
  for (const d of downloads)
    if (d.pinned !== true && /\.so(?:\.\d+)*$/.test(d.path) && text.includes(d.path)) return d.url;
  return undefined;
}
