/** Everyday developer commands (test/fixtures/benign-commands.txt, one per line) must all be allowed. */
import { readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.js';
import { testEngine } from '../helpers/engine.js';

const commands = readFileSync(new URL('../fixtures/benign-commands.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '' && !line.startsWith('#'));

let engine: Engine;
beforeAll(async () => {
  engine = await testEngine({ config: { cacheEntries: 0 } });
});

it('has at least 500 commands', () => {
  expect(commands.length).toBeGreaterThanOrEqual(500);
});

it('allows every everyday command', () => {
  const denied = commands
    .map((command) => ({ command, d: engine.evaluate({ text: command, runtime: 'bash' }).decision }))
    .filter(({ d }) => !d.allowed)
    .map(
      ({ command, d }) => `${command}  →  ${d.findings.map((f) => `${f.ruleId}: ${f.reason}`).join('; ')}`,
    );
  expect(denied).toEqual([]);
});
