/**
 * The URLs in a CI runner's event payload (the file at $GITHUB_EVENT_PATH) are the forge's own API:
 * a request to one goes where the runner's token is meant to go (scripts that list a pull
 * request's files with GITHUB_TOKEN), so its unknown host is named as the forge's API endpoint.
 */
import type { Collector } from './collector.js';
import type { Target } from './net.js';
import { deepSources, type Val } from './value.js';

/** The path of the event payload as a read names it (`open(os.environ["GITHUB_EVENT_PATH"])`). */
const EVENT_FILE = /^(?:\{GITHUB_EVENT_PATH\}|\$\{?GITHUB_EVENT_PATH\}?)$/;

/** What stands for the forge's API host; SEC-AST-010 binds GitHub tokens to it. */
export const FORGE_API_HOST = '$github_api_url';

/**
 * The target of a URL whose host comes from the runner's event payload alone, or null. A payload
 * this input wrote itself names whatever host it was given, so it does not count.
 */
export function ciEventTarget(col: Collector, url: Val): Target | null {
  const first = url.parts?.[0];
  if (first === undefined || typeof first === 'string') return null;
  const sources = deepSources(url);
  if (sources.length === 0) return null;
  for (const s of sources) {
    if (s.kind !== 'file' || !EVENT_FILE.test(s.path) || col.filled.has(s.path)) return null;
  }
  return { host: FORGE_API_HOST };
}
