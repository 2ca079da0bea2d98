/**
 * Red-team and benign figures for the python and node runtimes (issue 22): reads the decision
 * cases in test/fixtures/cases/{python,node}-redteam.yaml and the benign programs in
 * eval/code-benign/*.{py,js}, and prints evasions denied, twins allowed and benign programs denied.
 * Run: npx tsx eval/code-redteam.ts [--misses]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { createEngine } from '../src/engine/engine.js';
import type { Runtime } from '../src/engine/types.js';

interface Case {
  readonly input: string;
  readonly runtime?: Runtime;
  readonly want: 'allow' | 'deny' | { allowed: boolean };
}

const showMisses = process.argv.includes('--misses');
const engine = await createEngine({
  config: { workspaceRoot: '/work/ws', homeDir: '/home/agent', cacheEntries: 0 },
});
const decide = (text: string, runtime: Runtime): { allowed: boolean; why: string } => {
  const d = engine.evaluate({ text, runtime }).decision;
  return { allowed: d.allowed, why: d.findings.map((f) => `${f.ruleId}: ${f.reason}`).join('; ') };
};

for (const runtime of ['python', 'node'] as const) {
  // REDTEAM_DIR: another directory of <runtime>-redteam.yaml files (a held-out set).
  const dir = process.env.REDTEAM_DIR;
  const file =
    dir !== undefined
      ? `${dir}/${runtime}-redteam.yaml`
      : new URL(`../test/fixtures/cases/${runtime}-redteam.yaml`, import.meta.url);
  const cases = parse(readFileSync(file, 'utf8')) as Case[];
  let attacks = 0;
  let caught = 0;
  let twins = 0;
  let noisy = 0;
  for (const c of cases) {
    const wantAllowed = typeof c.want === 'string' ? c.want === 'allow' : c.want.allowed;
    const got = decide(c.input, c.runtime ?? runtime);
    if (wantAllowed) {
      twins++;
      if (!got.allowed) {
        noisy++;
        if (showMisses) console.log(`NOISY ${runtime}: ${c.input.trim()}\n   ${got.why}`);
      }
    } else {
      attacks++;
      if (!got.allowed) caught++;
      else if (showMisses) console.log(`MISSED ${runtime}: ${c.input.trim()}`);
    }
  }
  console.log(
    `${runtime} red-team: ${caught}/${attacks} evasions denied (${((100 * caught) / attacks).toFixed(1)}%), ` +
      `${noisy}/${twins} benign twins denied`,
  );
}

const benignDir = new URL('./code-benign/', import.meta.url);
for (const [runtime, ext] of [
  ['python', '.py'],
  ['node', '.js'],
] as const) {
  const files = readdirSync(benignDir).filter((f) => f.endsWith(ext));
  let denied = 0;
  for (const f of files) {
    const got = decide(readFileSync(new URL(f, benignDir), 'utf8'), runtime);
    if (!got.allowed) {
      denied++;
      if (showMisses) console.log(`NOISY benign ${f}: ${got.why}`);
    }
  }
  console.log(`${runtime} benign programs: ${denied}/${files.length} denied`);
}
