/** Incident alerts (issue 8, docs/alerts.md): build an event from a deny, dispatch it in the background. */
export {
  buildAlertEvent,
  alertSummary,
  dedupKey,
  frameLabel,
  scrubOffending,
  scrubLabel,
  LABEL_MAX_CHARS,
  OFFENDING_MAX_CHARS,
  type AlertEvent,
  type AlertFrame,
  type AlertFrameKind,
  type AlertInput,
} from './event.js';
export {
  AlertDispatcher,
  createAlertDispatcher,
  backoffDelay,
  parseRetryAfter,
  type AlertDispatcherDeps,
  type AlertDispatcherStats,
  type AlertLogger,
  type EnqueueResult,
} from './dispatcher.js';
export type { DeadLetterRecord, DeadLetterReason } from './dead-letter.js';
export { formatAlert, formatDiscord, formatPagerDuty, formatSiem, formatSlack } from './formatters/index.js';
export { ALERT_CHANNELS, type AlertChannel, type AlertsConfig } from '../config/sections/alerts.js';
