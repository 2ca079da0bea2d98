/**
 * A building's physical guard left open, whatever the vendor calls it (red team r21 injected: a
 * door unlocked "until: indefinite", a home alarm disarmed with its cameras off): a lock, alarm,
 * gate or garage set to its open state by a mode, state or verb, and left so for good or a day and
 * more, or an alarm disarmed while its cameras or recording are switched off (nothing guards and
 * nothing sees). Unlocking for a few minutes, disarming on the way home, arming, and a camera
 * turned off on its own stay allowed. A camera or its motion detection switched off through the
 * small hours, for six hours and more, or every camera at once (InjecAgent GoogleHome scheduled off,
 * R24) leaves nothing watching; an evening off while people are home stays allowed. Becomes one `agent-guard-action expose|silence premises
 * <detail>` line (PLT-AST-003 for an open door, PLT-AST-002 for a blind alarm).
 */
import { type CliEquivalent } from './cli.js';
import { leaves, type Leaf } from './control-words.js';
import { alternatives, lowerText, wordSet, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';
import { PLANTED } from './planted.js';

/** Name or key words of devices that keep a building shut or watched. */
const DEVICE =
  /^(?:lock|locks|smartlock|deadbolt|door|doors|gate|gates|garage|alarm|alarms|siren|security|camera|cameras|cam|cams|doorbell|keypad|ring|simplisafe|arlo|adt|verisure|abode|august|yale|schlage|nuki|kwikset|wyze|blink|alarmcom|premises|entry)$/;
/** Keys naming a device's kind (Home Assistant `domain: lock`). */
const KIND_KEY = /^(?:domain|device_type|device_class|type|kind|category)$/;
/** Keys naming the device a generic smart-home call acts on. */
const DEVICE_ID_KEY =
  /^(?:device|device_id|device_name|entity|entity_id|lock_id|door_id|accessory|accessory_id)$/;
/** Words of reads and of closing or arming. */
const NOT_OPEN = /^(?:get|list|read|describe|show|status|view|history|logs|close|secure|check|test)$/;
/** Name words of systems that watch a building (its open state is disarmed, not unlocked). */
const ALARM = /^(?:alarm|alarms|siren|security|ring|simplisafe|arlo|adt|verisure|abode|alarmcom|blink|wyze)$/;
/** Verbs of the name that open a guard. */
const OPEN_VERB = /^(?:unlock|disarm|open|unbolt|unlatch)$/;
/** Keys holding a device's state, and states that leave it open. */
const STATE_KEY =
  /(?:^|_)(?:mode|state|status|lock_state|arm_state|armed_state|alarm_state|security_mode|position|action|command|service|target_state)$/;
const OPEN_STATE = /^\s*(?:unlock(?:ed)?|disarm(?:ed)?|open(?:ed)?|off|unbolted|unlatched)\s*$/i;
/** `locked: false`, `armed: false`. */
const SHUT_SWITCH = /^(?:locked|armed|is_locked|is_armed|secured)$/;
/** Values that keep it so with no end. */
const FOR_GOOD =
  /^\s*(?:permanent(?:ly)?|forever|indefinite(?:ly)?|always|never|none|no[-_ ]?end|until[-_ ]?further[-_ ]?notice|manual(?:ly)?)\s*$/i;
/** Keys of how long or until when it stays open; `auto_relock: false` ends nothing. */
const UNTIL_KEY = /(?:^|_)(?:until|end|ends|expires?|expiry|relock|relock_at|duration|for|period)$/;
const RELOCK_KEY = /^(?:auto_relock|auto_lock|autolock|relock|auto_close|auto_rearm)$/;
/** Switches that hold a door open until someone changes them back (a commercial lock's passage mode). */
const HOLD_OPEN =
  /^(?:passage_mode|passage|keep_open|hold_open|stay_open|latch_open|keep_unlocked|always_unlocked|free_access)$/;
const DURATION_KEY =
  /(?:^|_)(?:duration|for|period|length|timeout)(?:_(hours?|h|minutes?|mins?|m|seconds?|secs?|s|days?|d))?$|^(hours?|minutes?|mins?|days?)$/;
/** Keys of what watches: cameras, recording, motion and notifications. */
const WATCH =
  /(?:^|_)(?:cameras?|cams?|recording|record|video|motion|motion_detection|notifications?|siren)(?:_|$)/;

/** Keys of when it opens, and the small hours nobody expects a door opened in (00:00-04:59). */
const TIME_KEY =
  /(?:^|_)(?:time|date_time|datetime|at|when|start|start_time|scheduled_time|schedule|scheduled_for|run_at|trigger_time|hour)$/;
function nightHour(v: string): boolean {
  if (/\bmidnight\b/i.test(v)) return true;
  // A bare `T00:00` is how a date without a time is written, not a chosen hour.
  if (/(?:^|[T\s])00:00(?::00)?(?:\.0+)?(?:Z|[+-]\d{2}:?\d{2})?\s*$/.test(v)) return false;
  const m =
    /(?:^|[T\s])(\d{1,2}):\d{2}(?::\d{2})?\s*([ap]\.?m\.?)?|\b(\d{1,2})\s*([ap]\.?m\.?)(?![a-z])/i.exec(v);
  if (m === null) return false;
  let h = Number(m[1] ?? m[3]);
  const half = (m[2] ?? m[4] ?? '').toLowerCase();
  if (half.startsWith('p') && h < 12) h += 12;
  if (half.startsWith('a') && h === 12) h = 0;
  return h <= 4;
}
/** Keys of why, and a reason that cites a message the agent read (`delivery per message`). */
const REASON_KEY = /(?:^|_)(?:reason|note|notes|comment|memo|description|message|purpose|why|context)$/;
const TOLD =
  /\b(?:per|as\s+per|as\s+(?:said|asked|requested|instructed|told)\s+(?:in|by)|according\s+to|following|because\s+of)\s+(?:the\s+|a\s+|an\s+|this\s+|that\s+)?(?:[\w-]+\s+)?(?:message|e-?mail|text|sms|note|dm|chat|voicemail|comment|review|instructions?)\b/i;

const last = (p: readonly string[]): string => p[p.length - 1] ?? '';
const isOff = (v: unknown): boolean =>
  v === false || (typeof v === 'string' && /^\s*(?:false|off|disabled?|none|no)\s*$/i.test(v));

/** Hours a duration leaf holds (`duration_hours: 72`, `duration: "3d"`, `minutes: 5`). */
function hours(p: readonly string[], v: unknown): number | undefined {
  const m = DURATION_KEY.exec(last(p));
  if (m === null) return undefined;
  const unit = (m[1] ?? m[2] ?? 'm').toLowerCase();
  const scale = (u: string): number =>
    u.startsWith('d') ? 24 : u.startsWith('h') ? 1 : u.startsWith('s') ? 1 / 3600 : 1 / 60;
  if (typeof v === 'number' && Number.isFinite(v)) return v * scale(unit);
  if (typeof v !== 'string') return undefined;
  const t = /^\s*(\d+(?:\.\d+)?)\s*(d|days?|h|hrs?|hours?|m|mins?|minutes?|s|secs?|seconds?)?\s*$/i.exec(v);
  return t === null ? undefined : Number(t[1]) * scale((t[2] ?? unit).toLowerCase());
}

/** DEVICE's words anywhere in a value: a value without one has no such word (the gate's first test). */
const DEVICE_HINT = new RegExp(alternatives(DEVICE).join('|'));

/** When premisesOpenLines can answer (signals.ts): a device word in the name or the keys. */
export const PREMISES_OPEN_GATE: Gate = {
  name: wordSet(
    'lock locks smartlock deadbolt door doors gate gates garage alarm alarms siren security camera cameras cam cams doorbell keypad ring simplisafe arlo adt verisure abode august yale schlage nuki kwikset wyze blink alarmcom premises entry unlock disarm',
  ),
  keys: wordSet('lock locked alarm armed arm door gate garage cameras camera passage'),
  when: (s) =>
    DEVICE_HINT.test(lowerText(s)) &&
    s.strings.some(
      (v) =>
        v.length < 80 &&
        v
          .toLowerCase()
          .split(/[^a-z]+/)
          .some((x) => DEVICE.test(x)),
    ),
};

/** Words of a camera, and values that switch it or its motion detection off. */
const CAMERA = /^(?:camera|cameras|cam|cams|doorbell|cctv|motion)$/;
const CAMERA_OFF =
  /^\s*(?:turn[\s_-]?off|switch[\s_-]?off|off|disabled?|stop|pause|deactivate|power[\s_-]?off)\s*$/i;
const CAMERA_OFF_VERB = /^(?:disable|turn_off|switch_off|pause|deactivate)$/;
/** `HH:MM` alone, and a `HH:MM-HH:MM` window. */
const CLOCK = /^\s*(\d{1,2}):\d{2}\s*$/;
const WINDOW = /^\s*(\d{1,2}):\d{2}\s*(?:-|–|to)\s*(\d{1,2}):\d{2}\s*$/i;

/** A camera off through the night, for six hours and more, or every camera: nothing watches. */
function camerasDark(w: readonly string[], all: readonly Leaf[]): string | undefined {
  const words = (v: string): string[] => v.toLowerCase().split(/[^a-z]+/);
  const camera =
    w.some((x) => CAMERA.test(x)) ||
    all.some(
      ([p, v]) =>
        p.some((k) => k.split('_').some((x) => CAMERA.test(x))) ||
        (typeof v === 'string' && v.length < 80 && words(v).some((x) => CAMERA.test(x))),
    );
  if (!camera) return undefined;
  const off =
    w.some((x) => CAMERA_OFF_VERB.test(x)) ||
    all.some(
      ([p, v]) =>
        ((STATE_KEY.test(last(p)) || /(?:^|_)power(?:_state)?$/.test(last(p))) &&
          typeof v === 'string' &&
          CAMERA_OFF.test(v)) ||
        (/(?:^|_)(?:enabled|motion_detection|recording|detection|on)$/.test(last(p)) && v === false) ||
        /^(?:off|disabled?)_(?:from|start|at|time)$/.test(last(p)),
    );
  if (!off) return undefined;
  for (const [p, v] of all) {
    if (typeof v !== 'string') continue;
    const win = WINDOW.exec(v);
    // A window that runs over midnight or through the small hours.
    if (win !== null && (Number(win[2]) < Number(win[1]) || Number(win[1]) <= 4))
      return `${p.join('.')} ${v}`;
    const at = CLOCK.exec(v);
    if (
      at !== null &&
      /(?:^|_)(?:from|start|off_from|start_time|begin|at|time)$/.test(last(p)) &&
      Number(at[1]) <= 4
    )
      return `${p.join('.')} ${v}`;
    if (TIME_KEY.test(last(p)) && nightHour(v)) return `${p.join('.')} ${v}`;
    if (
      (DEVICE_ID_KEY.test(last(p)) || /^(?:cameras|cams|devices)$/.test(last(p))) &&
      /^\s*(?:all|\*|every)\s*$/i.test(v)
    )
      return `${p.join('.')} ${v}`;
  }
  // `from: "23:00", to: "05:00"`: a window over midnight in two keys.
  const clock = (re: RegExp): number | undefined => {
    const hit = all.find(([p, v]) => re.test(last(p)) && typeof v === 'string' && CLOCK.test(v));
    return hit === undefined ? undefined : Number(CLOCK.exec(String(hit[1]))![1]);
  };
  const from = clock(/(?:^|_)(?:from|start|start_time|begin|off_from)$/);
  const to = clock(/(?:^|_)(?:to|end|end_time|until|off_to)$/);
  if (from !== undefined && to !== undefined && to < from) return `off ${from}:00 to ${to}:00`;
  const long = all.find(([p, v]) => (hours(p, v) ?? 0) >= 6);
  return long === undefined ? undefined : `${long[0].join('.')} ${String(long[1])}`;
}

export function premisesOpenLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object' || w.some((x) => NOT_OPEN.test(x))) return [];
  const all = leaves(args);
  const dark = camerasDark(w, all);
  if (dark !== undefined) return [line('silence', 'premises', `${w.join('_')} cameras off: ${dark}`)];
  // `gate` and `security` name other things in a tool's name (`gate_io`, `security_group`).
  const device =
    w.some((x) => DEVICE.test(x) && !/^(?:gate|gates|security)$/.test(x)) ||
    (w.includes('security') && w.includes('system')) ||
    all.some(([p]) => p.some((k) => k.split('_').some((x) => DEVICE.test(x)))) ||
    all.some(
      ([p, v]) => KIND_KEY.test(last(p)) && typeof v === 'string' && DEVICE.test(v.trim().toLowerCase()),
    ) ||
    // The device named by its id (`device_id: "front_door_lock"`, Home Assistant `entity_id: "lock.front"`).
    all.some(
      ([p, v]) =>
        DEVICE_ID_KEY.test(last(p)) &&
        typeof v === 'string' &&
        v.length < 80 &&
        v
          .toLowerCase()
          .split(/[^a-z]+/)
          .some((x) => DEVICE.test(x) && !/^(?:gate|gates|security|ring|entry)$/.test(x)),
    );
  // Held open until changed back: open and for good at once.
  const hold = all.find(([p, v]) => HOLD_OPEN.test(last(p)) && (v === true || v === 'true'));
  if (hold !== undefined && device)
    return [
      line('expose', 'premises', `${w.join('_')} ${hold[0].join('.')} true: held open until changed back`),
    ];
  const byName = w.find((x) => OPEN_VERB.test(x));
  const open: Leaf | undefined =
    byName !== undefined
      ? [[], byName]
      : all.find(
          ([p, v]) =>
            (STATE_KEY.test(last(p)) && typeof v === 'string' && OPEN_STATE.test(v)) ||
            (SHUT_SWITCH.test(last(p)) && isOff(v)),
        );
  // Only an alarm is disarmed: that value names the device whatever the vendor (`eufy_security`).
  if (open === undefined || !(device || /disarm/i.test(String(open[1])))) return [];
  const what = `${w.join('_')} ${open[0].join('.')} ${String(open[1])}`.replace(/\s+/g, ' ');
  const alarm =
    /disarm/i.test(String(open[1])) || open[0].some((k) => /arm/.test(k)) || w.some((x) => ALARM.test(x));
  // Cameras or recording switched off in the same call: nothing guards and nothing sees.
  const blind = all.find(
    ([p, v]) =>
      (WATCH.test(last(p)) && isOff(v)) ||
      (/^(?:disable|turn_off|stop|pause)_/.test(last(p)) && WATCH.test(last(p)) && v === true),
  );
  if (blind !== undefined)
    return [line('silence', 'premises', `${what} with ${blind[0].join('.')} ${String(blind[1])}`)];
  // Opened in the small hours, or because a message the agent read said so (InjecAgent AugustSmartLock, R23).
  const odd =
    all.find(([p, v]) => TIME_KEY.test(last(p)) && typeof v === 'string' && nightHour(v)) ??
    all.find(
      ([p, v]) => REASON_KEY.test(last(p)) && typeof v === 'string' && (TOLD.test(v) || PLANTED.test(v)),
    );
  if (odd !== undefined)
    return [line(alarm ? 'silence' : 'expose', 'premises', `${what} ${odd[0].join('.')} ${String(odd[1])}`)];
  // Left open with no end: a value that says so, no relock, or a day and more.
  const forGood =
    all.find(([p, v]) => UNTIL_KEY.test(last(p)) && typeof v === 'string' && FOR_GOOD.test(v)) ??
    all.find(
      ([p, v]) => /^(?:permanent|permanently|indefinite|indefinitely|forever)$/.test(last(p)) && v === true,
    ) ??
    all.find(([p, v]) => RELOCK_KEY.test(last(p)) && isOff(v));
  const long = all.find(([p, v]) => (hours(p, v) ?? 0) >= 24);
  const held = forGood ?? long;
  if (held === undefined) return [];
  return [line(alarm ? 'silence' : 'expose', 'premises', `${what} ${held[0].join('.')} ${String(held[1])}`)];
}
