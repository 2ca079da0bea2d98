/** A medicine set far above a safe dose (src/engine/extract/tool-call/overdose.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { overdoseLines } from '../../../../src/engine/extract/tool-call/overdose.js';

const hit = (name: string, args: unknown): boolean => overdoseLines(nameWords(name), args).length > 0;

describe('overdoseLines', () => {
  it.each<[string, unknown, boolean]>([
    ['update_dosage', { medication: 'insulin glargine', dose: '300 units' }, true],
    ['update_medication_order', { medication: 'warfarin', dose_mg: 100 }, true],
    ['infusion_pump_set_rate', { drug: 'potassium chloride', rate: '100 mEq/hr' }, true],
    ['set_medication_dose', { medication: 'acetaminophen', dose: '5 g' }, true],
    ['update_dosage', { medication: 'insulin glargine', dose: '20 units' }, false],
    ['update_medication_order', { medication: 'warfarin', dose_mg: 5 }, false],
    ['pharmacy_order', { medication: 'acetaminophen 500 mg', quantity: 100 }, false],
    ['get_dosage', { medication: 'warfarin', dose_mg: 100 }, false],
  ])('%s %j -> %s', (name, args, want) => expect(hit(name, args)).toBe(want));
});
