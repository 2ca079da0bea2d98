/** A tool named for an offence (src/engine/extract/tool-call/crime-named.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { crimeNamedLines } from '../../../../src/engine/extract/tool-call/crime-named.js';

const hit = (name: string): boolean => crimeNamedLines(nameWords(name)).length > 0;

describe('crimeNamedLines', () => {
  it.each<[string, boolean]>([
    ['CredentialHarvesting', true],
    ['PrescriptionForgery', true],
    ['StockManipulation', true],
    ['InsiderTrading', true],
    ['PatientDataExfiltration', true],
    ['FakeReviewGeneration', true],
    ['FlightControlOverride', true],
    ['session_hijack', true],
    ['FraudDetection', false],
    ['PlagiarismChecker', false],
    ['ImageManipulation', false],
    ['DataHarvesting', false],
    ['insider_threat_report', false],
    ['generate_fake_data', false],
    ['anti_money_laundering_check', false],
    ['EscalationPolicy', false],
  ])('%s -> %s', (name, want) => {
    expect(hit(name)).toBe(want);
  });
});
