/**
 * The Grafana dashboard and the Prometheus alert rules only query metrics the code registers
 * (src/telemetry/metric-names.ts), so a renamed metric cannot silently blank a panel or an alert.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { METRIC } from '../../src/telemetry/metric-names.js';
import { validateK8sObject } from '../../scripts/k8s-validate.js';

const MONITORING = join(import.meta.dirname, '../../deploy/monitoring');
const registered = new Set<string>(Object.values(METRIC));

/** agent_guard_* names in a PromQL expression, with histogram suffixes folded to their family. */
function metricNames(expr: string): string[] {
  // Recording rules (namespace:agent_guard_...) are ours, not metrics.
  return [...expr.matchAll(/(?<![:\w])agent_guard_[a-z0-9_]+/g)].map((m) =>
    m[0].replace(/_(bucket|sum|count)$/, ''),
  );
}

const dashboard = JSON.parse(readFileSync(join(MONITORING, 'grafana-dashboard.json'), 'utf8')) as {
  panels: { title: string; targets: { expr: string }[] }[];
  templating: { list: { query?: unknown }[] };
};
const rules = parseYaml(readFileSync(join(MONITORING, 'prometheus-rules.yaml'), 'utf8')) as {
  spec: { groups: { rules: { alert?: string; record?: string; expr: string }[] }[] };
};

describe('monitoring assets', () => {
  it.each(dashboard.panels.map((p) => [p.title, p] as const))(
    'dashboard panel "%s" uses registered metrics',
    (_t, panel) => {
      expect(panel.targets.length).toBeGreaterThan(0);
      for (const target of panel.targets) {
        const names = metricNames(target.expr);
        expect(names.length).toBeGreaterThan(0);
        for (const name of names) expect(registered, `${name} in "${panel.title}"`).toContain(name);
      }
    },
  );

  it('dashboard variables use registered metrics', () => {
    for (const variable of dashboard.templating.list) {
      for (const name of metricNames(JSON.stringify(variable.query ?? '')))
        expect(registered).toContain(name);
    }
  });

  const alerts = rules.spec.groups.flatMap((g) => g.rules);
  it.each(alerts.map((r) => [r.alert ?? r.record, r] as const))(
    'rule %s uses registered metrics',
    (id, rule) => {
      const names = metricNames(rule.expr);
      expect(names.length > 0 || /namespace:agent_guard_/.test(rule.expr)).toBe(true);
      for (const name of names) expect(registered, `${name} in ${id}`).toContain(name);
    },
  );

  it('the rules file is a well-formed PrometheusRule', () => {
    expect(validateK8sObject(rules)).toEqual([]);
    expect(alerts.map((a) => a.alert)).toEqual(
      expect.arrayContaining([
        'AgentGuardVetoSpike',
        'AgentGuardAlertsDeadLettered',
        'AgentGuardEvalLatencyOverBudget',
        'AgentGuardInjectorDown',
        'AgentGuardInjectorCertificateExpiring',
      ]),
    );
  });
});
