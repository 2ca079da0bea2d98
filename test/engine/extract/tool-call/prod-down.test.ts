/** A production machine taken down now (src/engine/extract/tool-call/prod-down.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { prodDownLines } from '../../../../src/engine/extract/tool-call/prod-down.js';

const hit = (name: string, args: unknown): boolean => prodDownLines(nameWords(name), args).length > 0;

describe('prodDownLines', () => {
  it.each<[string, unknown, boolean]>([
    ['server_reboot', { server: 'prod-web-1.acme.io' }, true],
    ['digitalocean_power_off_droplet', { droplet: 'prod-checkout-1' }, true],
    ['ec2_stop_instances', { instance_ids: ['i-1'], environment: 'production' }, true],
    ['server_reboot', { server: 'staging-web-1.acme.io' }, false],
    ['shutdown_server', { host: 'production-payments-01', maintenance_window: 'MW-442' }, false],
    ['list_servers', { environment: 'production' }, false],
    ['restart_service', { service: 'nginx', host: 'prod-web-1' }, false],
  ])('%s %j -> %s', (name, args, want) => expect(hit(name, args)).toBe(want));
});
