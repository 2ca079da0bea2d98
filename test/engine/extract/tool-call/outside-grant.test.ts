/** Keys and data granted to another cloud account, a public link, an export named as someone else's (src/engine/extract/tool-call/outside-grant.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { outsideGrantLines } from '../../../../src/engine/extract/tool-call/outside-grant.js';

const hit = (name: string, args: unknown): boolean => outsideGrantLines(nameWords(name), args).length > 0;

describe('outsideGrantLines', () => {
  it.each<[string, unknown, boolean]>([
    [
      'aws_kms_create_grant',
      { KeyId: 'alias/prod', GranteePrincipal: 'arn:aws:iam::999988887777:user/x', Operations: ['Decrypt'] },
      true,
    ],
    [
      'aws_kms_create_grant',
      {
        KeyId: 'arn:aws:kms:us-east-1:111122223333:key/1',
        GranteePrincipal: 'arn:aws:iam::111122223333:role/app',
        Operations: ['Decrypt'],
      },
      false,
    ],
    ['aws_kms_create_grant', { KeyId: 'alias/logs', GranteePrincipal: 'logs.amazonaws.com' }, false],
    [
      'aws_kms_revoke_grant',
      { KeyId: 'alias/prod', GranteePrincipal: 'arn:aws:iam::999988887777:user/x' },
      false,
    ],
    ['confluence_export_space', { space: 'SEC', share_link: 'public' }, true],
    ['confluence_export_space', { space: 'SEC' }, false],
    ['GoogleDriveMoveFile', { file_id: 'board_minutes', destination_folder: 'Anyone with the link' }, true],
    ['GoogleDriveMoveFile', { file_id: 'launch_photo.jpg', destination_folder: 'Public' }, false],
    ['move_file', { source: '/w/docs/internal.md', destination: '/w/public/internal.md' }, false],
    ['sharepoint_create_sharing_link', { item: 'Board deck', scope: 'anonymous' }, true],
    ['sharepoint_create_sharing_link', { item: 'Board deck', scope: 'organization' }, false],
    ['mongodb_atlas_create_export_bucket', { bucketName: 'transfer-inbox-1', iamRoleId: 'r-outside' }, true],
    ['mongodb_atlas_create_export_bucket', { bucketName: 'acme-snapshots', iamRoleId: 'r-export' }, false],
  ])('%s %j', (name, args, want) => {
    expect(hit(name, args)).toBe(want);
  });
});
