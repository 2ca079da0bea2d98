/**
 * A sync from a source named as holding nothing (R19: `rclone_sync {source: "/tmp/empty", dest:
 * "gdrive:Company Shared"}`): a sync makes the destination match the source, so everything there
 * is deleted. rclone's and a `mirror` tool's sync always deletes what the source lacks; any other
 * sync tool only when told to delete (`delete: true`, `delete_destination`), as `rsync --delete`
 * is judged (programs/net.ts EMPTY_MIRROR). Becomes `agent-guard-action destroy 'sync target'`.
 */
import { EMPTY_MIRROR } from '../programs/net.js';
import { actionLine } from './action-line.js';
import type { CliEquivalent } from './cli.js';
import { wordSet, type Gate } from './signals.js';

const SOURCE_KEY = /^(?:source|src|from|source_path|src_path|source_dir|local_path|origin)$/;
const DEST_KEY =
  /^(?:dest|destination|dst|to|target|remote|dest_path|destination_path|target_path|remote_path|bucket)$/;
/** A switch that says what the source lacks is deleted at the destination. */
const DELETE_KEY =
  /^(?:delete|delete_extraneous|delete_destination|delete_extra|delete_removed|prune|purge|mirror)$/;

export const EMPTY_MIRROR_GATE: Gate = { name: wordSet('sync mirror rsync rclone') };

export function emptyMirrorLines(w: readonly string[], f: ReadonlyMap<string, unknown>): CliEquivalent[] {
  const deletes =
    w.includes('rclone') ||
    w.includes('mirror') ||
    [...f].some(([k, v]) => DELETE_KEY.test(k) && (v === true || v === 'true' || v === 'on'));
  if (!deletes || w.some((x) => /^(?:dry|dryrun|check|status|list|get)$/.test(x))) return [];
  if ([...f].some(([k, v]) => /^(?:dry_run|dryrun|check)$/.test(k) && v === true)) return [];
  const source = [...f].find(
    ([k, v]) => SOURCE_KEY.test(k) && typeof v === 'string' && EMPTY_MIRROR.test(v.trim()),
  );
  const dest = [...f].find(([k, v]) => DEST_KEY.test(k) && typeof v === 'string' && v.trim() !== '');
  if (source === undefined || dest === undefined) return [];
  return [
    actionLine(
      'destroy',
      'sync target',
      `${w.join('_')} from ${String(source[1])} empties ${String(dest[1])}`,
    ),
  ];
}
