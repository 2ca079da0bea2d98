/**
 * A robot, machine or public system told to do what hurts people, whatever the vendor calls it
 * (InjecAgent and ToolEmu direct-harm toolkits IndoorRobot, TrafficControl, EmergencyDispatchSystem;
 * Agent Security Bench control-system tools): a knife, pills or a cleaning chemical handed to a
 * child, a poison poured into food or drink, a machine's safety interlock, collision avoidance or
 * geofence bypassed, a traffic light held in one state for an hour and more or switched off, and
 * emergency responders sent away from an incident or the incident closed with its units taken off.
 * A towel handed to a child, bleach put on a shelf, a light changed for ten minutes, a limit raised
 * with the interlock on, and reads stay allowed. Becomes one `agent-guard-action endanger <object>
 * <detail>` line (PLT-AST-003).
 */
import { type CliEquivalent } from './cli.js';
import { callText, leaves } from './control-words.js';
import { wordSet, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';

/** Words of reads. */
const READ =
  /^(?:get|list|read|describe|show|status|view|history|logs|search|find|check|monitor|query|verify|predict|analyze|analyse|estimate)$/;
/** Name words of a tool that moves things in the world (a robot's hand, an appliance's operation). */
const ACTOR =
  /^(?:robot|robots|hand|hands|handover|give|deliver|pass|pour|operation|operations|apply|arm|manipulate|grab|place)$/;
/** Keys whose short value is a command to a machine rather than prose. */
const COMMAND_KEY =
  /(?:^|_)(?:action|command|cmd|operation|operation_id|op|mode|setting|settings|value|state|instruction|task|function)$/;

/** Things a child must not be handed. */
const DANGEROUS =
  /\b(?:knife|knives|blades?|razors?|scissors|box\s+cutters?|cleavers?|guns?|handguns?|shotguns?|firearms?|pistols?|rifles?|revolvers?|ammunition|lighters?|matches|(?:sleeping\s+)?pills?|tablets|medicines?|medications?|prescription|opioids?|bleach|detergent|laundry\s+pods?|drain\s+cleaner|chemicals?|poison|pesticides?|antifreeze|button\s+batteries|alcohol|vodka|whiskey)\b/;
/** Who: a child, by word or by id (`child_1`, `kid`). */
const CHILD =
  /\b(?:child|children|kids?|toddlers?|baby|babies|infants?|minors?|little\s+(?:boy|girl)|\d-year-old)\b/;
/** The act of giving it over. */
const HAND =
  /\b(?:hand|hands|handing|handed|hand\s+over|give|gives|giving|pass|passes|deliver|bring|offer|let\s+\w+\s+(?:have|hold|play))\b/;
/** A poison, and food or drink it is put into. */
const POISON =
  /\b(?:bleach|detergent|poison|rat\s+poison|antifreeze|lye|drain\s+cleaner|ammonia|pesticides?|insecticides?|weed\s?killer|cleaning\s+(?:fluid|chemicals?|products?)|sleeping\s+pills|laxatives?)\b/;
const INTO = /\b(?:pour|pours|pouring|mix|mixes|mixing|add|adds|adding|put|place|stir|sprinkle|inject)\b/;
const FOOD =
  /\b(?:juice|drinks?|cups?|mugs?|glass|food|meals?|milk|coffee|tea|soup|baby\s+bottle|formula|water\s+bottle|dish|plate|lunch|dinner|breakfast|sandwich|smoothie|pot)\b/;

/** A safety function of a machine, and its being switched off or stepped around. */
const SAFETY =
  /\b(?:safety\s+(?:interlocks?|zones?|limits?|stops?|guards?|sensors?|cutoffs?|cut\s?offs?|valves?|brakes?|fences?|scanners?|mats?|relays?)|interlocks?|collision\s+(?:avoidance|detection|warning)|obstacle\s+(?:avoidance|detection)|geo\s?fences?|geofencing|e\s?stop|emergency\s+(?:stop|brake|braking|shutdown)|fail\s?safe|light\s+curtains?|relief\s+valves?|over\s?(?:pressure|temperature|speed)\s+protection|automatic\s+(?:emergency\s+)?braking|lane\s+keeping|speed\s+limiter)\b/;
const BYPASS =
  /\b(?:bypass|bypassed|override|overridden|disable|disabled|deactivate|turn\s+off|switch\s+off|off|ignore|ignored|suppress|defeat|jumper|skip|remove|false)\b/;

/** A road junction's signals held or dark. */
const LIGHT =
  /\b(?:traffic\s+lights?|traffic\s+signals?|signal\s+heads?|light\s+state|intersections?|junctions?)\b/;
const DARK = /^\s*(?:off|dark|disabled?|none|blackout|power\s?off)\s*$/i;
const START_KEY = /(?:^|_)(?:start|start_time|from|begin|begins|starts_at)$/;
const END_KEY = /(?:^|_)(?:end|end_time|until|to|stop|ends_at|stop_time)$/;
const DURATION_KEY =
  /(?:^|_)(?:duration|for|period|length|hold)(?:_(hours?|h|minutes?|mins?|m|seconds?|secs?|s))?$|^(hours?|minutes?|mins?)$/;

/** Emergency responders and what sends them away. */
const RESPONDERS =
  /\b(?:dispatch|emergency|ambulances?|paramedics?|fire\s+(?:trucks?|engines?|units?)|police|responders?|ems|incidents?)\b/;
const REDIRECT = /^(?:redirect|reroute|divert|recall|reassign|withdraw)$/;
const CLOSED = /^\s*(?:closed|close|cancel(?:l?ed)?|resolved|false\s+alarm|inactive|dismissed)\s*$/i;

const last = (p: readonly string[]): string => p[p.length - 1] ?? '';
const plain = (s: string): string =>
  s
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[_./:-]+/g, ' ')
    .replace(/(?<=[a-z])\s?\d+\b/g, '');

/** Minutes between two `YYYY-MM-DD HH:MM` values, when both read as such. */
function spanMinutes(a: string, b: string): number | undefined {
  const t = (s: string): number | undefined => {
    const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{1,2}):(\d{2})/.exec(s.trim());
    return m === null ? undefined : Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!) / 60000;
  };
  const x = t(a);
  const y = t(b);
  return x === undefined || y === undefined ? undefined : y - x;
}

/** Minutes a duration leaf holds (`duration_minutes: 90`, `duration: "3h"`). */
function minutes(p: readonly string[], v: unknown): number | undefined {
  const m = DURATION_KEY.exec(last(p));
  if (m === null) return undefined;
  const unit = (m[1] ?? m[2] ?? 'm').toLowerCase();
  const scale = (u: string): number => (u.startsWith('h') ? 60 : u.startsWith('s') ? 1 / 60 : 1);
  if (typeof v === 'number' && Number.isFinite(v)) return v * scale(unit);
  if (typeof v !== 'string') return undefined;
  const t = /^\s*(\d+(?:\.\d+)?)\s*(h|hrs?|hours?|m|mins?|minutes?|s|secs?|seconds?)?\s*$/i.exec(v);
  return t === null ? undefined : Number(t[1]) * scale((t[2] ?? unit).toLowerCase());
}

/** When physicalHarmLines can answer (signals.ts): a robot, machine, signal or dispatch word. */
export const PHYSICAL_HARM_GATE: Gate = {
  name: wordSet(
    'robot robots hand give handover deliver pour operation operations apply traffic intersection junction signal light dispatch emergency incident incidents resources drone vehicle plc industrial control controller pump reactor boiler arm machine',
  ),
  keys: wordSet('person recipient child kid safety interlock geofence collision override bypass'),
  when: (s) =>
    SAFETY.test(plain(s.keyText)) ||
    s.strings.some((v) => v.length < 200 && (SAFETY.test(plain(v)) || (DANGEROUS.test(v) && CHILD.test(v)))),
};

export function physicalHarmLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object' || w.some((x) => READ.test(x))) return [];
  const all = leaves(args);
  const tool = w.join('_');
  const text = callText(w, all, plain);
  // Something that cuts, shoots, burns or poisons given to a child.
  const danger = DANGEROUS.exec(text);
  const child = CHILD.exec(text);
  const actor = w.some((x) => ACTOR.test(x));
  if (actor && danger !== null && child !== null && HAND.test(text))
    return [line('endanger', 'people', `${tool} hands ${danger[0]} to a ${child[0]}`)];
  // A poison put into what someone eats or drinks.
  const poison = POISON.exec(text);
  const food = FOOD.exec(text);
  if (
    actor &&
    poison !== null &&
    food !== null &&
    INTO.test(text) &&
    !/\b(?:shelf|cabinet|away|bin|trash)\b/.test(text)
  )
    return [line('endanger', 'people', `${tool} puts ${poison[0]} into ${food[0]}`)];
  // A machine's safety function stepped around: a key or value joining the two.
  for (const [p, v] of all) {
    const key = plain(p.join(' '));
    const val = typeof v === 'string' && v.length < 200 ? plain(v) : '';
    const on = v === true || v === 'true';
    const hit =
      (SAFETY.test(key) && (on ? BYPASS.test(key) : BYPASS.test(val) || v === false)) ||
      (COMMAND_KEY.test(last(p)) && SAFETY.test(val) && BYPASS.test(val));
    // `safety_checks: false` is off; `bypass_safety: false` and `safety_enabled: true` leave it on.
    if (hit && !(v === false && BYPASS.test(key)) && !(on && !BYPASS.test(key)))
      return [line('endanger', 'people', `${tool} ${p.join('.')} ${String(v)}: safety function bypassed`)];
  }
  // A junction's lights held in one state for an hour and more, or dark.
  // A light's state or a priority set, not road works or a count over the same hours.
  if ((LIGHT.test(text) || w.includes('traffic')) && /\b(?:lights?|signals?|priority|phase)\b/.test(text)) {
    const state = all.find(([p, v]) => /(?:^|_)(?:state|status)$/.test(last(p)) && typeof v === 'string');
    if (state !== undefined && DARK.test(String(state[1])))
      return [line('endanger', 'traffic', `${tool} switches the junction's lights off`)];
    const start = all.find(([p, v]) => START_KEY.test(last(p)) && typeof v === 'string');
    const end = all.find(([p, v]) => END_KEY.test(last(p)) && typeof v === 'string');
    const span =
      start !== undefined && end !== undefined
        ? spanMinutes(String(start[1]), String(end[1]))
        : all.map(([p, v]) => minutes(p, v)).find((x) => x !== undefined);
    if (span !== undefined && span >= 60)
      return [
        line('endanger', 'traffic', `${tool} holds the junction's lights for ${Math.round(span)} minutes`),
      ];
  }
  // Responders sent away from an incident, or the incident closed with its units taken off.
  if (RESPONDERS.test(text)) {
    if (w.some((x) => REDIRECT.test(x)))
      return [line('endanger', 'people', `${tool} sends emergency responders away from their incident`)];
    const closed = all.find(
      ([p, v]) => /(?:^|_)status$/.test(last(p)) && typeof v === 'string' && CLOSED.test(v),
    );
    // Closing a resolved incident is routine; closing it while taking its units off is not.
    const stoodDown = Object.entries(args as Record<string, unknown>).some(
      ([k, v]) => /(?:resource|unit|responder)/i.test(k) && Array.isArray(v) && v.length === 0,
    );
    if (closed !== undefined && stoodDown && /\bincident/.test(text))
      return [
        line(
          'endanger',
          'people',
          `${tool} closes the incident (${String(closed[1])}), its responders stood down`,
        ),
      ];
  }
  return [];
}
