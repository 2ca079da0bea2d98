/**
 * Known wrong decisions kept as a work list: eval/open-cases/*.yaml hold cases in the format of
 * test/fixtures/cases (README there) that the engine still gets wrong. Prints, per file and class
 * comment, how many are still wrong; a case that passes should move to test/fixtures/cases.
 * `--prune` rewrites each file with only the cases still wrong (class comments kept, empty classes
 * dropped), once the fixed ones have their regression cases. `--move` does the same and first
 * appends the fixed cases (with their class comments) to test/fixtures/cases/open-cases-fixed-rN.yaml,
 * leaving out inputs a fixture file already holds.
 * Run: npx tsx eval/open-cases-eval.ts [--list] [--prune | --move]
 */
import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';
import { createEngine } from '../src/engine/engine.js';

interface Case {
  readonly input: string;
  readonly runtime?: string;
  readonly want: { readonly allowed: boolean };
}

const dir = new URL('./open-cases/', import.meta.url);
const list = process.argv.includes('--list');
const move = process.argv.includes('--move');
const prune = move || process.argv.includes('--prune');
const fixturesDir = new URL('../test/fixtures/cases/', import.meta.url);
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

/** Runtime and input of every case the fixture files hold (a fixed case already there is not copied). */
function fixtureKeys(): Set<string> {
  const keys = new Set<string>();
  for (const f of readdirSync(fixturesDir).filter((n) => n.endsWith('.yaml'))) {
    for (const c of (parse(readFileSync(new URL(f, fixturesDir), 'utf8')) as Case[] | null) ?? []) {
      keys.add(`${c.runtime ?? 'bash'}\0${c.input}`);
    }
  }
  return keys;
}

/**
 * The file's text split into the still-wrong entries and the fixed ones (each with its class
 * comment): blocks start at `- ` lines, classes at `# ---- class:`.
 */
function split(text: string, known: Set<string>): { kept: string; fixed: string[] } {
  const out: string[] = [];
  const fixed: string[] = [];
  let classHead: string[] = [];
  let fixedHead: string[] = [];
  let entry: string[] = [];
  const flushEntry = (): void => {
    if (entry.length === 0) return;
    const [c] = parse(entry.join('\n')) as Case[];
    if (c !== undefined && stillWrong(c)) out.push(...classHead.splice(0), ...entry);
    else if (c !== undefined && !known.has(`${c.runtime ?? 'bash'}\0${c.input}`)) {
      known.add(`${c.runtime ?? 'bash'}\0${c.input}`);
      fixed.push(...fixedHead.splice(0), ...entry.filter((l) => l !== ''));
    }
    entry = [];
  };
  for (const line of text.split('\n')) {
    if (line.startsWith('- ')) {
      flushEntry();
      entry = [line];
    } else if (line.startsWith('# ---- class:')) {
      flushEntry();
      classHead = ['', line];
      fixedHead = [line];
    } else if (entry.length > 0 && (line.startsWith(' ') || line === '')) entry.push(line);
    else if (entry.length === 0 && classHead.length === 0) out.push(line);
    else {
      flushEntry();
      out.push(line);
    }
  }
  flushEntry();
  const kept =
    out
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trimEnd() + '\n';
  return { kept, fixed };
}

const known = move ? fixtureKeys() : new Set<string>();
for (const file of readdirSync(dir).filter((f) => f.endsWith('.yaml'))) {
  const url = new URL(file, dir);
  const text = readFileSync(url, 'utf8');
  // A file whose cases were all fixed and pruned keeps only its header comments: no cases.
  const cases = (parse(text) as Case[] | null) ?? [];
  if (prune) {
    const { kept, fixed } = split(text, known);
    const round = /^(r\d+)-/.exec(file)?.[1];
    if (move && round !== undefined && fixed.length > 0) {
      const target = new URL(`open-cases-fixed-${round}.yaml`, fixturesDir);
      const head = `# Rows of the red-team open-case file eval/open-cases/${file} that the engine now decides right: kept here as regressions.\n`;
      appendFileSync(target, (existsSync(target) ? '' : head) + fixed.join('\n') + '\n');
    }
    writeFileSync(url, kept);
    console.log(`${file}: kept ${(parse(kept) as Case[] | null)?.length ?? 0} of ${cases.length}`);
    continue;
  }
  const wrong = cases.filter(stillWrong).length;
  console.log(`${file}: ${wrong} of ${cases.length} still wrong`);
}
