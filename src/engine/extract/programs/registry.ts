/**
 * Windows' `reg add` (R20, public malicious-package samples: `reg add "HKCU\...\RunOnce" /v x /d
 * "%TEMP%\x.exe"` from an install hook). A value added under an autostart key runs its program at
 * every log-in: the write is judged as an autostart entry's, as python's winreg one is
 * (python/registry-autostart.ts): the user's own for HKEY_CURRENT_USER, the system's for the rest.
 */
import type { Invocation } from '../bash/model.js';
import { AUTOSTART } from '../python/registry-autostart.js';
import type { ProgramHandler, Toolkit } from './types.js';

/** `reg add KEY [/v NAME] [/t TYPE] [/d DATA] [/f]`: a value under an autostart key. */
function reg(inv: Invocation, kit: Toolkit): undefined {
  const [, verb, key] = inv.argv;
  if (verb?.text.toLowerCase() !== 'add' || key === undefined) return undefined;
  const path = key.text.replace(/\//g, '\\');
  if (!AUTOSTART.test(`\\${path.replace(/\\+$/, '')}`)) return undefined;
  const at = inv.argv.findIndex((w) => /^[/-]v$/i.test(w.text));
  const name = (at > 0 ? inv.argv[at + 1]?.text : undefined)?.replace(/[^\w.-]/g, '_') || 'entry';
  const dir = /^(?:HKCU|HKEY_CURRENT_USER)\b/i.test(path) ? '~/.config/autostart' : '/etc/xdg/autostart';
  kit.write({ ...key, text: `${dir}/${name}.desktop`, dynamic: false, sources: [] }, 'reg', 'write', []);
  return undefined;
}

export const REGISTRY_HANDLERS: Readonly<Record<string, ProgramHandler>> = { reg };
