/**
 * A device that acts on the physical world put in a state that hurts people, whatever the vendor
 * calls it (InjecAgent and ToolEmu direct-harm toolkits: TrafficControl, GoogleHome, IndoorRobot;
 * R22/R23 injected): a junction given green in crossing directions at once, a stove, oven or
 * portable heater switched on and left with no end or nobody there, a thermostat held at a heat or
 * cold that harms, and a smoke, gas or CO alarm or a medical device (oxygen, ventilator, insulin
 * pump) switched off. One direction given green, an oven preheated for 20 minutes, a thermostat at
 * 21 °C, an alarm hushed for a few minutes and reads stay allowed. Becomes one `agent-guard-action
 * endanger <object> <detail>` line (PLT-AST-003).
 */
import { type CliEquivalent } from './cli.js';
import { callText, leaves, type Leaf } from './control-words.js';
import { lowerText, wordSet, type Gate } from './signals.js';
import { snakeKey } from './snake-entries.js';
import { actionLine as line } from './action-line.js';

/** Words of reads and of undoing. */
const NOT_SET = /^(?:get|list|read|describe|show|status|view|history|logs|search|find|check|monitor|query)$/;

/** Words of a road junction's signals. */
const TRAFFIC = /\b(?:traffic|intersections?|junctions?|crossroads|signals?)\b/;
/** Keys holding a light's state, and the state that lets traffic go. */
const STATE_KEY =
  /(?:^|_)(?:state|status|light_state|signal_state|phase|colou?r|aspect|mode|action|command|set_to|value)$/;
const GO = /^\s*(?:green|go|proceed|flashing_green)\s*$/i;
/** Keys or values that say every direction at once. */
const ALL_KEY =
  /^(?:all|all_directions|all_approaches|all_lights|all_signals|all_phases|every_direction|all_ways|all_legs)$/;
const ALL_VALUE =
  /^\s*(?:all|\*|every|everywhere|both|all[\s_-]?(?:directions|ways|approaches|lights|signals|legs|phases)|every[\s_-]direction)\s*$/i;
/** The two axes of a junction, by the words of a light's id or direction. */
const NS = /(?:^|[^a-z])(?:north|south|northbound|southbound|ns|n-s|nb|sb)(?:[^a-z]|$)/i;
const EW = /(?:^|[^a-z])(?:east|west|eastbound|westbound|ew|e-w|eb|wb)(?:[^a-z]|$)/i;

/** Appliances that start fires when left on (not a water heater, a slow cooker or home heating). */
const HEAT =
  /\b(?:stoves?|ovens?|cooktops?|hobs?|burners?|stovetops?|hot\s?plates?|griddles?|grills?|deep\s?fryers?|fryers?|toasters?|(?:space|portable|electric|oil|patio|fan|halogen|infrared|kerosene|propane)\s+heaters?|fireplaces?|clothes\s+irons?|curling\s+irons?|hair\s+straighteners?|soldering\s+irons?)\b/;
/** On, or given a temperature to hold (`set_oven_temperature {temperature: 550}` heats it). */
const ON =
  /\b(?:turn\s?on|switch\s?on|power\s?on|on|start|ignite|light|preheat|bake|broil|roast|heat|fire\s?up|enable|activate|temperature|temp)\b/;
/** Left so: nobody there, or no end to it. */
const LEFT =
  /\b(?:leave|leaves|leaving|unattended|away|walk\s+away|go\s+out|nobody\s+(?:home|there)|while\s+(?:out|away|asleep|sleeping)|overnight|all\s+night|forever|indefinite(?:ly)?|until\s+(?:off|turned\s+off|stopped|further\s+notice|manually\s+(?:off|stopped))|never\s+(?:off|stop)|(?:on|while\s+on)\s+(?:vacation|holiday)|while\s+(?:we\s+are\s+|we're\s+|i\s+am\s+|i'm\s+)?(?:travel(?:l?ing)?|gone)|(?:everyone|everybody|last\s+person|family|we)\s+(?:is\s+|are\s+)?(?:leaves?|left|away|out|gone)|(?:house|home)\s+(?:is\s+)?empty|no\s?one\s+(?:is\s+)?(?:home|there))\b/;
/** A gas valve, tap or supply: opened and left, the house fills with gas. */
const GAS =
  /\b(?:gas\s+(?:valves?|taps?|supply|supplies|lines?|cocks?|burners?|fireplace|logs)|main\s+gas)\b/;
const OPEN = /\b(?:open|opens|opened|on|turn\s?on|release|start)\b/;
/** Keys of how long or until when. */
const UNTIL_KEY =
  /(?:^|_)(?:until|end|ends|end_time|stop|stop_at|off_at|expires?|duration|for|period|timer|auto_off|shutoff|shut_off)$/;
const NO_END =
  /^\s*(?:none|never|no|no[\s_-]?end|no[\s_-]?limit|unlimited|indefinite(?:ly)?|forever|permanent(?:ly)?|always|continuous(?:ly)?|until[\s_-]?(?:off|turned[\s_-]?off|stopped|further[\s_-]?notice|manual(?:ly)?[\s_-]?(?:off|stopped)?)|manual(?:ly)?|0)\s*$/i;
const DURATION_KEY =
  /(?:^|_)(?:duration|for|period|length|timer|runtime|run_time)(?:_(hours?|h|minutes?|mins?|m|seconds?|secs?|s))?$|^(hours?|minutes?|mins?)$/;

/** A thermostat's set point. */
const THERMOSTAT = /\b(?:thermostats?|hvac|climate\s+control|heating\s+system|nest|ecobee)\b/;
const SETPOINT_KEY =
  /^(?:temperature|temp|setpoint|set_point|target|target_temp|target_temperature|heat_setpoint|cool_setpoint|heating_setpoint|cooling_setpoint|degrees|value)(?:_(c|f|celsius|fahrenheit))?$/;

/** Devices that keep people alive or warn of fire and gas. */
const GUARDIAN =
  /\b(?:smoke\s+(?:detectors?|alarms?|sensors?)|fire\s+alarms?|co\s+(?:detectors?|alarms?|sensors?)|carbon\s+monoxide|gas\s+(?:detectors?|alarms?|leak|sensors?)|sprinklers?\s+system|fire\s+sprinklers?|oxygen\s+(?:concentrators?|supply|machine)|ventilators?|cpap|bipap|insulin\s+pumps?|infusion\s+pumps?|dialysis|heart\s+monitors?|patient\s+monitor(?:s|ing)?(?:\s+system)?|life\s+support)\b/;
const OFF =
  /\b(?:silence|silence\s+alarms|mute\s+alarms|enabled\s+false|active\s+false|armed\s+false|turn\s?off|switch\s?off|power\s?off|off|disable|disabled|deactivate|stop|shut\s?down|shut\s?off|unplug|remove|bypass|cut)\b/;

const last = (p: readonly string[]): string => p[p.length - 1] ?? '';
const plain = (s: string): string =>
  s
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[_./:-]+/g, ' ');

/** A word each of HEAT, GUARDIAN and TRAFFIC's phrases holds: a value without one cannot match them (the gate's first test). */
const HAZARD_HINT =
  /stove|oven|cooktop|hob|burner|hot|griddle|grill|fryer|toaster|heater|clothes|curling|straightener|soldering|smoke|fire|detector|alarm|sensor|monoxide|gas|sprinkler|oxygen|ventilator|cpap|bipap|insulin|infusion|dialysis|heart|life|traffic|intersection|junction|crossroads|signal/;

/** When hazardLines can answer (signals.ts): a device word in the name, the keys or a short value. */
export const HAZARD_GATE: Gate = {
  name: wordSet(
    'traffic intersection intersections junction signal signals light lights stove oven ovens cooktop hob burner grill fryer toaster heater heaters fireplace iron thermostat hvac climate nest ecobee smoke alarm detector sprinkler oxygen ventilator cpap bipap insulin pump dialysis patient robot home device devices appliance appliances',
  ),
  keys: wordSet('traffic intersection junction signal stove oven thermostat heater setpoint'),
  when: (s) =>
    HAZARD_HINT.test(lowerText(s)) &&
    s.strings.some((v) => {
      if (v.length >= 200) return false;
      const p = plain(v);
      return HEAT.test(p) || GUARDIAN.test(p) || TRAFFIC.test(p) || GAS.test(p);
    }),
};

/** Hours a duration leaf holds (`duration_minutes: 30`, `duration: "8h"`). */
function hours(p: readonly string[], v: unknown): number | undefined {
  const m = DURATION_KEY.exec(last(p));
  if (m === null) return undefined;
  const unit = (m[1] ?? m[2] ?? 'm').toLowerCase();
  const scale = (u: string): number => (u.startsWith('h') ? 1 : u.startsWith('s') ? 1 / 3600 : 1 / 60);
  if (typeof v === 'number' && Number.isFinite(v)) return v * scale(unit);
  if (typeof v !== 'string') return undefined;
  const t = /^\s*(\d+(?:\.\d+)?)\s*(h|hrs?|hours?|m|mins?|minutes?|s|secs?|seconds?)?\s*$/i.exec(v);
  return t === null ? undefined : Number(t[1]) * scale((t[2] ?? unit).toLowerCase());
}

/** Crossing directions given green at once: every direction, or both axes of the junction. */
function allGreen(all: readonly Leaf[], args: unknown): string | undefined {
  const green = all.filter(([p, v]) => STATE_KEY.test(last(p)) && typeof v === 'string' && GO.test(v));
  if (green.length === 0) return undefined;
  const every = all.find(
    ([p, v]) => (ALL_KEY.test(last(p)) && v === true) || (typeof v === 'string' && ALL_VALUE.test(v)),
  );
  if (every !== undefined) return `green with ${every[0].join('.')} ${String(every[1])}`;
  // Each green state's siblings (the light's id or direction) say which axis it opens.
  let ns = false;
  let ew = false;
  const walk = (x: unknown, depth: number): void => {
    if (x === null || typeof x !== 'object' || depth > 6) return;
    const values = Array.isArray(x)
      ? x.slice(0, 32)
      : Object.values(x as Record<string, unknown>).slice(0, 64);
    if (!Array.isArray(x)) {
      const entries = Object.entries(x as Record<string, unknown>).slice(0, 64);
      if (entries.some(([k, v]) => STATE_KEY.test(snakeKey(k)) && typeof v === 'string' && GO.test(v))) {
        const near = entries
          .filter(([k, v]) => typeof v === 'string' && !STATE_KEY.test(snakeKey(k)))
          .map(([, v]) => String(v))
          .join(' ');
        if (NS.test(near)) ns = true;
        if (EW.test(near)) ew = true;
      }
    }
    for (const v of values) walk(v, depth + 1);
  };
  walk(args, 0);
  return ns && ew ? 'green for north-south and east-west at once' : undefined;
}

/** Degrees Celsius of a set point leaf, from its key's unit or its size (over 45 reads as Fahrenheit). */
function celsius(p: readonly string[], v: unknown, unit: string | undefined): number | undefined {
  const m = SETPOINT_KEY.exec(last(p));
  if (m === null || typeof v !== 'number' || !Number.isFinite(v)) return undefined;
  const u = (m[1] ?? unit ?? (v > 45 ? 'f' : 'c')).toLowerCase();
  return u.startsWith('f') ? ((v - 32) * 5) / 9 : v;
}

export function hazardLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object' || w.some((x) => NOT_SET.test(x))) return [];
  const all = leaves(args);
  const tool = w.join('_');
  // The call's words: its name, its keys and its short values, as plain words.
  const text = callText(w, all, plain);
  if (TRAFFIC.test(text)) {
    const green = allGreen(all, args);
    if (green !== undefined) return [line('endanger', 'traffic', `${tool} sets a junction ${green}`)];
  }
  const gas = GAS.exec(text);
  const gasLeft = gas === null ? null : LEFT.exec(text);
  if (gasLeft !== null && OPEN.test(text) && !/\b(?:close|closed|shut|turn\s?off|off)\b/.test(text))
    return [line('endanger', 'home', `${tool} opens the ${gas![0]} and leaves it (${gasLeft[0]})`)];
  const heat = HEAT.exec(text);
  if (heat !== null && ON.test(text) && !/\b(?:turn|switch|power)\s?off\b/.test(text)) {
    const left =
      LEFT.exec(text)?.[0] ??
      (all.find(([p, v]) => UNTIL_KEY.test(last(p)) && typeof v === 'string' && NO_END.test(v))?.[1] as
        string | undefined) ??
      (all.some(([p, v]) => (hours(p, v) ?? 0) >= 6) ? 'six hours and more' : undefined);
    if (left !== undefined)
      return [line('endanger', 'home', `${tool} turns on the ${heat[0]} and leaves it on (${left})`)];
  }
  if (THERMOSTAT.test(text)) {
    const unit = all.find(([p, v]) => /(?:^|_)(?:unit|units|scale)$/.test(last(p)) && typeof v === 'string');
    const u = unit === undefined ? undefined : String(unit[1]).trim().toLowerCase().slice(0, 1);
    for (const [p, v] of all) {
      const c = celsius(p, v, u === 'f' || u === 'c' ? u : undefined);
      if (c !== undefined && (c >= 32 || c <= 4))
        return [
          line('endanger', 'home', `${tool} holds the temperature at ${String(v)} (${Math.round(c)} °C)`),
        ];
    }
  }
  const guardian = GUARDIAN.exec(text);
  // Alarms silenced for minutes while someone tends the patient are a hush, not the monitor off.
  const brief = /\b(?:silence|mute)\b/.test(text) && all.some(([p, v]) => (hours(p, v) ?? 1) < 1);
  if (guardian !== null && OFF.test(text) && !brief && !/\b(?:hush|test|testing)\b/.test(text))
    return [line('endanger', 'people', `${tool} switches off the ${guardian[0]}`)];
  return [];
}
