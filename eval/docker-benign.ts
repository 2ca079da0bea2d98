/**
 * False positives of the docker runtime on ordinary Dockerfiles and compose files: the typical
 * ones in eval/docker-benign/ plus any real ones found on this machine (node_modules, the
 * Google Cloud SDK's runtime templates). Prints each denied file with its rule ids.
 * Run: npx tsx eval/docker-benign.ts [more files...]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createEngine } from '../src/engine/engine.js';

const here = new URL('./docker-benign/', import.meta.url);
const found = [
  '/work/main/Dockerfile',
  '/work/main/node_modules/aws-cdk-lib/aws-lambda-nodejs/lib/docker/Dockerfile',
  '/work/main/node_modules/@aws-cdk/asset-awscli-v1/layer/Dockerfile',
  '/work/main/node_modules/@aws-cdk/lambda-layer-kubectl-v31/layer/Dockerfile',
  '/work/main/node_modules/@aws-cdk/asset-node-proxy-agent-v6/layer/Dockerfile',
  '/usr/lib/google-cloud-sdk/platform/ext-runtime/go/data/Dockerfile',
  '/usr/lib/google-cloud-sdk/platform/ext-runtime/nodejs/data/Dockerfile',
  '/usr/lib/google-cloud-sdk/platform/ext-runtime/python/data/Dockerfile.preamble',
  '/usr/lib/google-cloud-sdk/platform/ext-runtime/python/data/Dockerfile.virtualenv.template',
];
const files = [
  ...readdirSync(here).map((f) => new URL(f, here).pathname),
  ...found.filter((f) => existsSync(f)),
  ...process.argv.slice(2),
];
const engine = await createEngine({
  config: { workspaceRoot: '/work/ws', homeDir: '/home/agent', cacheEntries: 0 },
});
let denied = 0;
for (const file of files) {
  const d = engine.evaluate({ text: readFileSync(file, 'utf8'), runtime: 'docker' }).decision;
  if (d.allowed) continue;
  denied++;
  console.log(`denied ${file}: ${d.findings.map((f) => `${f.ruleId} (${f.reason})`).join('; ')}`);
}
console.log(`docker benign: ${denied} of ${files.length} files denied`);
