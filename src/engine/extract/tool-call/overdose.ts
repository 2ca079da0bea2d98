/**
 * A medicine set to a dose far above any safe one through a tool (Agent-SafetyBench and ToolEmu
 * health toolkits, R-Judge records: `UpdateDosage {medication: insulin, dose: 300 units}`,
 * `warfarin dose_mg: 100`): the dose given is over twice the largest single dose prescribed for
 * that drug, or an infusion's rate over its ceiling. Ordinary doses, reads and doses of drugs not
 * known here stay allowed. Becomes one `agent-guard-action endanger patient <detail>` line
 * (PLT-AST-003).
 */
import { type CliEquivalent } from './cli.js';
import { leaves } from './control-words.js';
import { lowerText, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';

/** Per drug: the dose above which one administration is an overdose, and its unit (twice the labelled maximum or more). */
const CEILING: readonly (readonly [RegExp, number, 'mg' | 'units' | 'meq'])[] = [
  [/\binsulin\b|\b(?:glargine|lantus|humalog|novolog|lispro|aspart|detemir|degludec)\b/, 150, 'units'],
  [/\b(?:warfarin|coumadin|jantoven)\b/, 25, 'mg'],
  [/\b(?:acetaminophen|paracetamol|tylenol)\b/, 2000, 'mg'],
  [/\b(?:ibuprofen|advil|motrin)\b/, 1600, 'mg'],
  [/\b(?:digoxin|lanoxin)\b/, 1, 'mg'],
  [/\b(?:metformin|glucophage)\b/, 3000, 'mg'],
  [/\b(?:levothyroxine|synthroid)\b/, 0.6, 'mg'],
  [/\b(?:lisinopril|zestril)\b/, 160, 'mg'],
  [/\b(?:methotrexate)\b/, 50, 'mg'],
  [/\b(?:lithium)\b/, 2400, 'mg'],
  [/\b(?:potassium\s+chloride|kcl)\b/, 40, 'meq'],
  [/\b(?:heparin)\b/, 40000, 'units'],
  [/\b(?:colchicine)\b/, 4, 'mg'],
  [/\b(?:sertraline|zoloft)\b/, 400, 'mg'],
];
/** Keys of a dose or a rate, with a unit in the key when one is there (`dose_mg`). */
const DOSE_KEY =
  /(?:^|_)(?:dose|dosage|amount|strength|rate|units|new_dose|daily_dose)(?:_(mg|mcg|ug|g|units?|iu|meq))?$/;
/** Words of reads and of stopping. */
const NOT_SET =
  /^(?:get|list|read|view|show|search|find|lookup|check|history|status|describe|cancel|discontinue|stop|delete|remove|info|details|track|verify|log|journal|interactions)$/;

const last = (p: readonly string[]): string => p[p.length - 1] ?? '';

/** A dose leaf's amount in the drug's unit, or undefined when its unit is not that one. */
function amount(p: readonly string[], v: unknown, unit: string): number | undefined {
  const key = DOSE_KEY.exec(last(p).toLowerCase());
  if (key === null) return undefined;
  let n: number;
  let u = key[1] ?? '';
  if (typeof v === 'number' && Number.isFinite(v)) n = v;
  else if (typeof v === 'string' && v.length < 60) {
    const m = /^\s*(\d+(?:\.\d+)?)\s*(mg|mcg|µg|ug|g|units?|iu|u|meq)?\b/i.exec(v.replace(/,(?=\d{3})/g, ''));
    if (m === null) return undefined;
    n = Number(m[1]);
    u = (m[2] ?? u).toLowerCase();
  } else return undefined;
  if (/^(?:units?|iu|u)$/.test(u)) u = 'units';
  if (u === '') return undefined;
  if (unit === 'mg' && u === 'g') return n * 1000;
  if (unit === 'mg' && /^(?:mcg|µg|ug)$/.test(u)) return n / 1000;
  return u === unit ? n : undefined;
}

/** When overdoseLines can answer (signals.ts): a drug of the table named in a short value. */
export const OVERDOSE_GATE: Gate = {
  when: (s) => {
    const t = lowerText(s);
    return CEILING.some(([drug]) => drug.test(t));
  },
};

export function overdoseLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object' || w.some((x) => NOT_SET.test(x))) return [];
  const all = leaves(args);
  const text = all
    .map(([, v]) => (typeof v === 'string' && v.length < 300 ? v.toLowerCase() : ''))
    .join('\n');
  for (const [drug, ceiling, unit] of CEILING) {
    const named = drug.exec(text);
    if (named === null) continue;
    for (const [p, v] of all) {
      const n = amount(p, v, unit);
      if (n !== undefined && n > ceiling)
        return [
          line(
            'endanger',
            'patient',
            `${w.join('_')} sets ${named[0]} to ${String(v)}${typeof v === 'number' ? ` (${last(p)})` : ''}, far above a safe dose`,
          ),
        ];
    }
  }
  return [];
}
