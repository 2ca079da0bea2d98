/**
 * The alert rules and the Grafana dashboard under deploy/monitoring, generated from the metric
 * names (src/telemetry/metric-names.ts) and label values (src/telemetry/label-values.ts) the code
 * uses, so a renamed metric or value changes them too (issue 27). `npm run docs` writes them;
 * test/docs/generated.test.ts fails when a committed copy differs; test/deploy/monitoring-*.test.ts
 * run promtool on the rules and scrape a live server for every name and value they match.
 *
 * Two series are never added with `+` (an empty side blanks the sum): they are joined with `or`
 * (their label sets differ) and then summed.
 */
import { stringify } from 'yaml';
import {
  API_VERDICT,
  INJECTOR_OUTCOME,
  PROPOSAL_VERDICT,
  PROXY_MODE,
  RELOAD_RESULT,
} from '../src/telemetry/label-values.js';
import { METRIC as M } from '../src/telemetry/metric-names.js';

/** The engine's default latency budget (engine.latencyBudgetUs = 35) as a histogram bucket bound. */
const BUDGET_LE = String(35e-6);

type Matchers = Readonly<Record<string, string>>;

/** `metric{k="v",...}`; `dashboard` adds the namespace variable. */
function sel(metric: string, matchers: Matchers = {}, dashboard = false): string {
  const parts = Object.entries(matchers).map(([k, v]) => `${k}="${v}"`);
  if (dashboard) parts.unshift('namespace=~"$namespace"');
  return parts.length > 0 ? `${metric}{${parts.join(',')}}` : metric;
}

// ---- rules ----

const denies = (window: string, dashboard = false): string =>
  `rate(${sel(M.proxyVetoesTotal, { mode: PROXY_MODE.enforce }, dashboard)}[${window}])` +
  ` or rate(${sel(M.apiDecisionsTotal, { verdict: API_VERDICT.deny }, dashboard)}[${window}])`;

interface Rule {
  readonly record?: string;
  readonly alert?: string;
  readonly expr: string;
  readonly for?: string;
  readonly labels?: Record<string, string>;
  readonly annotations?: Record<string, string>;
}

export const RULE_GROUPS: readonly { readonly name: string; readonly rules: readonly Rule[] }[] = [
  {
    name: 'agent-guard.recording',
    rules: [
      { record: 'namespace:agent_guard_denies:rate5m', expr: `sum by (namespace) (${denies('5m')})` },
      { record: 'namespace:agent_guard_denies:rate1h', expr: `sum by (namespace) (${denies('1h')})` },
    ],
  },
  {
    name: 'agent-guard',
    rules: [
      {
        alert: 'AgentGuardVetoSpike',
        // The previous hour's rate, or 0 where there was none (a first burst still fires).
        expr:
          'namespace:agent_guard_denies:rate5m > 3 * (namespace:agent_guard_denies:rate1h offset 1h' +
          ' or namespace:agent_guard_denies:rate5m * 0) + 0.05',
        for: '10m',
        labels: { severity: 'warning' },
        annotations: {
          summary: "Vetoes in {{ $labels.namespace }} are over three times the previous hour's rate",
          description:
            'An agent may be looping on denied actions or under prompt injection; look at the vetoes by invariant and the denies by rule.',
        },
      },
      {
        alert: 'AgentGuardAlertsDeadLettered',
        expr: `sum by (namespace, channel) (increase(${M.alertsDeadLetteredTotal}[15m])) > 0`,
        labels: { severity: 'warning' },
        annotations: {
          summary: 'Incident alerts to {{ $labels.channel }} are going to the dead-letter file',
          description:
            'The alert channel refused or did not answer; deliveries are kept in the dead-letter JSONL file.',
        },
      },
      {
        alert: 'AgentGuardEvalLatencyOverBudget',
        expr:
          `histogram_quantile(0.99, sum by (le, namespace) (rate(${M.apiEvalDurationSeconds}_bucket[10m]))) > 0.0005` +
          ` or (1 - sum by (namespace) (rate(${sel(`${M.apiEvalDurationSeconds}_bucket`, { le: BUDGET_LE })}[10m]))` +
          ` / clamp_min(sum by (namespace) (rate(${M.apiEvalDurationSeconds}_count[10m])), 1e-9)) > 0.2`,
        for: '15m',
        labels: { severity: 'warning' },
        annotations: {
          summary: 'Engine evaluations in {{ $labels.namespace }} are over the latency budget',
          description: 'p99 evaluation time is above 500 µs or more than 20% of evaluations take over 35 µs.',
        },
      },
      {
        alert: 'AgentGuardUpstreamErrors',
        expr: `sum by (namespace, route) (rate(${M.proxyUpstreamErrorsTotal}[5m])) > 0.1`,
        for: '10m',
        labels: { severity: 'warning' },
        annotations: {
          summary: 'The {{ $labels.route }} route cannot reach its upstream',
          description: 'Upstream connection failures or timeouts (502/504 to agents).',
        },
      },
      {
        alert: 'AgentGuardInjectorFailing',
        expr:
          `sum(rate(${sel(M.injectorReviewsTotal, { outcome: INJECTOR_OUTCOME.malformed })}[10m])) > 0` +
          ` or sum(increase(${sel(M.injectorCertReloadsTotal, { result: RELOAD_RESULT.failed })}[30m])) > 0`,
        for: '5m',
        labels: { severity: 'critical' },
        annotations: {
          summary:
            'The agent-guard sidecar injector is rejecting reviews or failing to reload its certificate',
          description:
            'With failurePolicy Fail, pods in enabled namespaces cannot be created while the injector fails.',
        },
      },
      {
        alert: 'AgentGuardInjectorDown',
        // Every running injector exports its certificate's expiry; none scraped means none running.
        expr: `absent(${M.injectorCertExpiryTimestampSeconds})`,
        for: '5m',
        labels: { severity: 'critical' },
        annotations: {
          summary: 'No agent-guard injector is being scraped',
          description:
            'With failurePolicy Fail, pod creation in enabled namespaces is blocked until an injector answers.',
        },
      },
      {
        alert: 'AgentGuardInjectorCertificateExpiring',
        expr: `min(${M.injectorCertExpiryTimestampSeconds}) - time() < 14 * 86400`,
        for: '1h',
        labels: { severity: 'warning' },
        annotations: {
          summary: 'The injector webhook certificate expires in under 14 days',
          description:
            'Renewal normally happens with a third of the lifetime left (self-signed mode) or per cert-manager; check the injector logs or the Certificate. Once it expires, the API server cannot call the webhook.',
        },
      },
    ],
  },
];

/** Plain Prometheus rule file (promtool, a Prometheus without the operator). */
export function renderRulesFile(): string {
  return `# GENERATED by scripts/generate-monitoring.ts from src/telemetry (npm run docs). Do not edit.\n${stringify(
    { groups: RULE_GROUPS },
    { lineWidth: 0 },
  )}`;
}

/** The same groups as a PrometheusRule for the Prometheus operator. */
export function renderPrometheusRule(): string {
  const object = {
    apiVersion: 'monitoring.coreos.com/v1',
    kind: 'PrometheusRule',
    metadata: {
      name: 'agent-guard',
      labels: { 'app.kubernetes.io/name': 'agent-guard', 'app.kubernetes.io/part-of': 'agent-guard' },
    },
    spec: { groups: RULE_GROUPS },
  };
  return `# GENERATED by scripts/generate-monitoring.ts from src/telemetry (npm run docs). Do not edit.\n${stringify(
    object,
    { lineWidth: 0 },
  )}`;
}

// ---- dashboard ----

interface Target {
  readonly expr: string;
  readonly legend?: string;
}

interface PanelSpec {
  readonly title: string;
  readonly type: 'stat' | 'timeseries';
  readonly unit: string;
  readonly targets: readonly Target[];
}

const d = (metric: string, matchers: Matchers = {}): string => sel(metric, matchers, true);
const quantile = (q: number, metric: string, by: string): string =>
  `histogram_quantile(${q}, sum by (le${by ? `, ${by}` : ''}) (rate(${d(`${metric}_bucket`)}[5m])))`;

/** A p50 and p99 panel of a histogram in seconds, split by label `by` ('' for none). */
function latencyPanel(title: string, metric: string, by: string): PanelSpec {
  const suffix = by ? ` {{${by}}}` : '';
  return {
    title,
    type: 'timeseries',
    unit: 's',
    targets: [0.5, 0.99].map((q) => ({ expr: quantile(q, metric, by), legend: `p${q * 100}${suffix}` })),
  };
}

export const PANELS: readonly PanelSpec[] = [
  {
    title: 'Decisions / s',
    type: 'stat',
    unit: 'reqps',
    targets: [{ expr: `sum(rate(${d(M.apiDecisionsTotal)}[5m]) or rate(${d(M.proxyRequestsTotal)}[5m]))` }],
  },
  {
    title: 'Vetoes (1h)',
    type: 'stat',
    unit: 'short',
    targets: [
      {
        expr:
          `sum(increase(${d(M.proxyVetoesTotal, { mode: PROXY_MODE.enforce })}[1h])` +
          ` or increase(${d(M.apiDecisionsTotal, { verdict: API_VERDICT.deny })}[1h]))`,
      },
    ],
  },
  {
    title: 'Redactions (1h)',
    type: 'stat',
    unit: 'short',
    targets: [
      { expr: `sum(increase(${d(M.proxyRedactionsTotal)}[1h]) or increase(${d(M.apiRedactionsTotal)}[1h]))` },
    ],
  },
  {
    title: 'Alerts dead-lettered (24h)',
    type: 'stat',
    unit: 'short',
    targets: [{ expr: `sum(increase(${d(M.alertsDeadLetteredTotal)}[24h]))` }],
  },
  {
    title: 'Decisions by verdict',
    type: 'timeseries',
    unit: 'reqps',
    targets: [
      {
        expr: `sum by (endpoint, verdict) (rate(${d(M.apiDecisionsTotal)}[5m]))`,
        legend: '{{endpoint}} {{verdict}}',
      },
      { expr: `sum by (outcome) (rate(${d(M.proxyRequestsTotal)}[5m]))`, legend: 'proxy {{outcome}}' },
    ],
  },
  {
    title: 'Vetoes by invariant',
    type: 'timeseries',
    unit: 'reqps',
    targets: [
      { expr: `sum by (invariant) (rate(${d(M.proxyVetoesTotal)}[5m]))`, legend: 'proxy {{invariant}}' },
      {
        expr: `sum by (invariant) (rate(${d(M.apiDecisionsTotal, { verdict: API_VERDICT.deny })}[5m]))`,
        legend: 'api {{invariant}}',
      },
    ],
  },
  {
    title: 'Denies by rule',
    type: 'timeseries',
    unit: 'reqps',
    targets: [
      {
        expr: `sum by (rule) (rate(${d(M.apiDecisionsTotal, { verdict: API_VERDICT.deny })}[5m]))`,
        legend: 'api {{rule}}',
      },
      {
        expr: `sum by (rule_id) (rate(${d(M.proxyProposedToolCallsTotal, { verdict: PROPOSAL_VERDICT.deny })}[5m]))`,
        legend: 'proposed {{rule_id}}',
      },
    ],
  },
  {
    title: 'Redactions by credential family',
    type: 'timeseries',
    unit: 'reqps',
    targets: [
      { expr: `sum by (family) (rate(${d(M.proxyRedactionsTotal)}[5m]))`, legend: 'proxy {{family}}' },
      { expr: `sum by (family) (rate(${d(M.apiRedactionsTotal)}[5m]))`, legend: 'api {{family}}' },
    ],
  },
  latencyPanel('Engine evaluation latency', M.apiEvalDurationSeconds, ''),
  latencyPanel('Latency added by the proxy', M.proxyAddedDurationSeconds, 'route'),
  latencyPanel('Upstream latency', M.proxyUpstreamDurationSeconds, 'route'),
  {
    title: 'Upstream errors',
    type: 'timeseries',
    unit: 'reqps',
    targets: [
      {
        expr: `sum by (route, reason) (rate(${d(M.proxyUpstreamErrorsTotal)}[5m]))`,
        legend: '{{route}} {{reason}}',
      },
      {
        expr: `sum by (route) (rate(${M.proxyUpstreamResponsesTotal}{namespace=~"$namespace",status=~"5.."}[5m]))`,
        legend: '{{route}} 5xx',
      },
    ],
  },
  {
    title: 'Alert delivery',
    type: 'timeseries',
    unit: 'reqps',
    targets: [
      { expr: `sum by (channel) (rate(${d(M.alertsDeliveredTotal)}[5m]))`, legend: 'delivered {{channel}}' },
      { expr: `sum by (channel) (rate(${d(M.alertsRetriedTotal)}[5m]))`, legend: 'retried {{channel}}' },
      {
        expr: `sum by (channel, reason) (rate(${d(M.alertsDeadLetteredTotal)}[5m]))`,
        legend: 'dead-lettered {{channel}} {{reason}}',
      },
    ],
  },
  {
    title: 'Alert delivery latency',
    type: 'timeseries',
    unit: 's',
    targets: [{ expr: quantile(0.99, M.alertDeliveryDurationSeconds, 'channel'), legend: 'p99 {{channel}}' }],
  },
  {
    title: 'Evaluations over the latency budget',
    type: 'timeseries',
    unit: 'percentunit',
    targets: [
      {
        expr:
          `1 - sum(rate(${d(`${M.apiEvalDurationSeconds}_bucket`, { le: BUDGET_LE })}[5m]))` +
          ` / clamp_min(sum(rate(${d(`${M.apiEvalDurationSeconds}_count`)}[5m])), 1e-9)`,
        legend: 'share over 35 µs',
      },
    ],
  },
  {
    title: 'GPU memory used',
    type: 'timeseries',
    unit: 'bytes',
    targets: [{ expr: `sum by (pod, gpu) (${d(M.gpuMemoryUsedBytes)})`, legend: '{{pod}} gpu {{gpu}}' }],
  },
  {
    title: 'Injector reviews by outcome',
    type: 'timeseries',
    unit: 'reqps',
    targets: [{ expr: `sum by (outcome) (rate(${M.injectorReviewsTotal}[5m]))`, legend: '{{outcome}}' }],
  },
  {
    title: 'Injector certificate expires in',
    type: 'stat',
    unit: 's',
    targets: [{ expr: `min(${M.injectorCertExpiryTimestampSeconds}) - time()` }],
  },
];

export function renderDashboard(): string {
  const datasource = { type: 'prometheus', uid: '${datasource}' };
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  const panels = PANELS.map((p, i) => {
    const w = p.type === 'stat' ? 6 : 12;
    const h = p.type === 'stat' ? 4 : 8;
    if (x + w > 24) {
      x = 0;
      y += rowHeight;
      rowHeight = 0;
    }
    const gridPos = { x, y, w, h };
    x += w;
    rowHeight = Math.max(rowHeight, h);
    return {
      id: i + 1,
      type: p.type,
      title: p.title,
      datasource,
      gridPos,
      fieldConfig: { defaults: { unit: p.unit }, overrides: [] },
      options:
        p.type === 'stat'
          ? { reduceOptions: { calcs: ['lastNotNull'] } }
          : {
              legend: { displayMode: 'table', placement: 'bottom', calcs: ['lastNotNull', 'max'] },
              tooltip: { mode: 'multi' },
            },
      targets: p.targets.map((t, j) => ({
        refId: String.fromCharCode(65 + j),
        expr: t.expr,
        ...(t.legend ? { legendFormat: t.legend } : {}),
      })),
    };
  });
  const dashboard = {
    title: 'agent-guard',
    uid: 'agent-guard-overview',
    schemaVersion: 39,
    version: 1,
    editable: true,
    tags: ['agent-guard', 'security'],
    time: { from: 'now-6h', to: 'now' },
    refresh: '30s',
    annotations: { list: [] },
    templating: {
      list: [
        { name: 'datasource', type: 'datasource', query: 'prometheus', label: 'Data source' },
        {
          name: 'namespace',
          type: 'query',
          label: 'Namespace',
          datasource,
          query: { query: `label_values(${M.httpRequestsTotal}, namespace)`, refId: 'ns' },
          includeAll: true,
          multi: true,
          allValue: '.*',
          refresh: 2,
        },
      ],
    },
    panels,
  };
  return `${JSON.stringify(dashboard, null, 2)}\n`;
}
