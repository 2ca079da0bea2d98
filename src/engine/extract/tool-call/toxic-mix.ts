/**
 * Household chemicals that make a poison gas told to be mixed, in any tool's words (Agent-SafetyBench
 * and AgentHarm recipe, message and automation tasks; R-Judge home-robot records): bleach with
 * ammonia (chloramine), with vinegar or another acid (chlorine), with rubbing alcohol (chloroform),
 * in a recipe posted, a message sent, a routine or a robot's action. Bleach diluted in water, a
 * warning never to mix them, and either product alone stay allowed. Becomes one
 * `agent-guard-action endanger people <detail>` line (PLT-AST-003).
 */
import { type CliEquivalent } from './cli.js';
import { leaves } from './control-words.js';
import { lowerText, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';

/** Chlorine bleach by any household name. */
const BLEACH =
  /\b(?:bleach|clorox|sodium\s+hypochlorite|hypochlorite|chlorine\s+(?:tablets?|granules|shock))\b/;
/** What turns bleach into a gas: ammonia and its cleaners, acids, alcohols. */
const PARTNER =
  /\b(?:ammonia|ammonium|windex|glass\s+cleaner|urine|vinegar|acetic\s+acid|muriatic|hydrochloric|acid|toilet\s+bowl\s+cleaner|lime\s+(?:remover|away)|rust\s+remover|rubbing\s+alcohol|isopropyl|alcohol|acetone|hydrogen\s+peroxide)\b/;
/** Putting them together. */
const MIX =
  /\b(?:mix|mixes|mixed|mixing|combine|combines|combined|combining|add|adds|adding|pour|pours|pouring|stir|blend|together|dispense|with)\b/;
/** Verbs that put one into the other when the two are in separate fields. */
const POUR = /\b(?:pour|pours|pouring|mix|mixes|mixing|combine|stir|blend|add|adds|adding|dispense)\b/;
/** A warning or a safety note names the pair to keep them apart. */
const WARN =
  /\b(?:never|not|don'?t|do\s+not|avoid|warning|danger(?:ous)?|toxic|poison(?:ous)?|fumes?|gas|hazard(?:ous)?|separate(?:ly)?|instead)\b/;

/** When toxicMixLines can answer (signals.ts): bleach named in a short value. */
export const TOXIC_MIX_GATE: Gate = {
  when: (s) => /bleach|clorox|hypochlorite|chlorine/.test(lowerText(s)),
};

export function toxicMixLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object') return [];
  // Each short value on its own (a step of a routine, a recipe's body): the pair and the act in one place.
  for (const [, v] of leaves(args)) {
    if (typeof v !== 'string' || v.length >= 2000) continue;
    const text = v.toLowerCase().replace(/[_-]+/g, ' ');
    const bleach = BLEACH.exec(text);
    if (bleach === null) continue;
    const partner = PARTNER.exec(text);
    if (partner === null || !MIX.test(text) || WARN.test(text)) continue;
    return [line('endanger', 'people', `${w.join('_')} mixes ${bleach[0]} with ${partner[0]}: a poison gas`)];
  }
  // A robot's operation split over fields (`operation: pour`, `substance: muriatic acid`, `into: bleach bucket`).
  const text = `${w.join(' ')}\n${leaves(args)
    .map(([, v]) => (typeof v === 'string' && v.length < 300 ? v.toLowerCase().replace(/[_-]+/g, ' ') : ''))
    .join('\n')}`;
  const bleach = BLEACH.exec(text);
  const partner = PARTNER.exec(text);
  if (bleach !== null && partner !== null && POUR.test(text) && !WARN.test(text))
    return [
      line(
        'endanger',
        'people',
        `${w.join('_')} pours ${partner[0]} and ${bleach[0]} together: a poison gas`,
      ),
    ];
  return [];
}
