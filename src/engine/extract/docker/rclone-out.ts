/**
 * The rclone image uploading the host directories it mounts to a consumer file-sharing account
 * (R10-R17: `docker run -v /srv/backups:/data rclone/rclone copy /data mega:dump`, `... copy /w
 * dropbox-personal:backup`, `--mega-user x@proton.me`): the files leave for a personal cloud drive.
 * What the remote is comes from its name (`mega:`, `dropbox-personal:`, an on-the-fly `:mega:`),
 * its backend flags (`--mega-user`), or a name of a drop point (`drop:loot`). Uploads to object
 * storage (`s3:acme-backups`, `b2:`), downloads from a drive into the mount, and listings are work.
 */

/** Remote names of file-sharing and personal drive backends (rclone's backend names and their usual remotes). */
const SHARING =
  /^:?(?:dropbox|mega|gdrive|googledrive|google_?drive|drive|onedrive|pcloud|box|yandex|koofr|mediafire|putio|icloud|icloudrive|protondrive|proton|filen|jottacloud|sugarsync|opendrive|fichier|1fichier|gofile|pixeldrain|uptobox|internetarchive)(?:[\d_-][\w-]*)?$/i;
/** Remote name words of a drop or a personal stash. */
const DROP_WORD = /^(?:drop|loot|exfil|stash|personal|private|mine|leak|dump)$/i;
/** Backend options that say which sharing service the command talks to. */
const SHARING_FLAG =
  /^--(?:mega|dropbox|drive|onedrive|pcloud|box|yandex|koofr|mediafire|putio|protondrive|filen|jottacloud|gofile|pixeldrain)-/;
const UPLOAD = /^(?:copy|sync|move|copyto|moveto|bisync)$/;

/**
 * What `rclone ARGS` sends to a file-sharing account, and the remote: `[what, to]`, or undefined.
 * `env` (`K=V`) may configure the remote inline: `RCLONE_CONFIG_DROP_TYPE=mega` makes `drop:` a Mega account.
 */
export function rcloneUpload(
  args: readonly string[],
  env: readonly string[] = [],
): [string, string] | undefined {
  const positional = args.filter(
    (a, j) => !a.startsWith('-') && !/^--(?:config|[\w-]+-(?:user|pass|token))$/.test(args[j - 1] ?? ''),
  );
  const [verb, from, to] = positional;
  if (verb === undefined || !UPLOAD.test(verb) || from === undefined || to === undefined) return undefined;
  const remote = (ref: string): string | undefined => /^(:?[\w.-]+):/.exec(ref)?.[1];
  // The source is a local path (`/data`, `./w`), not another remote.
  if (remote(from) !== undefined && !/^[/.~]/.test(from)) return undefined;
  const name = remote(to);
  if (name === undefined) return undefined;
  const backend = env
    .map((e) => /^RCLONE_CONFIG_(\w+?)_TYPE=(\w+)$/i.exec(e))
    .find((m) => m !== null && m[1]!.toLowerCase() === name.toLowerCase())?.[2];
  const sharing =
    SHARING.test(name) ||
    (backend !== undefined && SHARING.test(backend)) ||
    name.split(/[-_.]+/).some((w) => DROP_WORD.test(w)) ||
    (name.startsWith(':') === false && args.some((a) => SHARING_FLAG.test(a)));
  return sharing ? [`${from} by rclone ${verb}, to a file-sharing or personal drive account`, to] : undefined;
}
