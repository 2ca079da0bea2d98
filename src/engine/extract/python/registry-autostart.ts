/**
 * Windows' autostart list kept in the registry (R14: a Run key written with winreg). A value under
 * `...\CurrentVersion\Run` (RunOnce, RunServices, Policies\Explorer\Run) or Winlogon's Shell/Userinit
 * starts its program at every log-in, as an XDG autostart entry does on Linux; the write is judged
 * as that entry's (FS-AST-021): the user's own for HKEY_CURRENT_USER, the system's for the rest.
 */
import type { CallHandler } from '../code/calls.js';
import { constText, render, UNKNOWN, strVal } from '../code/value.js';
import type { PyWalker } from '../python.js';
import type { PyCall } from './calls.js';

type Handler = CallHandler<PyWalker, PyCall>;

const KEY = 'winreg.HKEYType()';

/** Subkeys whose values run at log-in (also read by programs/registry.ts for `reg add`). */
export const AUTOSTART =
  /\\CurrentVersion\\(?:Run|RunOnce|RunOnceEx|RunServices|RunServicesOnce|Policies\\Explorer\\Run)\\?$|\\CurrentVersion\\Winlogon\\?$/i;

/** winreg.OpenKey(hive, sub, ...), CreateKey(Ex): a key, remembered by its hive and path. */
const openKey: Handler = (_w, c) => {
  const hive = c.args[0] ?? c.kw.get('key');
  const sub = c.args[1] ?? c.kw.get('sub_key');
  const parent = hive?.ref === KEY ? hive.fields : undefined;
  const hiveName = parent?.get('hive') ?? strVal(hive?.ref ?? (hive !== undefined ? render(hive) : ''));
  const path = [constText(parent?.get('path')), sub !== undefined ? constText(sub) : '']
    .filter((p): p is string => p !== null && p !== '')
    .join('\\');
  return {
    ...UNKNOWN,
    ref: KEY,
    fields: new Map([
      ['hive', hiveName],
      ['path', strVal(path)],
    ]),
  };
};

/** SetValueEx(key, name, 0, type, value) and SetValue(key, sub, type, value) under an autostart key. */
const setValue: Handler = (w, c) => {
  const key = c.args[0];
  if (key?.ref !== KEY) return undefined;
  const sub = c.method === 'SetValue' || c.name.endsWith('.SetValue') ? constText(c.args[1]) : null;
  const path = [constText(key.fields?.get('path')), sub].filter((p) => p !== null && p !== '').join('\\');
  if (!AUTOSTART.test(`\\${path}`)) return undefined;
  const user = /CURRENT_USER|HKCU/i.test(constText(key.fields?.get('hive')) ?? '');
  const name = (constText(c.args[1]) ?? 'entry').replace(/[^\w.-]/g, '_') || 'entry';
  const dir = user ? '~/.config/autostart' : '/etc/xdg/autostart';
  w.col.file(c.span, 'write', `${dir}/${name}.desktop`, c.name || 'winreg.SetValueEx', {});
  return UNKNOWN;
};

export const PY_REGISTRY: readonly (readonly [readonly string[], Handler])[] = [
  [
    [
      'winreg.OpenKey',
      'winreg.OpenKeyEx',
      'winreg.CreateKey',
      'winreg.CreateKeyEx',
      '_winreg.OpenKey',
      '_winreg.CreateKey',
    ],
    openKey,
  ],
  [['winreg.SetValueEx', 'winreg.SetValue', '_winreg.SetValueEx', '_winreg.SetValue'], setValue],
];
