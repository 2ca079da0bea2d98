/**
 * `npm run check:helm`: lint the chart with helm 3 and helm 4 (`--strict`), render it with its
 * default values and every ci/*.yaml override at each supported Kubernetes version, validate each
 * rendered object against the Kubernetes schemas, and check that two renders are byte-identical.
 * The binaries come from the devDependencies (scripts/k8s-tools.ts); without them it fails.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { helmBinary, run, type HelmMajor } from './k8s-tools.js';
import { validateK8sObject } from './k8s-validate.js';

const CHART = fileURLToPath(new URL('../helm/agent-guard', import.meta.url));
const KUBE_VERSIONS = ['1.25.0', '1.28.9', '1.29.0', '1.34.1'];

function main(): number {
  const variants = [[], ...readdirSync(join(CHART, 'ci')).map((f) => ['--values', join(CHART, 'ci', f)])];
  let problems = 0;
  for (const major of [3, 4] as HelmMajor[]) {
    let helm: string;
    try {
      helm = helmBinary(major);
    } catch (err) {
      process.stderr.write(`check:helm: ${err instanceof Error ? err.message : String(err)}\n`);
      return 1;
    }
    for (const extra of variants) {
      const label = `helm ${major} ${extra.join(' ') || 'defaults'}`;
      run(helm, ['lint', '--strict', CHART, ...extra]);
      for (const version of KUBE_VERSIONS) {
        const args = [
          'template',
          'agent-guard',
          CHART,
          '--namespace',
          'agent-guard',
          '--kube-version',
          version,
          ...extra,
        ];
        const rendered = run(helm, args);
        if (run(helm, args) !== rendered) {
          problems += 1;
          process.stderr.write(`${label} @${version}: two renders differ\n`);
        }
        const docs = parseAllDocuments(rendered)
          .map((d) => d.toJS() as unknown)
          .filter((d) => d !== null);
        for (const doc of docs) {
          for (const problem of validateK8sObject(doc)) {
            problems += 1;
            process.stderr.write(`${label} @${version}: ${problem}\n`);
          }
        }
        process.stdout.write(`${label} @${version}: ${docs.length} objects\n`);
      }
    }
  }
  return problems === 0 ? 0 : 1;
}

process.exitCode = main();
