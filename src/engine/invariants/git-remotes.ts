/**
 * Every branch of the repository pushed to a remote this input names (`git remote add m URL` then
 * `git push m --all`, or `git push URL --all`): the project's whole source and history leave for
 * that host, as a tarball of the workspace would (issue 22 r5/r7). Pushing to a remote the
 * repository already had (origin) is everyday work and is not read here.
 */
import type { ExecFact } from '../facts.js';
import { classifyHost, type HostInfo } from '../net/address.js';
import { gitCommand, hasOption, positionals } from './command-line.js';

export interface WholePush {
  readonly exec: ExecFact;
  readonly host: string;
}

/** The host of a git remote URL (`https://h/r.git`, `ssh://git@h/r`, scp-like `git@h:r.git`). */
function remoteHost(url: string): string | null {
  const m = /^[a-z][\w+.-]*:\/\/(?:[^@/]*@)?(\[[^\]]+\]|[^/:]+)/i.exec(url) ?? /^[^@/:]+@([^/:]+):/.exec(url);
  return m === null ? null : m[1]!.toLowerCase();
}

/** Names of hosts inside the organisation (single labels, internal suffixes) and env-named ones. */
const OWN_HOST = /^[\w-]+$|\.(?:internal|local|lan|corp|intranet|localdomain|home\.arpa)$|[$`{]/i;

function outside(host: HostInfo): boolean {
  return host.class === 'public' || (host.class === 'name' && !OWN_HOST.test(host.host));
}

/** `git push` runs that send every branch (`--all`, `--mirror`, a `refs/*` or `*` refspec). */
function pushesEverything(args: readonly string[]): boolean {
  return (
    hasOption(args, '', '--all', '--mirror', '--branches') ||
    positionals(args).some((w) => /^\+?(?:refs\/(?:heads\/)?)?\*(?::|$)/.test(w))
  );
}

/** Pushes of every branch to a remote added in this input, or to a URL, on a host outside. */
export function wholeRepositoryPushes(execs: readonly ExecFact[]): WholePush[] {
  const added = new Map<string, string>();
  const out: WholePush[] = [];
  const ordered = [...execs].sort((a, b) => a.span.start - b.span.start);
  for (const e of ordered) {
    const git = gitCommand(e);
    if (git === null) continue;
    const words = positionals(git.args);
    if (git.sub === 'remote' && (words[0] === 'add' || words[0] === 'set-url') && words.length >= 3) {
      added.set(words[1]!, words[2]!);
      continue;
    }
    if (git.sub !== 'push' || !pushesEverything(git.args)) continue;
    const target = words[0];
    if (target === undefined) continue;
    const url = added.get(target) ?? (/[:/]/.test(target) ? target : undefined);
    const host = url === undefined ? null : remoteHost(url);
    if (host !== null && outside(classifyHost(host))) out.push({ exec: e, host });
  }
  return out;
}
