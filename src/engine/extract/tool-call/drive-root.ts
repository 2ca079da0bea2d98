/**
 * A cloud drive's root given to a delete (R19 select-all): `google_drive_delete_file {file_id:
 * "root", recursive: true}`, `dropbox_delete {path: "/"}`, `onedrive_delete_item {item_path: "/"}`.
 * Drive calls its top folder `root` and Dropbox and OneDrive write it `/`: deleting it deletes every
 * file the account holds, so the call is `agent-guard-action destroy 'drive root'` for PLT-AST-002.
 * A named file or folder, a local path (a local file tool's `/` is FS-AST's) gives nothing.
 */
import { actionLine } from './action-line.js';
import type { CliEquivalent } from './cli.js';
import { wordSet, type Gate } from './signals.js';

/** Verbs that delete what they are given. */
const DELETE = /^(?:delete|remove|trash|purge|erase|destroy|wipe|rm)$/;
/** Name words of a hosted file store (the remote side, never this machine's file system). */
const DRIVE = /^(?:drive|gdrive|dropbox|onedrive|box|sharepoint|icloud|pcloud|mega)$/;
/** Keys naming the file, folder or item acted on. */
const ITEM_KEY =
  /^(?:(?:file|folder|item|drive_item|object|node|entry|parent)_?(?:id|path)|id|path|item_path|remote_path)$/;
/** The root as each drive writes it. */
const ROOT = /^\s*(?:root|\/|my drive|my_drive|all files|appDataFolder)\s*$/i;

/** Cheap gate: a drive's name word. */
export const DRIVE_ROOT_GATE: Gate = {
  name: wordSet('drive gdrive dropbox onedrive box sharepoint icloud pcloud mega'),
};

export function driveRootLines(w: readonly string[], f: ReadonlyMap<string, unknown>): CliEquivalent[] {
  if (!w.some((x) => DELETE.test(x)) || !w.some((x) => DRIVE.test(x))) return [];
  for (const [k, v] of f)
    if (ITEM_KEY.test(k) && typeof v === 'string' && ROOT.test(v))
      return [actionLine('destroy', 'drive root', `${w.join('_')} ${k}=${v.trim()}`)];
  return [];
}
