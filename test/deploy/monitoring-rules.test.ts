/**
 * The alert rules checked and unit-tested by a real promtool (issue 27): `promtool check rules` on
 * the plain rule file and on the PrometheusRule's groups, and `promtool test rules` on
 * deploy/monitoring/tests (series with the label values the code emits; each alert must fire, or
 * stay quiet, when it should).
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { promtoolBinary, run } from '../../scripts/k8s-tools.js';
import { tempDir } from '../support/temp-dir.js';

const MONITORING = join(import.meta.dirname, '../../deploy/monitoring');

describe('promtool', () => {
  it('check rules passes on the plain rule file', () => {
    expect(run(promtoolBinary(), ['check', 'rules', join(MONITORING, 'agent-guard.rules.yaml')])).toMatch(
      /SUCCESS/,
    );
  });

  it('check rules passes on the PrometheusRule groups', () => {
    const object = parseYaml(readFileSync(join(MONITORING, 'prometheus-rules.yaml'), 'utf8')) as {
      spec: { groups: unknown };
    };
    const file = join(tempDir('ag-rules-'), 'rules.yaml');
    writeFileSync(file, stringify({ groups: object.spec.groups }));
    expect(run(promtoolBinary(), ['check', 'rules', file])).toMatch(/SUCCESS/);
  });

  it.each(readdirSync(join(MONITORING, 'tests')))('test rules %s', (file) => {
    expect(run(promtoolBinary(), ['test', 'rules', join(MONITORING, 'tests', file)])).toMatch(/SUCCESS/);
  });
});
