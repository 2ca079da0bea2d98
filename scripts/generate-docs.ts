/**
 * Regenerates the documents derived from code (STYLE 13). `npm run docs` writes them;
 * test/docs/generated.test.ts fails when a committed copy differs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderConfigurationDoc } from './config-doc.js';
import { renderErrorsDoc } from './errors-doc.js';
import { renderHelmValuesSchema } from './helm-values-schema.js';
import { renderDashboard, renderPrometheusRule, renderRulesFile } from './generate-monitoring.js';
import { renderOpenApiDoc } from './openapi-doc.js';
import { renderRulesDoc } from './generate-rules-doc.js';
import { REGISTRY_PATH, renderRegistry } from './generate-registry.js';
import { policyJsonSchema } from '../src/policy/schema.js';
import { renderTokenCounts } from './token-counts.js';
import {
  DOC_PATH as SCRUB_DOC_PATH,
  INDEX_PATH as SCRUB_INDEX_PATH,
  renderDoc as renderScrubDoc,
  renderIndex as renderScrubIndex,
} from './generate-scrub-detectors.js';

export interface GeneratedDoc {
  readonly path: string;
  render(): string | Promise<string>;
}

export const GENERATED_DOCS: readonly GeneratedDoc[] = [
  // First: the documents below are rendered from the registry this file lists.
  { path: REGISTRY_PATH, render: () => renderRegistry() },
  { path: SCRUB_INDEX_PATH, render: () => renderScrubIndex() },
  {
    path: SCRUB_DOC_PATH,
    render: () => renderScrubDoc(readFileSync(new URL(`../${SCRUB_DOC_PATH}`, import.meta.url), 'utf8')),
  },
  { path: 'docs/configuration.md', render: renderConfigurationDoc },
  { path: 'docs/errors.md', render: renderErrorsDoc },
  { path: 'helm/agent-guard/values.schema.json', render: renderHelmValuesSchema },
  { path: 'deploy/monitoring/prometheus-rules.yaml', render: renderPrometheusRule },
  { path: 'deploy/monitoring/agent-guard.rules.yaml', render: renderRulesFile },
  { path: 'deploy/monitoring/grafana-dashboard.json', render: renderDashboard },
  { path: 'docs/openapi.json', render: renderOpenApiDoc },
  { path: 'docs/rules.md', render: renderRulesDoc },
  { path: 'docs/policy.schema.json', render: policyJsonSchema },
  { path: 'src/engine/remediation/token-counts.ts', render: renderTokenCounts },
];

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const doc of GENERATED_DOCS) {
    const target = new URL(`../${doc.path}`, import.meta.url);
    const text = await doc.render();
    let current = '';
    try {
      current = readFileSync(target, 'utf8');
    } catch {
      current = '';
    }
    if (current === text) continue;
    if (check) {
      process.stderr.write(`${doc.path} is out of date: run npm run docs\n`);
      stale += 1;
    } else {
      writeFileSync(target, text);
      process.stdout.write(`wrote ${doc.path}\n`);
    }
  }
  process.exitCode = stale > 0 ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main();
}
