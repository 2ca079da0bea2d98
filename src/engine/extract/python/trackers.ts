/** sentry_sdk.init and its captures (code/error-trackers.ts). */
import { CAPTURES, trackerInit, trackerSend } from '../code/error-trackers.js';
import { UNKNOWN } from '../code/value.js';
import { PY_CALLS } from './calls.js';

PY_CALLS.add(['sentry_sdk.init', 'raven.Client', 'rollbar.init', 'bugsnag.configure'], (w, c) => {
  trackerInit(w.col, c.kw.get('dsn') ?? c.kw.get('access_token') ?? c.args[0]);
  return undefined;
});
PY_CALLS.add(
  CAPTURES.flatMap((m) => [`sentry_sdk.${m}`, `sentry_sdk.Scope().${m}`]),
  (w, c) => {
    trackerSend(w.col, c.span, [...c.args, ...c.kw.values()]);
    return UNKNOWN;
  },
);
