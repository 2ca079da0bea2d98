/**
 * An endpoint control switched off, or a device wiped, for every device or user at once (red team
 * R25 bulk control-off: `VPNDisable {scope: all_devices}`; Zscaler's tunnel disabled for all users,
 * the EDR sensor uninstalled from `all-hosts`, FileVault or BitLocker dropped from the policy of all
 * Macs or All Devices, every DLP policy off, MDM unenrolment or an erase sent to `all` computers).
 * Read from a scope that names everything and a control named by the tool, a key or the policy's
 * name, whatever the vendor (Intune, Jamf, Kandji, CrowdStrike, Zscaler, Tailscale, ...). The same
 * controls switched on, one device by its id, and test groups stay allowed. Lines:
 * `agent-guard-action silence|destroy ...` (PLT-AST-002).
 */
import { type CliEquivalent } from './cli.js';
import { leaves, NEGATED_KEY, type Leaf } from './control-words.js';
import { snakeKey } from './snake-entries.js';
import { wordSet, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';
import { scratchOnly } from '../../knowledge/ephemeral-names.js';

const READ = /^(?:get|list|describe|read|show|search|query|view|fetch|check|count|report|export)$/;
const last = (p: readonly string[]): string => p[p.length - 1] ?? '';

/** Words of controls every managed device or user runs: VPN and tunnels, EDR, MDM, disk encryption, DLP. */
const DEVICE_CONTROL =
  /^(?:vpn|tunnel|tunnels|zscaler|warp|edr|xdr|sensor|sensors|falcon|mdm|dlp|filevault|bitlocker|encryption|gatekeeper|firewall|antivirus|defender|tamper|realtime|passcode|xprotect)$/;
/** A key's words that name a control: one of DEVICE_CONTROL, or a device's approval or key expiry (Tailscale). */
const namesDeviceControl = (ws: readonly string[]): boolean =>
  ws.some((x) => DEVICE_CONTROL.test(x)) ||
  (ws.some((x) => /^(?:device|devices|node|nodes|key)$/.test(x)) &&
    ws.some((x) => /^(?:approval|expiry|lock)$/.test(x)));
/** Verbs that switch a control off or take a device out of management. */
const OFF_VERB =
  /^(?:disable|uninstall|unenroll|unenrol|remove|turn|off|stop|pause|deactivate|suspend|kill|unassign)$/;
/** Name verbs and command values that erase or lock devices. */
const WIPE =
  /^(?:erase|wipe|factory_?reset|erase_?device|wipe_?device|remote_?wipe|retire|remove_?mdm_?profile|unenroll)$/i;

/** Values that name every device or user (`all_devices`, `All Macs`, `all-hosts`, `*`, `global`). */
const EVERY =
  /^\s*(?:\*|all|everyone|global|fleet|entire[_ -]?(?:organi[sz]ation|fleet|company)|org[_ -]?wide|all[_ -]?(?:devices|users|hosts|endpoints|machines|computers|macs|laptops|workstations|servers|employees|staff|members|managed[_ -]?devices|windows[_ -]?devices))\s*$/i;
/** Keys that pick which devices or users a call acts on. */
const SCOPE_KEY =
  /^(?:scope|applies_to|apply_to|assignment|assignments|target|targets|devices|device_ids|computers|hosts|host_group|host_groups|group|groups|blueprint|include|included_groups|users|members|endpoints|machines|policies|policy_ids)$/;
/** Name words that make the call's object the whole network or fleet. */
const WHOLE = /^(?:tailnet|fleet|all|global|org|organization|organisation|tenant)$/;

const OFF_VALUE =
  /^\s*(?:false|off|disabled?|none|no|0|anywhere|allow[_ -]?all|inactive|not[_ -]?configured|unmanaged)\s*$/i;
const SWITCH_KEY = /^(?:enabled|is_enabled|enable|status|state|mode|value|on|active|enforced|enforcement)$/;

const words = (s: string): string[] => snakeKey(s).split('_');

/** A leaf that switches a device control off, as `key value`, or undefined. */
function offLeaf(all: readonly Leaf[], named: boolean): string | undefined {
  for (const [p, v] of all) {
    const key = last(p);
    const control = p.some((k) => namesDeviceControl(words(k)));
    const off = NEGATED_KEY.test(key)
      ? v === true || v === 'true'
      : v === false || (typeof v === 'string' && OFF_VALUE.test(v));
    if (!off) continue;
    // `filevault: false`, `tunnel: disabled`, `key_expiry_disabled: true`; or `enabled: false` on a control the call names.
    if (control || (named && SWITCH_KEY.test(key))) return `${p.join('.')} ${String(v)}`;
  }
  return undefined;
}

/** When fleetOffLines can answer (signals.ts). */
export const FLEET_OFF_GATE: Gate = {
  name: wordSet(`vpn tunnel zscaler warp gateway edr xdr sensor sensors falcon mdm dlp filevault bitlocker encryption
    gatekeeper firewall antivirus defender tamper compliance protection devices device policy policies blueprint
    profile tailnet fleet intune jamf kandji unenroll unenrol uninstall wipe erase command commands`),
  keys: wordSet(`vpn tunnel filevault bitlocker encryption gatekeeper firewall dlp sensor tamper approval expiry
    passcode lock command scope applies assignment`),
};

export function fleetOffLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object' || w.some((x) => READ.test(x))) return [];
  const all = leaves(args, 5, 128);
  const names = all.map(([, v]) => v).filter((v): v is string => typeof v === 'string' && v.length < 120);
  if (scratchOnly(names)) return [];
  const tool = w.join('_');
  const every =
    w.some((x) => WHOLE.test(x)) ||
    all.some(([p, v]) => SCOPE_KEY.test(last(p)) && typeof v === 'string' && EVERY.test(v)) ||
    all.some(([p, v]) => SCOPE_KEY.test(p[0] ?? '') && typeof v === 'string' && EVERY.test(v));
  if (!every) return [];
  // An erase, wipe or unenrolment sent to every device.
  const wipe =
    w.some((x) => WIPE.test(x)) ||
    all.some(
      ([p, v]) =>
        /^(?:command|action|operation|type)$/.test(last(p)) &&
        typeof v === 'string' &&
        WIPE.test(snakeKey(v)),
    );
  if (wipe) return [line('destroy', 'devices', `${tool} erases or unenrols every device`)];
  // The control named by the tool or by a short name value (`policy: "Require BitLocker"`).
  const named =
    w.some((x) => DEVICE_CONTROL.test(x)) ||
    names.some(
      (n) =>
        n.length < 60 &&
        n
          .toLowerCase()
          .split(/[^a-z0-9]+/)
          .some((x) => DEVICE_CONTROL.test(x)),
    );
  if (named && w.some((x) => OFF_VERB.test(x)))
    return [line('silence', 'devices', `${tool} for every device or user`)];
  const off = offLeaf(all, named);
  return off === undefined
    ? []
    : [line('silence', 'devices', `${tool} switches a device control off everywhere (${off})`)];
}
