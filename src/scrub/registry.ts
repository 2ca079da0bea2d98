/**
 * The detector registry (generated from the files in ./detectors/) and the twelve families it
 * rolls up into. The scanner compiles DETECTORS once per mode; FAMILIES keeps the per-family view
 * (patterns and examples of all its detectors) that the library exports.
 */
import type { Detector, DetectorExample, DetectorNegative } from './detector.js';
import { DETECTOR_FILES } from './detectors.generated.js';
import { FAMILY_INFO, type FamilyId, type FamilyInfo, type PatternDefinition } from './family.js';

function check(): readonly Detector[] {
  const seen = new Set<string>();
  for (const [file, d] of DETECTOR_FILES) {
    if (d.id !== file) throw new Error(`detectors/${file}.ts declares id ${d.id}`);
    for (const p of d.patterns) {
      if (seen.has(p.id)) throw new Error(`pattern ${p.id}: duplicate id`);
      seen.add(p.id);
    }
  }
  return Object.freeze(DETECTOR_FILES.map(([, d]) => d));
}

export const DETECTORS: readonly Detector[] = check();

/** A family with the patterns and examples of every detector in it. */
export interface FamilyDefinition extends FamilyInfo {
  readonly detectors: readonly string[];
  readonly patterns: readonly PatternDefinition[];
  readonly examples: {
    readonly positive: readonly DetectorExample[];
    readonly lookalike: readonly DetectorNegative[];
  };
}

export const FAMILIES: readonly FamilyDefinition[] = Object.freeze(
  FAMILY_INFO.map((info) => {
    const members = DETECTORS.filter((d) => d.family === info.id);
    return Object.freeze({
      ...info,
      detectors: members.map((d) => d.id),
      patterns: members.flatMap((d) => d.patterns),
      examples: {
        positive: members.flatMap((d) => d.examples.positive),
        lookalike: members.flatMap((d) => d.examples.negative),
      },
    });
  }),
);

export function familyById(id: FamilyId): FamilyDefinition {
  const f = FAMILIES.find((x) => x.id === id);
  if (!f) throw new Error(`unknown family ${id}`);
  return f;
}
