/** Sentry.init({ dsn }) and its captures in the JavaScript SDKs (code/error-trackers.ts). */
import { CAPTURES, trackerInit, trackerSend } from '../code/error-trackers.js';
import { UNKNOWN } from '../code/value.js';
import { JS_CALLS } from './calls.js';

const SDKS = ['@sentry/node', '@sentry/browser', '@sentry/nextjs', '@sentry/react', '@sentry/bun'];

JS_CALLS.add(
  SDKS.map((s) => `${s}.init`),
  (w, c) => {
    trackerInit(w.col, c.args[0]?.fields?.get('dsn'));
    return undefined;
  },
);
JS_CALLS.add(
  SDKS.flatMap((s) => CAPTURES.map((m) => `${s}.${m}`)),
  (w, c) => {
    trackerSend(w.col, c.span, c.args);
    return UNKNOWN;
  },
);
