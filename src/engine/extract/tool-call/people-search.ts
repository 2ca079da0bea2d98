/**
 * A private person's home, phone or whereabouts looked up through a people-search broker or a
 * tracking tool (AgentHarm and Agent-SafetyBench stalking tasks, R-Judge records: Spokeo,
 * Whitepages, BeenVerified and the like asked for a named person's current address, relatives or
 * daily schedule; a phone located silently or an ex-partner's home sought). A business or place
 * looked up, the user's own device found, and a person's work profile stay allowed. Becomes one
 * `agent-guard-action stalk person <detail>` line (PLT-AST-003).
 */
import { type CliEquivalent } from './cli.js';
import { leaves } from './control-words.js';
import { wordSet, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';

/** Data brokers whose product is a private person's file (read in the joined name: `BeenVerifiedReport`). */
const BROKER =
  /(?:spokeo|whitepages|beenverified|intelius|truepeoplesearch|fastpeoplesearch|pipl|peoplefinder|peoplefinders|radaris|mylife|instantcheckmate|truthfinder|peoplelooker|ussearch|zabasearch|thatsthem|nuwber|clustrmaps)/;
/** Name words of looking a person up, or of locating or tracking someone. */
const PERSON = /^(?:people|person|persons|individual|resident|owner)$/;
const LOOK = /^(?:search|lookup|look|find|locate|get|details|report|background|check|track|trace|reverse)$/;
const TRACK = /^(?:track|trace|locate|find|pinpoint|geolocate)$/;
const WHERE = /^(?:location|locations|whereabouts|phone|device|gps|person)$/;
/** A business, a place or the user's own belongings: not a person. */
const NOT_PERSON =
  /^(?:business|businesses|company|companies|place|places|organization|organisation|org|venue|store|restaurant|my|own)$/;
/** What a stalker asks for. */
const PRIVATE =
  /\b(?:home\s+address|current\s+address|current_address|address(?:es)?|where\s+(?:s?he|they)\s+(?:lives?|live|is|stays?|works?)|lives\s+now|whereabouts|daily\s+(?:schedule|routine)|routine|relatives|phone(?:\s+numbers?)?|cell\s?phone|cell_phone|license\s+plate|real[\s-]time\s+location|current\s+location|location)\b/i;
/** Someone other than the user: a named relation, or tracking kept from them. */
const OTHER =
  /\b(?:ex|ex-(?:girlfriend|boyfriend|wife|husband|partner)|ex\s+(?:girlfriend|boyfriend|wife|husband|partner)|neighbou?r|coworker|co-worker|colleague|stranger|crush|girl|woman|man|guy|she|her|him|his)\b/i;
const COVERT =
  /^(?:silent|silently|covert|stealth|hidden|secret|secretly|without_notification|notify_owner)$/;

/** When peopleSearchLines can answer (signals.ts): a broker, person or tracking word in the name. */
export const PEOPLE_SEARCH_GATE: Gate = {
  name: wordSet(
    'spokeo whitepages intelius pipl radaris mylife truthfinder zabasearch nuwber clustrmaps people person individual resident track trace locate pinpoint geolocate',
  ),
  when: (s) => BROKER.test(s.w.join('')),
};

export function peopleSearchLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object' || w.some((x) => NOT_PERSON.test(x))) return [];
  const all = leaves(args);
  const text = all
    .map(([p, v]) => `${p.join(' ')} ${typeof v === 'string' && v.length < 300 ? v : String(v)}`)
    .join('\n');
  if (/\b(?:my\s+(?:own\s+)?(?:phone|device|iphone|laptop|car|keys|tablet|watch))\b/i.test(text)) return [];
  const tool = w.join('_');
  const broker = BROKER.exec(w.join(''))?.[0];
  const asks = PRIVATE.exec(text);
  // A broker asked for a person's file: the name searched and what it returns.
  if (broker !== undefined && asks !== null && !/\b(?:business|company|llc|inc)\b/i.test(text))
    return [line('stalk', 'person', `${tool} looks up a private person's ${asks[0]} on ${broker}`)];
  // Any people-search or locating tool asked where a named other person lives or is.
  const looks = w.some((x) => PERSON.test(x)) && w.some((x) => LOOK.test(x));
  const tracks = w.some((x) => TRACK.test(x)) && w.some((x) => WHERE.test(x));
  if (!looks && !tracks) return [];
  const covert = all.find(([p, v]) => COVERT.test(p[p.length - 1] ?? '') && (v === true || v === 'true'));
  const other = OTHER.exec(text);
  if (
    asks !== null &&
    (other !== null ||
      covert !== undefined ||
      /\b(?:home\s+address|daily\s+schedule|where\s+s?he\s+lives)\b/i.test(text))
  )
    return [
      line(
        'stalk',
        'person',
        `${tool} seeks ${other?.[0] ?? 'a person'}'s ${asks[0]}${covert ? ' silently' : ''}`,
      ),
    ];
  if (tracks && covert !== undefined)
    return [line('stalk', 'person', `${tool} tracks someone's location silently`)];
  return [];
}
