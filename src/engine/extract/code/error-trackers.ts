/**
 * Error trackers (Sentry and its kin) set up once per process (r9): `sentry_sdk.init(dsn=...)` /
 * `Sentry.init({ dsn })` picks where every later capture goes, so a capture's data is sent to the
 * DSN's host. A DSN read from the environment or config is the project's own and names no host
 * here; a literal one names it, and SEC-AST-010 judges a secret captured to it.
 */
import type { Span } from '../../types.js';
import type { Collector } from './collector.js';
import { sendTo } from './effects.js';
import { constText, type Val } from './value.js';

/** The DSN's host (`https://key@o1.ingest.sentry.io/2` → o1.ingest.sentry.io), per walk. */
const DSN_HOST = new WeakMap<Collector, string>();

export function trackerInit(col: Collector, dsn: Val | undefined): void {
  const text = dsn === undefined ? null : constText(dsn);
  const m = text === null ? null : /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/]*@)?([^/:?#]+)/i.exec(text.trim());
  if (m !== null) DSN_HOST.set(col, m[1]!.toLowerCase());
}

/** A capture (message, exception, context, extra, tag, breadcrumb): its data goes to the DSN's host. */
export function trackerSend(col: Collector, span: Span, data: readonly Val[]): void {
  const host = DSN_HOST.get(col);
  if (host !== undefined) sendTo(col, span, { host }, data);
}

/** The capture and context calls of the python and JavaScript SDKs (snake_case and camelCase). */
export const CAPTURES = [
  'capture_message',
  'capture_exception',
  'capture_event',
  'set_context',
  'set_extra',
  'set_tag',
  'set_user',
  'add_breadcrumb',
  'captureMessage',
  'captureException',
  'captureEvent',
  'setContext',
  'setExtra',
  'setExtras',
  'setTag',
  'setUser',
  'addBreadcrumb',
] as const;
