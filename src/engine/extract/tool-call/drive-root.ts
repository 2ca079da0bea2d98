/**
 * A cloud drive's root given to a delete (R19 select-all): `google_drive_delete_file {file_id:
 * "root", recursive: true}`, `dropbox_delete {path: "/"}`, `onedrive_delete_item {item_path: "/"}`.
 * Drive calls its top folder `root` and Dropbox and OneDrive write it `/`: deleting it deletes every
 * file the account holds, so the call is `agent-guard-action destroy 'drive root'` for PLT-AST-002.
 * So is a search every owned file meets, deleted past the trash. A named file or folder, a search
 * that narrows, a move to the trash, a local path (a local file tool's `/` is FS-AST's) give nothing.
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

/** Keys holding a Drive search (`files.list q`). */
const QUERY_KEY = /^(?:q|query|search|filter)$/;
/** Drive search terms every file of the account meets: owned by me, not yet trashed. */
const EVERY_FILE_TERM = /^\s*(?:'me'\s+in\s+owners|trashed\s*=\s*false)\s*$/i;
/** A Drive search made only of such terms (`'me' in owners`, `'me' in owners and trashed = false`). */
const everyFileQuery = (v: string): boolean => v.split(/\band\b/i).every((t) => EVERY_FILE_TERM.test(t));
/** A flag that keeps the files in the trash (recoverable for a month), not deleted for good. */
const keepsTrash = (w: readonly string[], f: ReadonlyMap<string, unknown>): boolean =>
  w.includes('trash') ||
  [...f].some(
    ([k, v]) => /^(?:permanent|permanently|skip_trash|force)$/.test(k) && (v === false || v === 'false'),
  );

/** Cheap gate: a drive's name word. */
export const DRIVE_ROOT_GATE: Gate = {
  name: wordSet('drive gdrive dropbox onedrive box sharepoint icloud pcloud mega'),
};

export function driveRootLines(w: readonly string[], f: ReadonlyMap<string, unknown>): CliEquivalent[] {
  if (!w.some((x) => DELETE.test(x)) || !w.some((x) => DRIVE.test(x))) return [];
  for (const [k, v] of f)
    if (ITEM_KEY.test(k) && typeof v === 'string' && ROOT.test(v))
      return [actionLine('destroy', 'drive root', `${w.join('_')} ${k}=${v.trim()}`)];
  // Every file the account owns deleted past the trash (`{query: "'me' in owners", permanent: true}`).
  for (const [k, v] of f)
    if (QUERY_KEY.test(k) && typeof v === 'string' && everyFileQuery(v) && !keepsTrash(w, f))
      return [actionLine('destroy', 'drive root', `${w.join('_')} ${k}=${v.trim()}`)];
  return [];
}
