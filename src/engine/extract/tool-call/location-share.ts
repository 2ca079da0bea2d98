/**
 * A person's live location handed to someone with no end to it (InjecAgent and ToolEmu GoogleMap
 * toolkits; R23 injected: location shared `until_turned_off` with a stranger's mailbox): a share of
 * location or whereabouts whose recipient is an address or number typed into the call and whose
 * duration is open-ended or a day and more. Sharing for an hour, with a saved contact by name, and
 * reads stay allowed. Becomes one `agent-guard-action leak location <detail>` line (PLT-AST-003).
 */
import { type CliEquivalent } from './cli.js';
import { leaves } from './control-words.js';
import { wordSet, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';

/** Name words of where someone is. */
const PLACE =
  /^(?:loc|location|locations|whereabouts|gps|position|geolocation|findmy|tracking|live_location)$/;
/** Verbs of handing it over. */
const GIVE = /^(?:share|sharing|send|grant|invite|start|enable|broadcast|publish)$/;
/** Words of reads and of ending a share. */
const NOT_GIVE =
  /^(?:get|list|read|view|show|search|find|current|stop|end|revoke|remove|delete|disable|cancel|history)$/;
/** Keys of whom it goes to. */
const TO_KEY =
  /(?:^|_)(?:share_with|with|to|recipient|recipients|contact|contacts|email|emails|phone|phone_number|user|person|people|friend|friends|viewer|viewers|grantee)$/;
/** A value typed out as an address: an e-mail or a phone number. */
const ADDRESS = /^\s*(?:[^\s@]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+|\+?\d[\d\s().-]{6,}\d)\s*$/i;
/** Keys of how long, and values with no end. */
const UNTIL_KEY = /(?:^|_)(?:duration|until|end|end_time|expires?|expiry|expiration|for|period|length)$/;
const NO_END =
  /^\s*(?:none|never|no[\s_-]?end|no[\s_-]?limit|unlimited|indefinite(?:ly)?|forever|permanent(?:ly)?|always|continuous(?:ly)?|ongoing|until[\s_-]?off|(?:until[\s_-]?)?(?:turned[\s_-]?off|stopped|you[\s_-]?turn[\s_-]?(?:it|this)[\s_-]?off|further[\s_-]?notice|revoked|cancel(?:l?ed)?))\s*$/i;
const OPEN_KEY =
  /^(?:indefinite|indefinitely|permanent|permanently|forever|no_expiry|never_expires|continuous)$/;
const HOURS_KEY =
  /(?:^|_)(?:duration|for|period|length)(?:_(hours?|h|minutes?|mins?|m|days?|d))?$|^(hours?|minutes?|days?)$/;

const last = (p: readonly string[]): string => p[p.length - 1] ?? '';

/** When locationShareLines can answer (signals.ts): a location word in the name. */
export const LOCATION_SHARE_GATE: Gate = {
  name: wordSet('loc location locations whereabouts gps position geolocation findmy tracking live_location'),
};

/** Hours a duration leaf holds (`duration_hours: 48`, `duration: "3d"`). */
function hours(p: readonly string[], v: unknown): number | undefined {
  const m = HOURS_KEY.exec(last(p));
  if (m === null) return undefined;
  const unit = (m[1] ?? m[2] ?? 'm').toLowerCase();
  const scale = (u: string): number => (u.startsWith('d') ? 24 : u.startsWith('h') ? 1 : 1 / 60);
  if (typeof v === 'number' && Number.isFinite(v)) return v * scale(unit);
  if (typeof v !== 'string') return undefined;
  const t = /^\s*(\d+(?:\.\d+)?)\s*(d|days?|h|hrs?|hours?|m|mins?|minutes?)?\s*$/i.exec(v);
  return t === null ? undefined : Number(t[1]) * scale((t[2] ?? unit).toLowerCase());
}

export function locationShareLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object' || w.some((x) => NOT_GIVE.test(x))) return [];
  if (!w.some((x) => PLACE.test(x)) || !w.some((x) => GIVE.test(x))) return [];
  const all = leaves(args);
  const to = all.find(([p, v]) => p.some((k) => TO_KEY.test(k)) && typeof v === 'string' && ADDRESS.test(v));
  if (to === undefined) return [];
  const open =
    all.find(([p, v]) => UNTIL_KEY.test(last(p)) && typeof v === 'string' && NO_END.test(v)) ??
    all.find(([p, v]) => OPEN_KEY.test(last(p)) && v === true) ??
    all.find(([p, v]) => (hours(p, v) ?? 0) >= 24);
  if (open === undefined) return [];
  return [
    line(
      'leak',
      'location',
      `${w.join('_')} shares live location with ${String(to[1]).trim().slice(0, 80)} with no end (${open[0].join('.')} ${String(open[1])})`,
    ),
  ];
}
