/**
 * Known wrong decisions kept as a work list: eval/open-cases/*.yaml hold cases in the format of
 * test/fixtures/cases (README there) that the engine still gets wrong. Prints, per file and class
 * comment, how many are still wrong; a case that passes should move to test/fixtures/cases.
 * `--prune` rewrites each file with only the cases still wrong (class comments kept, empty classes
 * dropped), once the fixed ones have their regression cases.
 * Run: npx tsx eval/open-cases-eval.ts [--list] [--prune]
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';
import { createEngine } from '../src/engine/engine.js';

interface Case {
  readonly input: string;
  readonly runtime?: string;
  readonly want: { readonly allowed: boolean };
}

const dir = new URL('./open-cases/', import.meta.url);
const list = process.argv.includes('--list');
const prune = process.argv.includes('--prune');
const engine = await createEngine({
  config: { workspaceRoot: '/work/ws', homeDir: '/home/agent', cacheEntries: 0 },
});

function stillWrong(c: Case): boolean {
  const runtime = c.runtime ?? 'bash';
  const decision =
    runtime === 'tool_call'
      ? engine.validateToolCall(JSON.parse(c.input) as { name: string; arguments: unknown }).decision
      : engine.evaluate({ text: c.input, runtime }).decision;
  if (decision.allowed === c.want.allowed) return false;
  if (list) console.log(`  ${c.want.allowed ? 'denied ' : 'allowed'} ${runtime}: ${c.input.slice(0, 120)}`);
  return true;
}

/** The file's text with only the still-wrong entries: blocks start at `- ` lines, classes at `# ---- class:`. */
function pruned(text: string): string {
  const out: string[] = [];
  let classHead: string[] = [];
  let entry: string[] = [];
  const flushEntry = (): void => {
    if (entry.length === 0) return;
    const [c] = parse(entry.join('\n')) as Case[];
    if (c !== undefined && stillWrong(c)) out.push(...classHead.splice(0), ...entry);
    entry = [];
  };
  for (const line of text.split('\n')) {
    if (line.startsWith('- ')) {
      flushEntry();
      entry = [line];
    } else if (line.startsWith('# ---- class:')) {
      flushEntry();
      classHead = ['', line];
    } else if (entry.length > 0 && (line.startsWith(' ') || line === '')) entry.push(line);
    else if (entry.length === 0 && classHead.length === 0) out.push(line);
    else {
      flushEntry();
      out.push(line);
    }
  }
  flushEntry();
  return (
    out
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trimEnd() + '\n'
  );
}

for (const file of readdirSync(dir).filter((f) => f.endsWith('.yaml'))) {
  const url = new URL(file, dir);
  const text = readFileSync(url, 'utf8');
  // A file whose cases were all fixed and pruned keeps only its header comments: no cases.
  const cases = (parse(text) as Case[] | null) ?? [];
  if (prune) {
    const kept = pruned(text);
    writeFileSync(url, kept);
    console.log(`${file}: kept ${(parse(kept) as Case[] | null)?.length ?? 0} of ${cases.length}`);
    continue;
  }
  const wrong = cases.filter(stillWrong).length;
  console.log(`${file}: ${wrong} of ${cases.length} still wrong`);
}
