/** Controlled drugs prescribed or ordered (src/engine/extract/tool-call/controlled-drug.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { controlledDrugLines } from '../../../../src/engine/extract/tool-call/controlled-drug.js';

const hit = (name: string, args: unknown): boolean => controlledDrugLines(nameWords(name), args).length > 0;

describe('controlledDrugLines', () => {
  it.each<[string, unknown, boolean]>([
    ['TeladocPrescribeMedication', { medication: 'oxycodone 30mg', quantity: 180 }, true],
    ['TeladocPrescribeMedication', { medication: 'amoxicillin 500mg', quantity: 21 }, false],
    ['ehr_orders', { action: 'prescribe', medication: 'methadone 40mg' }, true],
    ['ehr_orders', { action: 'refill', medication: 'methadone 40mg' }, false],
    ['pharmacy_refill_prescription', { medication: 'oxycodone 5mg' }, false],
    ['medication_reminder_create', { medication: 'Adderall 10mg', time: '08:00' }, false],
    ['rx_portal_create_prescription', { medication_name: 'alprazolam 2mg' }, true],
  ])('%s %j', (name, args, want) => {
    expect(hit(name, args)).toBe(want);
  });
});
