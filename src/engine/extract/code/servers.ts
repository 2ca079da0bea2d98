/**
 * Servers started from python or node code, as facts NET-AST-004 reads (issue 22 r3): the listen
 * (address and port), and for static file servers the tree they hand out, as a read of
 * `ROOT/$path` whose rest the client chooses. `python -m http.server` on the command line is judged
 * by the same rule from its argv.
 */
import type { Span } from '../../types.js';
import type { Collector } from './collector.js';
import { parseTarget } from './net.js';
import { constText, pathOf, render, type Val } from './value.js';

/** Request handler classes that serve files from a directory. */
const STATIC_HANDLER = /^http\.server\.(?:Simple|CGI)HTTPRequestHandler$|^SimpleHTTPServer\./;

/** A python request handler class, or a functools.partial of one with directory=. */
export function isStaticHandler(v: Val | undefined): boolean {
  return v?.ref !== undefined && STATIC_HANDLER.test(v.ref);
}

/** A server listening on `host:port` (an empty host is every interface). */
export function listenOn(
  col: Collector,
  span: Span,
  host: Val | undefined,
  port: number | undefined,
  actor: string,
): void {
  const h = host === undefined ? '0.0.0.0' : render(host) || '0.0.0.0';
  col.net(span, { ...parseTarget(h), ...(port !== undefined ? { port } : {}) }, false, actor, 'listen');
}

/** A static file server rooted at `dir` (the working directory when not given). */
export function servesTree(col: Collector, span: Span, dir: Val | undefined, actor: string): void {
  const given = dir === undefined ? null : constText(dir) === null ? null : pathOf(dir).path;
  const root = given ?? col.cwd ?? '.';
  const base = root === '/' ? '' : root.replace(/\/+$/, '');
  col.file(span, 'read', `${base}/$path`, actor, { dynamic: true });
}
