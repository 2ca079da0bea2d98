/**
 * Builds run by a daemon off the user's network: `docker build` sends the whole build context (the
 * workspace's source, .env included) to the daemon it talks to. `-H tcp://203.0.113.77:2375`,
 * DOCKER_HOST, or a context created in the same input with `--docker host=...` and then named or
 * used (red team r7); a compose project brought up or a stack deployed there goes with its files and
 * `.env` values (R23); an image or archive loaded or imported there ships it, and a push run there
 * hands it the client's registry login (R25). A daemon on this machine or the user's own network is
 * where builds run.
 */
import { classifyHost } from '../../net/address.js';
import { internalZone } from '../../knowledge/internal-zone.js';
import type { ShellWord } from './shell-words.js';

/** Contexts the input creates (name → daemon URL) and the one `docker context use` selects (key ''). */
export type Contexts = Map<string, string>;

/** One-label names, and names of a site's own network, are the user's machines (ssh aliases, LAN). */
const OWN_NAME =
  /^[\w-]+$|\.(?:local|internal|lan|corp|home\.arpa|intranet|localdomain|svc|cluster\.local)$/i;
/** Docker's global flags that take no value (`--tlsverify` before the subcommand is no host). */
const BARE_FLAG = /^(?:--tls|--tlsverify|-D|--debug)$/;

/** The daemon URL's host when it is off this machine and the user's own network, else undefined. */
function outsideHost(url: string): string | undefined {
  const m = /^(?:tcp|ssh|https?):\/\/(?:[^@/]*@)?(\[[^\]]+\]|[^:/?#]+)/i.exec(url.trim());
  if (m === null) return undefined;
  const host = m[1]!.toLowerCase();
  const c = classifyHost(host).class;
  if (c === 'private' || c === 'loopback' || c === 'link-local' || c === 'unspecified') return undefined;
  return c === 'name' &&
    // A company's internal zone under its public domain (`build-01.internal.acme.io`, fp14).
    (OWN_NAME.test(host) || internalZone(host))
    ? undefined
    : host;
}

const BUILD = /^(?:build|builder|buildx|image)$/;
/** Compose verbs that send the project (its files, `.env` values, build contexts) to the daemon. */
const SHIPS = /^(?:up|build|run|create|start|deploy|watch)$/;
/** Image verbs that hand the daemon an archive or the registry login (`load -i app.tar`, `push`). */
const IMAGE_OUT: Readonly<Record<string, string>> = {
  load: 'an image archive',
  import: 'a filesystem archive',
  push: "the client's registry login",
};

/** What a command sends to its daemon: the data named and the program named in the finding. */
export interface DaemonSend {
  url: string;
  what: string;
  program: string;
}

/**
 * Reads one docker command (words after any `NAME=value` prefix, given as `env`) and returns the
 * outside daemon a build sends its context to (or an image load/import/push its data), or
 * undefined. Records context creation and use.
 */
export function remoteBuild(
  cmd: readonly ShellWord[],
  env: ReadonlyMap<string, string>,
  contexts: Contexts,
): DaemonSend | undefined {
  if (!cmd.some((w) => BUILD.test(w.value) || /^(?:context|compose|stack|load|import|push)$/.test(w.value)))
    return undefined;
  let host: string | undefined;
  let context: string | undefined;
  let i = 1;
  for (; i < cmd.length && cmd[i]!.value.startsWith('-'); i++) {
    const [name, inline] = cmd[i]!.value.split(/=(.*)/s, 2) as [string, string | undefined];
    if (BARE_FLAG.test(name)) continue;
    const value = inline ?? cmd[i + 1]?.value;
    if (inline === undefined) i++;
    if (name === '-H' || name === '--host') host = value;
    else if (name === '-c' || name === '--context') context = value;
  }
  const sub = cmd[i]?.value;
  if (sub === 'context') {
    const verb = cmd[i + 1]?.value;
    const name = cmd[i + 2]?.value;
    if (verb === 'create' && name !== undefined) {
      const spec = cmd.slice(i + 3).find((w) => /(?:^|,)host=/.test(w.value))?.value;
      const url = spec === undefined ? undefined : /(?:^|,)host=([^,]+)/.exec(spec)?.[1];
      if (url !== undefined && contexts.size < 16) contexts.set(name, url);
    } else if (verb === 'use' && name !== undefined) contexts.set('', name);
    return undefined;
  }
  const next = cmd[i + 1]?.value;
  const builds =
    sub === 'build' ||
    (sub !== undefined && BUILD.test(sub) && next === 'build') ||
    // A compose project or stack deployed there ships its files, env values and build contexts with it.
    (sub === 'compose' && cmd.slice(i + 1).some((w) => SHIPS.test(w.value))) ||
    (sub === 'stack' && next === 'deploy');
  const verb = sub === 'image' ? next : sub;
  const image = verb !== undefined && Object.hasOwn(IMAGE_OUT, verb) ? verb : undefined;
  if (!builds && image === undefined) return undefined;
  context ??= env.get('DOCKER_CONTEXT') ?? contexts.get('');
  const url = host ?? env.get('DOCKER_HOST') ?? (context === undefined ? undefined : contexts.get(context));
  if (url === undefined || outsideHost(url) === undefined) return undefined;
  return image === undefined
    ? { url, what: "the build context, the workspace's files", program: 'docker build' }
    : { url, what: IMAGE_OUT[image]!, program: `docker ${image}` };
}
