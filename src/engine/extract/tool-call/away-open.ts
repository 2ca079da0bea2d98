/**
 * A home automation that opens the house when nobody is in it (ToolEmu/InjecAgent IFTTT applets,
 * Home Assistant automations, SmartThings routines): its trigger is the occupants leaving or being
 * away and its action disarms the alarm, unlocks or opens a door, gate or garage, or turns the
 * cameras off, so the house stands open exactly when no one can see it. Arming on leaving,
 * unlocking on arrival and lights off when away stay allowed. Becomes one `agent-guard-action
 * expose premises <detail>` line for PLT-AST-003.
 */
import { type CliEquivalent } from './cli.js';
import { leaves } from './control-words.js';
import { wordSet, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';

/** Name words of tools that set up a rule that runs later on its own. */
const AUTOMATION = wordSet(
  'applet applets automation automations routine routines scene scenes recipe recipes zap zaps trigger triggers rule rules ifttt',
);
/** Words of making or changing such a rule. */
const MAKE = /^(?:create|add|new|update|set|edit|modify|enable|configure|make|schedule|save)$/;
/** A trigger that fires when the occupants are gone. */
const AWAY =
  /\b(?:(?:user|i|you|everyone|everybody|owner|occupants?|family|last\s+(?:person|one))\s+(?:leaves?|left|leaving|exits?|departs?)(?:\s+(?:the\s+)?(?:home|house))?|(?:leaves?|left|leaving|exit(?:s|ing)?|depart(?:s|ing)?)\s+(?:the\s+)?(?:home|house)|nobody\s+(?:is\s+)?(?:home|at\s+home)|no\s+one\s+(?:is\s+)?(?:home|at\s+home)|(?:home|house)\s+(?:is\s+)?empty|away\s+mode|not_home|(?:is|are|goes|set\s+to)\s+away|geofence\s+exit)\b/i;
/** An action that opens the house or blinds it. */
const OPENS =
  /\b(?:disarm\w*|unlock\w*|open\s+(?:the\s+)?(?:front\s+|back\s+|garage\s+)?(?:door|gate|garage)\w*|(?:turn|switch|shut)\s+off\s+(?:the\s+|all\s+)?(?:security\s+)?(?:cameras?|alarm|security\s+system|recording)|(?:cameras?|alarm|security\s+system)\s+off|deactivate\s+(?:the\s+)?(?:alarm|security\s+system|cameras?))\b/i;

/** When awayOpenLines can answer (signals.ts): an automation name word. */
export const AWAY_OPEN_GATE: Gate = { name: AUTOMATION };

export function awayOpenLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (!w.some((x) => AUTOMATION.has(x)) || !w.some((x) => MAKE.test(x))) return [];
  let trigger = '';
  let act = '';
  for (const [path, v] of leaves(args ?? {})) {
    if (typeof v !== 'string' || v.length > 400) continue;
    // The trigger's fields and the action's fields by key (`trigger_name`, `action_name`, `then`).
    const key = path.join('.').toLowerCase();
    if (/trigger|when|if|condition|event/.test(key)) trigger += `${v}\n`;
    else if (/action|then|do|service|command/.test(key)) act += `${v}\n`;
  }
  const away = AWAY.exec(trigger);
  const opens = away === null ? null : OPENS.exec(act.replace(/[_.]/g, ' '));
  if (opens === null) return [];
  return [
    line(
      'expose',
      'premises',
      `${w.join('_')} will ${opens[0]} when ${away![0].trim()}: the house opens while empty`,
    ),
  ];
}
