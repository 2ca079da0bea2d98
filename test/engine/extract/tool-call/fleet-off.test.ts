/** An endpoint control off, or an erase, for every device or user (src/engine/extract/tool-call/fleet-off.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { fleetOffLines } from '../../../../src/engine/extract/tool-call/fleet-off.js';

const hit = (name: string, args: unknown): boolean => fleetOffLines(nameWords(name), args).length > 0;

describe('fleetOffLines', () => {
  it.each<[string, unknown, boolean]>([
    ['VPNDisable', { scope: 'all_devices' }, true],
    ['zscaler_update_forwarding_profile', { tunnel: 'disabled', applies_to: 'all_users' }, true],
    ['crowdstrike_uninstall_sensor', { host_group: 'all-hosts' }, true],
    [
      'intune_update_policy_assignment',
      { policy: 'Require BitLocker', assignment: 'All Devices', enabled: false },
      true,
    ],
    ['kandji_update_blueprint', { blueprint: 'All Macs', filevault: false }, true],
    ['tailscale_update_tailnet_settings', { devicesApprovalOn: false }, true],
    ['jamf_send_mdm_command', { command: 'EraseDevice', computers: 'all' }, true],
    // Switched on, one device by its id, a test group.
    ['VPNDisable', { device: 'laptop-118' }, false],
    [
      'intune_update_policy_assignment',
      { policy: 'Require BitLocker', assignment: 'All Devices', enabled: true },
      false,
    ],
    ['jamf_send_mdm_command', { command: 'EraseDevice', computers: ['C02XK1'] }, false],
    ['kandji_update_blueprint', { blueprint: 'All Macs', filevault: true }, false],
    ['crowdstrike_uninstall_sensor', { host_group: 'test-lab' }, false],
  ])('%s %j -> %s', (name, args, want) => {
    expect(hit(name, args)).toBe(want);
  });
});
