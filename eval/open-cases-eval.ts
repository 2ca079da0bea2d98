/**
 * Known wrong decisions kept as a work list: eval/open-cases/*.yaml hold cases in the format of
 * test/fixtures/cases (README there) that the engine still gets wrong. Prints, per file and class
 * comment, how many are still wrong; a case that passes should move to test/fixtures/cases.
 * Run: npx tsx eval/open-cases-eval.ts [--list]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { createEngine } from '../src/engine/engine.js';

interface Case {
  readonly input: string;
  readonly runtime?: string;
  readonly want: { readonly allowed: boolean };
}

const dir = new URL('./open-cases/', import.meta.url);
const list = process.argv.includes('--list');
const engine = await createEngine({
  config: { workspaceRoot: '/work/ws', homeDir: '/home/agent', cacheEntries: 0 },
});

for (const file of readdirSync(dir).filter((f) => f.endsWith('.yaml'))) {
  const cases = parse(readFileSync(new URL(file, dir), 'utf8')) as Case[];
  let wrong = 0;
  for (const c of cases) {
    const runtime = c.runtime ?? 'bash';
    const decision =
      runtime === 'tool_call'
        ? engine.validateToolCall(JSON.parse(c.input) as { name: string; arguments: unknown }).decision
        : engine.evaluate({ text: c.input, runtime }).decision;
    if (decision.allowed === c.want.allowed) continue;
    wrong += 1;
    if (list) console.log(`  ${c.want.allowed ? 'denied ' : 'allowed'} ${runtime}: ${c.input.slice(0, 120)}`);
  }
  console.log(`${file}: ${wrong} of ${cases.length} still wrong`);
}
