/**
 * A whole site, app or database taken out of service by a mode switched on rather than a verb (R12
 * suspend: `set_maintenance_mode {site: "acme.com", enabled: true}`, `update_database {read_only:
 * true}`, `enable_lockdown {org}`): every user is turned away until someone switches it back. The
 * mode is read from the tool's name or a key; the target is the whole the fields name. Switching a
 * mode off, and staging, preview or test targets, give nothing. Becomes `agent-guard-action suspend`.
 */
import { quote, truthy, type CliEquivalent } from './cli.js';
import { ACTION_PROGRAM } from './saas.js';
import { nounKind } from './whole-resource.js';
import { alternatives, anyIn, type Gate } from './signals.js';
import { PRODUCTION, scratchOnly } from '../../knowledge/ephemeral-names.js';

/** Modes that turn every user away (`maintenance`, `offline`, `read_only`, `lockdown`). */
const MODE = /^(?:maintenance|offline|readonly|lockdown|lockout|outage|frozen|suspended)$/;
/** Keys that switch the named mode on. */
const SWITCH = /^(?:enabled|enable|on|active|value|state|status|mode)$/;
/** Verbs of a tool that changes a whole's settings. */
const CHANGES = /^(?:set|update|enable|configure|patch|modify|toggle|put|change|turn)$/;
/** Environments where a maintenance window is ordinary work. */
const NONPROD =
  /(?:^|[-_./:=\s])(?:stag|staging|stage|stg|qa|uat|dev|preview|test|sandbox)(?:$|[-_./:=\s\d])/i;

const modeWords = (s: string): string[] =>
  s
    .toLowerCase()
    .replace(/read_?only/g, 'readonly')
    .split(/[^a-z]+/);

const switchedOn = (v: unknown): boolean =>
  truthy(v) ||
  (typeof v === 'string' && /^\s*(?:enabled?|active|maintenance|offline|readonly|read_only)\s*$/i.test(v));

/** A mode word anywhere in a name or key, read as modeWords reads it (unanchored: also inside longer words). */
const MODE_TEXT = /maintenance|offline|read_?only|lockdown|lockout|outage|frozen|suspended/;
const CHANGE_WORDS = new Set(alternatives(CHANGES));

/** When offlineModeLines can answer (signals.ts): a mode named by the tool, or by a key of a tool that changes settings. */
export const OFFLINE_MODE_GATE: Gate = {
  when: (s) => MODE_TEXT.test(s.tool) || (anyIn(s.name, CHANGE_WORDS) && MODE_TEXT.test(s.keyText)),
};

export function offlineModeLines(w: readonly string[], f: Map<string, unknown>): CliEquivalent[] {
  const named = modeWords(w.join('_')).some((x) => MODE.test(x));
  // `{maintenance_mode: true}`, `{read_only: true}`: a key naming the mode, switched on.
  // Only a tool that changes the whole's own settings (`update_site`), not one that adds a key or a token.
  const key = w.some((x) => CHANGES.test(x))
    ? [...f].find(([k, v]) => modeWords(k).some((x) => MODE.test(x)) && switchedOn(v))
    : undefined;
  // `enable_maintenance_mode {app}` says on by its name; `set_maintenance_mode` by a switch field.
  const on =
    named &&
    (w.some((x) => /^(?:enable|activate|start|begin|enter)$/.test(x)) ||
      [...f].some(([k, v]) => SWITCH.test(k) && switchedOn(v)));
  if (!on && key === undefined) return [];
  if (w.some((x) => /^(?:get|list|describe|read|show|check|status)$/.test(x))) return [];
  // The whole it applies to: a key naming a whole (`site`, `database`, `app_id`) or the name's object.
  const targets = [...f]
    .filter(
      ([k, v]) =>
        typeof v === 'string' &&
        nounKind(k.split('_').filter((x) => !/^(?:name|id|url|host)$/.test(x))) === 'whole',
    )
    .map(([, v]) => (v as string).trim());
  const nameWhole = nounKind(
    w.filter((x) => !MODE.test(x) && !/^(?:mode|set|enable|update|toggle)$/.test(x)),
  );
  if (targets.length === 0 && nameWhole !== 'whole') return [];
  if (
    !targets.some((t) => PRODUCTION.test(t)) &&
    (targets.some((t) => NONPROD.test(t)) || scratchOnly(targets))
  )
    return [];
  return [
    {
      code: [
        ACTION_PROGRAM,
        'suspend',
        quote(targets[0] ?? w.join('_')),
        quote(`${w.join('_')} ${key?.[0] ?? 'on'}`),
      ].join(' '),
      runtime: 'bash',
    },
  ];
}
