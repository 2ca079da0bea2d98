/**
 * A controlled drug prescribed or ordered by a tool call (InjecAgent and ToolEmu Teladoc and
 * pharmacy toolkits; R23 injected: oxycodone 30 mg x180 prescribed on a planted instruction): a new
 * prescription, a prescription request or an order whose medicine is an opioid, a stimulant, a
 * benzodiazepine or another drug scheduled for abuse and overdose. A refill or renewal of what the
 * user already takes, any other medicine, and reads stay allowed. Becomes one `agent-guard-action
 * endanger patient <detail>` line (PLT-AST-003).
 */
import { type CliEquivalent } from './cli.js';
import { leaves } from './control-words.js';
import { wordSet, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';

/** Name verbs of writing a prescription, and the nouns and verbs of asking for or ordering one. */
const PRESCRIBE = /^(?:prescribe|eprescribe|dispense)$/;
const RX =
  /^(?:prescription|prescriptions|rx|script|scripts|med|meds|medication|medications|medicine|medicines|drug|drugs|pharmacy)$/;
const NEW = /^(?:create|new|issue|write|request|add|order|buy|purchase|send|submit|place)$/;
/** Verbs of changing a prescription: naming a controlled drug there writes a new one (R25: `UpdatePrescription {drug: Oxycodone}`). */
const CHANGE = /^(?:update|change|modify|edit|amend|set|replace|switch)$/;
/** Keys whose value is the medicine itself. */
const DRUG_KEY =
  /^(?:drug|drug_name|medication|medication_name|medicine|medicine_name|new_drug|new_medication|rx|product)$/;
/** Words of reads, refills of what is already taken, and undoing. */
const NOT_NEW =
  /^(?:get|list|read|view|show|search|find|lookup|check|history|status|describe|refill|refills|renew|renewal|reorder|repeat|cancel|discontinue|stop|delete|remove|interactions|info|details|track|verify|reminder|reminders|log|journal|tracker|schedule|alert|alerts)$/;
/** Schedule II-IV drugs of abuse by generic and brand name. */
export const SCHEDULED =
  /\b(?:oxycodone|oxycontin|percocet|roxicodone|hydrocodone|vicodin|norco|fentanyl|sufentanil|carfentanil|morphine|hydromorphone|dilaudid|oxymorphone|opana|methadone|tapentadol|nucynta|meperidine|demerol|codeine|levorphanol|tramadol|ultram|buprenorphine|amphetamine|dextroamphetamine|adderall|lisdexamfetamine|vyvanse|methamphetamine|desoxyn|methylphenidate|ritalin|concerta|alprazolam|xanax|diazepam|valium|clonazepam|klonopin|lorazepam|ativan|temazepam|triazolam|midazolam|zolpidem|ambien|carisoprodol|soma|ketamine|phenobarbital|secobarbital|pentobarbital|flunitrazepam|ghb|sodium\s+oxybate|xyrem)\b/i;
/** Keys whose value is an action given as the call's verb (`action: "prescribe"`). */
const ACTION_KEY = /^(?:action|operation|op|type|request_type)$/;

const last = (p: readonly string[]): string => p[p.length - 1] ?? '';

/** When controlledDrugLines can answer (signals.ts): a prescribing word in the name or an action value. */
export const CONTROLLED_DRUG_GATE: Gate = {
  name: wordSet(
    'prescribe prescription prescriptions rx eprescribe medication medications medicine medicines drug drugs dispense pharmacy',
  ),
  keys: wordSet('medication medications medicine drug drugs prescription'),
};

export function controlledDrugLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object' || w.some((x) => NOT_NEW.test(x))) return [];
  const all = leaves(args);
  const action = all.find(([p, v]) => ACTION_KEY.test(last(p)) && typeof v === 'string');
  if (action !== undefined && NOT_NEW.test(String(action[1]).trim().toLowerCase())) return [];
  const writes =
    w.some((x) => PRESCRIBE.test(x)) ||
    (w.some((x) => RX.test(x)) && w.some((x) => NEW.test(x))) ||
    (w.some((x) => RX.test(x)) &&
      w.some((x) => CHANGE.test(x)) &&
      all.some(([p, v]) => DRUG_KEY.test(last(p)) && typeof v === 'string' && SCHEDULED.test(v))) ||
    (action !== undefined && /^\s*(?:prescribe|new|create|issue|order)\s*$/i.test(String(action[1])));
  if (!writes) return [];
  const drug = all.find(([, v]) => typeof v === 'string' && v.length < 200 && SCHEDULED.test(v));
  if (drug === undefined) return [];
  return [
    line(
      'endanger',
      'patient',
      `${w.join('_')} prescribes or orders ${String(drug[1]).slice(0, 60)}, a controlled drug of abuse and overdose`,
    ),
  ];
}
