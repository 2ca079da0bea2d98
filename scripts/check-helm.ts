/**
 * `npm run check:helm`: where a `helm` binary is on the PATH (users' CI), lint the chart and render
 * it with its default values and every ci/*.yaml override, then validate each rendered object
 * against the Kubernetes schemas. Without helm it says so and exits 0: the static checks in
 * test/helm/chart.test.ts still run in `npm test`.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { validateK8sObject } from './k8s-validate.js';

const CHART = fileURLToPath(new URL('../helm/agent-guard', import.meta.url));

function helm(args: string[]): string {
  return execFileSync('helm', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
}

function main(): number {
  try {
    execFileSync('helm', ['version', '--short'], { stdio: 'ignore' });
  } catch {
    process.stdout.write(
      'check:helm: no helm binary on the PATH; skipped (static chart checks run in npm test)\n',
    );
    return 0;
  }
  helm(['lint', '--strict', CHART]);
  const variants = [[], ...readdirSync(join(CHART, 'ci')).map((f) => ['--values', join(CHART, 'ci', f)])];
  let problems = 0;
  for (const extra of variants) {
    const rendered = helm(['template', 'agent-guard', CHART, '--namespace', 'agent-guard', ...extra]);
    const docs = parseAllDocuments(rendered)
      .map((d) => d.toJS() as unknown)
      .filter((d) => d !== null);
    for (const doc of docs) {
      for (const problem of validateK8sObject(doc)) {
        problems += 1;
        process.stderr.write(`${extra.join(' ') || 'defaults'}: ${problem}\n`);
      }
    }
    process.stdout.write(`rendered ${docs.length} objects (${extra.join(' ') || 'defaults'})\n`);
  }
  return problems === 0 ? 0 : 1;
}

process.exitCode = main();
