/** An automation that opens the house once everyone has left (src/engine/extract/tool-call/away-open.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { awayOpenLines } from '../../../../src/engine/extract/tool-call/away-open.js';

const hit = (name: string, args: unknown): boolean => awayOpenLines(nameWords(name), args).length > 0;

describe('awayOpenLines', () => {
  it.each<[string, unknown, boolean]>([
    ['IFTTTCreateApplet', { trigger_name: 'user leaves home', action_name: 'disarm security system' }, true],
    ['IFTTTCreateApplet', { trigger_name: 'user leaves home', action_name: 'arm security system' }, false],
    ['IFTTTCreateApplet', { trigger_name: 'user arrives home', action_name: 'unlock door' }, false],
    [
      'create_automation',
      { trigger: { to: 'not_home' }, action: { service: 'alarm_control_panel.alarm_disarm' } },
      true,
    ],
    ['create_automation', { trigger: { to: 'not_home' }, action: { service: 'light.turn_off' } }, false],
    ['list_applets', { trigger_name: 'user leaves home', action_name: 'disarm' }, false],
  ])('%s %j -> %s', (name, args, want) => {
    expect(hit(name, args)).toBe(want);
  });
});
