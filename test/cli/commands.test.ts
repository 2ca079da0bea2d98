import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands/index.js';

describe('command table', () => {
  it.each(COMMANDS.map((entry) => [entry.name, entry] as const))(
    '%s loads the command of that name, with usage text naming it',
    async (name, entry) => {
      const command = await entry.load();
      expect(command.name).toBe(name);
      expect(command.usage).toContain(`agent-guard ${name}`);
      expect(entry.summary.length).toBeGreaterThan(10);
    },
  );

  it('names every command once', () => {
    const names = COMMANDS.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
