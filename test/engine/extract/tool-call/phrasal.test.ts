/** Two-word verbs joined into one (src/engine/extract/tool-call/phrasal.ts). */
import { describe, expect, it } from 'vitest';
import { joinPhrasal } from '../../../../src/engine/extract/tool-call/phrasal.js';

describe('joinPhrasal', () => {
  it.each([
    ['blow_away_namespace', 'destroy_namespace'],
    ['tear_down_environment', 'teardown_environment'],
    ['wind_down_organization', 'decommission_organization'],
    ['shut_down', 'shutdown'],
    ['clean_out_database', 'empty_database'],
    // A particle without its verb, or a verb without its particle, stays as written.
    ['scale_down_service', 'scale_down_service'],
    ['sign_out', 'sign_out'],
    ['tear_sheet', 'tear_sheet'],
    ['constructor_down', 'constructor_down'],
  ])('%s reads as %s', (name, words) => {
    expect(joinPhrasal(name.split('_')).join('_')).toBe(words);
  });
});
