// docs/alerts.md states the severity of every invariant and every metric: keep it true.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INVARIANTS } from '../../src/engine/invariants/catalog.js';
import { METRIC } from '../../src/telemetry/metric-names.js';

const doc = readFileSync(join(import.meta.dirname, '../../docs/alerts.md'), 'utf8');

describe('docs/alerts.md', () => {
  it.each(Object.values(INVARIANTS))('states the severity of $name', ({ name, severity }) => {
    expect(doc).toMatch(new RegExp(`\\|\\s*${name}\\s*\\|\\s*${severity}\\s*\\|`));
  });

  it.each(Object.entries(METRIC).filter(([k]) => k.startsWith('alert')))(
    'lists the metric %s',
    (_key, name) => {
      expect(doc).toContain(`\`${name}\``);
    },
  );
});
