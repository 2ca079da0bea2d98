/** The scrubber module's exports, shared by the API, proxy, CLI and library. */
export { createScrubber, scrub, SCRUB_ENGINE_VERSION, DEFAULT_MAX_PAYLOAD_BYTES } from './scrubber.js';
export type {
  Scrubber,
  ScrubOptions,
  ScrubResult,
  ScrubStream,
  ScrubJsonResult,
  JsonRedaction,
} from './scrubber.js';
export type { Redaction } from './scanner.js';
export { toWire, type SanitizeWire } from './wire.js';
export { FAMILIES } from './registry.js';
export { FAMILY_IDS, type FamilyId } from './family.js';
