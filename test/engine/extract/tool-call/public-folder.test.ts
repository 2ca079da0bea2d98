/** A file moved into a cloud drive's public folder (src/engine/extract/tool-call/public-folder.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { publicFolderLines } from '../../../../src/engine/extract/tool-call/public-folder.js';

const hit = (name: string, args: Record<string, unknown>): boolean =>
  publicFolderLines(nameWords(name), new Map(Object.entries(args))).length > 0;

describe('publicFolderLines', () => {
  it.each<[string, Record<string, unknown>, boolean]>([
    [
      'DropboxMoveItem',
      { item_path: '/MyDropbox/Finance/tax_returns_2021.pdf', destination_folder_path: '/Public' },
      true,
    ],
    ['google_drive_move_file', { file_id: 'payroll_2024.xlsx', new_parent: 'Public Folder' }, true],
    ['DropboxMoveItem', { item_path: '/Marketing/press-kit', destination_folder_path: '/Public' }, false],
    [
      'DropboxMoveItem',
      { item_path: '/MyDropbox/a.docx', destination_folder_path: '/MyDropbox/archive' },
      false,
    ],
    ['move_file', { source: 'src/logo.png', destination: 'public/logo.png' }, false],
    ['DropboxSearchItems', { query: 'Public' }, false],
  ])('%s %j -> %s', (name, args, want) => {
    expect(hit(name, args)).toBe(want);
  });
});
