/**
 * The one program a container runs directly: docker execs the command words with no shell between,
 * so `docker:cli ps` runs the docker client and `node:20 npm ci` runs npm. A rule may then judge a
 * piece of the host the container holds (the socket, a credential store) by what that program does
 * with it, as when the program runs here. Trusted only from images whose publisher ships the program:
 * Docker Official Images (`node`, `docker`, `python`) and the vendor CLI images of knowledge/docker.ts.
 */
import { entrypointOf } from '../../knowledge/docker.js';

/** An official image: no namespace, on Docker Hub (`node:20`, `docker.io/library/docker:27-cli`). */
export function officialImage(image: string | undefined): boolean {
  if (image === undefined) return false;
  const name = image
    .replace(/@sha256:[0-9a-f]+$/i, '')
    .replace(/:[\w.-]+$/, '')
    .replace(/^(?:docker\.io\/|index\.docker\.io\/)(?:library\/)?/, '');
  return /^[a-z0-9][a-z0-9._-]*$/.test(name);
}

/** Words whose program runs other words as code: with one first, the command is a script, not one program. */
const RUNNERS =
  /^(?:sh|bash|ash|dash|zsh|ksh|fish|busybox|env|sudo|su|doas|nohup|timeout|watch|xargs|exec|eval|nice|ionice|chroot|nsenter|setsid|stdbuf|time|tini|dumb-init|gosu|su-exec)$/;

/**
 * The program the command words run, or undefined when they run a shell or wrapper, when an
 * --entrypoint replaces the image's, or when the image's publisher is not trusted to ship it.
 * `entrypoint` is the --entrypoint value (undefined when none); `first` the first command word.
 */
export function directProgram(
  image: string | undefined,
  entrypoint: string | undefined,
  first: string | undefined,
): string | undefined {
  if (entrypoint !== undefined || first === undefined || first === '') return undefined;
  const word = first.replace(/^(["'])(.*)\1$/, '$2');
  const client = entrypointOf(image, word);
  if (client !== undefined) return client;
  if (!officialImage(image) || !/^[\w.+-]+$/.test(word) || RUNNERS.test(word)) return undefined;
  return word;
}
