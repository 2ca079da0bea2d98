/**
 * Prints the decision and the facts for one python or node snippet (a debugging aid for the code
 * extractors). Run: npx tsx eval/code-probe.ts python|node 'code' [--facts]
 */
import { analyze } from '../src/engine/analyze.js';
import { createEngine } from '../src/engine/engine.js';
import type { Runtime } from '../src/engine/types.js';

const [runtime, text] = process.argv.slice(2) as [Runtime, string];
const engine = await createEngine({
  config: { workspaceRoot: '/work/ws', homeDir: '/home/agent', cacheEntries: 0 },
});
const d = engine.evaluate({ text, runtime }).decision;
console.log(d.allowed ? 'ALLOW' : 'DENY', d.findings.map((f) => `${f.ruleId}: ${f.reason}`).join('\n  '));
if (process.argv.includes('--facts'))
  for (const f of analyze(text, runtime, { maxInputBytes: 1 << 20, maxDepth: 8 }))
    console.log(JSON.stringify({ ...f, span: undefined }));
