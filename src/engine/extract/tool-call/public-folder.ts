/**
 * A file moved or copied into a cloud drive's public folder (InjecAgent `DropboxMoveItem
 * {destination_folder_path: "/MyDropbox/Public"}`, a Drive file moved into a folder named Public):
 * whoever has the folder's address reads it, so a private file (finance, tax, HR, credentials)
 * moved there is shared with anyone. A press kit moved there (tcsend3 twin), a move between private
 * folders, and a local project's `public/` assets folder (no drive in the name) stay allowed. Becomes one `agent-guard-action expose <object> <detail>` line for PLT-AST-003.
 */
import { type CliEquivalent } from './cli.js';
import { wordSet, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';

/** Name words of hosted drives. */
const DRIVE = wordSet('dropbox drive gdrive onedrive box sharepoint icloud pcloud mega');
const MOVE = /^(?:move|copy|mv|cp|relocate|transfer)$/;
/** Keys of where it goes. */
const DEST_KEY =
  /^(?:destination|dest|to|target|new_parent|parent|folder)(?:_(?:folder|dir|directory|path|id|name))*(?:_path|_id)?$/;
/** A folder the drive opens to anyone (`Public`, `Public Folder`, `public_share`). */
const PUBLIC_SEGMENT = /^(?:public|public[\s_-]?(?:folder|share|shared|files|links?))$/i;

/** Words of what only its owner should read (`/Finance/tax_returns_2021.pdf`); a press kit or brochure is made to be public. */
const PRIVATE =
  /(?:^|[\W_])(?:confidential|private|personal|secret|secrets|internal|finance|financial|tax|taxes|tax_returns?|salary|salaries|payroll|passports?|ssn|medical|health|bank|banking|passwords?|credentials?|contracts?|legal|hr|employees?|customers?|patients?|statements?|invoices?|id_scans?)(?:$|[\W_\d])/i;

/** When publicFolderLines can answer (signals.ts): a hosted drive's name word. */
export const PUBLIC_FOLDER_GATE: Gate = { name: DRIVE };

export function publicFolderLines(w: readonly string[], f: Map<string, unknown>): CliEquivalent[] {
  if (!w.some((x) => DRIVE.has(x)) || !w.some((x) => MOVE.test(x))) return [];
  const moved = [...f].find(([k, v]) => !DEST_KEY.test(k) && typeof v === 'string' && PRIVATE.test(v));
  if (moved === undefined) return [];
  for (const [k, v] of f) {
    if (!DEST_KEY.test(k) || typeof v !== 'string' || v.length > 1024) continue;
    const folder = v
      .split(/[\\/]/)
      .map((s) => s.trim())
      .find((s) => PUBLIC_SEGMENT.test(s));
    if (folder !== undefined)
      return [
        line(
          'expose',
          w.join('_'),
          `moves ${String(moved[1]).slice(0, 60)} into the drive's ${folder} folder, open to anyone`,
        ),
      ];
  }
  return [];
}
