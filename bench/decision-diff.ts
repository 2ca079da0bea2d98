/**
 * Decision diff for performance changes: a change that only makes the engine faster must decide
 * every input as before. Loads `src/engine` from each tree given, decides every row of
 * test/fixtures/cases/*.yaml and eval/open-cases/*.yaml (runtime as cases.test.ts picks it) and every
 * input of the bench sets (bench/fixtures/*.txt of every length, commands.txt, the benign list),
 * and prints each row whose decision (allowed, and the sorted rule ids of the findings) differs
 * between the first tree and another. Exits 1 when any differs. Rows are read from this tree.
 *
 *   git worktree add --detach /tmp/before main && ln -s "$PWD/node_modules" /tmp/before/node_modules
 *   npx tsx bench/decision-diff.ts --trees /tmp/before,.     # after each change: "0 differ"
 *   npx tsx bench/decision-diff.ts --tree . --out /tmp/a.txt # one tree's decisions, one row a line
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { parse } from 'yaml';

interface Decided {
  readonly decision: { readonly allowed: boolean; readonly findings: readonly { ruleId: string }[] };
}
interface DecidingEngine {
  evaluate(input: { text: string; runtime: string }): Decided;
  validateToolCall(call: unknown): Decided;
}
interface Row {
  readonly where: string;
  readonly input: string;
  readonly runtime: string;
}

const { values } = parseArgs({
  options: { trees: { type: 'string' }, tree: { type: 'string' }, out: { type: 'string' } },
});
const here = new URL('..', import.meta.url);
const RUNTIMES = new Set(['bash', 'python', 'node', 'sql', 'docker', 'tool_call']);

function yamlRows(folder: string): Row[] {
  const dir = new URL(folder, here);
  const rows: Row[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()) {
    const cases = (parse(readFileSync(new URL(file, dir), 'utf8')) ?? []) as {
      input: string;
      runtime?: string;
    }[];
    // As cases.test.ts: a file named after a runtime (python.yaml) sets its cases' default.
    const named = file.replace(/\.yaml$/, '');
    const fallback = folder.startsWith('test/') && RUNTIMES.has(named) ? named : 'bash';
    cases.forEach((c, i) =>
      rows.push({ where: `${folder}${file}#${i}`, input: c.input, runtime: c.runtime ?? fallback }),
    );
  }
  return rows;
}

function benchRows(): Row[] {
  const lines = (file: string): string[] =>
    readFileSync(new URL(file, here), 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '' && !l.startsWith('#'));
  const rows: Row[] = [];
  lines('test/fixtures/benign-commands.txt').forEach((input, i) =>
    rows.push({ where: `benign#${i}`, input, runtime: 'bash' }),
  );
  lines('bench/fixtures/commands.txt').forEach((input, i) =>
    rows.push({ where: `commands#${i}`, input, runtime: 'bash' }),
  );
  for (const set of ['python', 'node', 'sql', 'docker', 'tool_call'])
    readFileSync(new URL(`bench/fixtures/${set}.txt`, here), 'utf8')
      .split(/^---$/m)
      .map((s) => s.trim())
      .filter((s) => s !== '')
      .forEach((input, i) => rows.push({ where: `bench/${set}#${i}`, input, runtime: set }));
  return rows;
}

const rows = [...yamlRows('test/fixtures/cases/'), ...yamlRows('eval/open-cases/'), ...benchRows()];

async function decisions(tree: string): Promise<string[]> {
  const mod = (await import(pathToFileURL(`${resolve(tree)}/src/engine/engine.ts`).href)) as {
    createEngine(options: object): Promise<DecidingEngine>;
  };
  const engine = await mod.createEngine({
    config: { workspaceRoot: '/work/ws', homeDir: '/home/agent', cacheEntries: 0 },
  });
  return rows.map((r) => {
    try {
      const { decision } =
        r.runtime === 'tool_call'
          ? engine.validateToolCall(JSON.parse(r.input))
          : engine.evaluate({ text: r.input, runtime: r.runtime });
      const ids = [...new Set(decision.findings.map((f) => f.ruleId))].sort();
      return `${decision.allowed ? 'allow' : 'deny'} ${ids.join(',')}`;
    } catch (err) {
      return `throws ${(err as { code?: string }).code ?? String(err).slice(0, 80)}`;
    }
  });
}

if (values.tree !== undefined) {
  const got = await decisions(values.tree);
  const text = rows.map((r, i) => `${r.where}\t${got[i]}`).join('\n') + '\n';
  if (values.out !== undefined) writeFileSync(values.out, text);
  else process.stdout.write(text);
} else {
  const trees = (values.trees ?? '.').split(',');
  const [first, ...others] = await Promise.all(trees.map(decisions));
  let differ = 0;
  others.forEach((got, t) =>
    got.forEach((d, i) => {
      if (d === first![i]) return;
      differ++;
      if (differ <= 50)
        console.log(
          `${rows[i]!.where} (${rows[i]!.runtime}) ${trees[0]}: ${first![i]} | ${trees[t + 1]}: ${d}\n  ${rows[i]!.input.slice(0, 160)}`,
        );
    }),
  );
  console.log(`${rows.length} rows, ${trees.length} trees: ${differ} differ`);
  process.exitCode = differ === 0 ? 0 : 1;
}
