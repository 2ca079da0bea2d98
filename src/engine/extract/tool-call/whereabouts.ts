/**
 * A post that tells everyone where a person lives together with when the home is empty or how to
 * get in (red team r15/r16 injected: `My home address is 12 Elm St … I'm away until Monday, door
 * code 4471`). Either half alone is ordinary (a shop's address, an out-of-office note); together
 * they invite a burglary or worse. Read from any public posting tool (tweets, statuses, stories,
 * blog and web pages) and becomes one `agent-guard-action leak home <detail>` line for PLT-AST-003.
 */
import { quote, type CliEquivalent } from './cli.js';
import { ACTION_PROGRAM } from './saas.js';
import type { Gate } from './signals.js';

/** Name words of tools whose output everyone can read. */
const PUBLIC = new Set(
  'tweet tweets toot post posts publish status story stories blog webpage website facebook instagram linkedin threads mastodon reddit bluesky social timeline feed'.split(
    ' ',
  ),
);
const READ = /^(?:get|list|read|search|fetch|show|view|delete|remove|draft|preview)$/;

/** A street address, or a person saying where they live. */
const HOME =
  /\b(?:my|our)\s+(?:home\s+|house\s+|street\s+)?address\s+is\b|\b(?:I|we)\s+live\s+(?:at|on)\b|\b\d{1,5}[a-z]?\s+(?:[A-Z][\w'-]+\s+){1,3}(?:St|Street|Ave|Avenue|Rd|Road|Ln|Lane|Dr|Drive|Blvd|Boulevard|Way|Ct|Court|Pl|Place|Terrace|Close|Crescent|Sq|Square|Pkwy|Parkway|Cir|Circle|Gardens|Grove|Row)\b/;
/** The home left empty: the poster away for a stated time, or nobody there. */
const EMPTY =
  /\b(?:I'?m|I\s+am|I'?ll\s+be|I\s+will\s+be|we'?re|we\s+are|we'?ll\s+be|we\s+will\s+be|(?:the\s+)?family\s+(?:is|will\s+be))\s+(?:away|gone|out\s+of\s+town|on\s+(?:vacation|holiday|a\s+trip)|travell?ing|abroad)\b|\b(?:house|home|place|apartment|flat)\s+(?:is|will\s+be)\s+empty\b|\bnobody(?:'s|\s+is|\s+will\s+be)\s+(?:at\s+)?home\b/i;
/** How to get in: a door, gate or alarm code, or where the spare key is. */
const ENTRY =
  /\b(?:door|gate|alarm|garage|lock|entry|keypad|key\s+pad|building|lockbox)\s+(?:code|pin|combination|combo)\b|\b(?:spare\s+)?key\s+(?:is\s+)?(?:under|behind|inside)\s+the\b/i;

/** Every string under the arguments, bounded. */
export function texts(v: unknown, out: string[], depth = 0): void {
  if (depth > 5 || out.length > 64) return;
  if (typeof v === 'string') out.push(v.slice(0, 8192));
  else if (Array.isArray(v)) for (const x of v.slice(0, 32)) texts(x, out, depth + 1);
  else if (v !== null && typeof v === 'object')
    for (const x of Object.values(v as Record<string, unknown>).slice(0, 64)) texts(x, out, depth + 1);
}

/** When whereaboutsLines can answer (signals.ts): a public posting name word. */
export const WHEREABOUTS_GATE: Gate = { name: PUBLIC };

export function whereaboutsLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (!w.some((x) => PUBLIC.has(x)) || w.some((x) => READ.test(x))) return [];
  const all: string[] = [];
  texts(args, all);
  const text = all.join('\n');
  const home = HOME.exec(text);
  if (home === null) return [];
  const how = ENTRY.exec(text) ?? EMPTY.exec(text);
  if (how === null) return [];
  return [
    {
      code: [
        ACTION_PROGRAM,
        'leak',
        quote('home'),
        quote(`${w.join('_')} posts where someone lives (${home[0]}) with ${how[0]}`.slice(0, 200)),
      ].join(' '),
      runtime: 'bash',
    },
  ];
}
