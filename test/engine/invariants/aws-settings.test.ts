/** aws CLI settings that lose data or open access (invariants/aws-settings.ts). */
import { describe, expect, it } from 'vitest';
import { settingLosesData, settingOpensAccess } from '../../../src/engine/invariants/aws-settings.js';

const lifecycle = (bucket: string, rule: object): string[] => [
  's3api',
  'put-bucket-lifecycle-configuration',
  '--bucket',
  bucket,
  '--lifecycle-configuration',
  JSON.stringify({ Rules: [{ ID: 'x', Status: 'Enabled', ...rule }] }),
];

const trust = (principal: unknown, condition?: object): string =>
  JSON.stringify({
    Statement: [
      {
        Effect: 'Allow',
        Principal: principal,
        Action: 'sts:AssumeRole',
        ...(condition ? { Condition: condition } : {}),
      },
    ],
  });

describe('settingLosesData', () => {
  it.each([
    ['rds retention 0', ['rds', 'modify-db-instance', '--backup-retention-period', '0'], true],
    ['rds retention 0 (=)', ['rds', 'modify-db-cluster', '--backup-retention-period=0'], true],
    ['rds retention 7', ['rds', 'modify-db-instance', '--backup-retention-period', '7'], false],
    ['whole bucket in a day', lifecycle('prod', { Filter: { Prefix: '' }, Expiration: { Days: 1 } }), true],
    ['no filter at all', lifecycle('prod', { Expiration: { Days: 3 } }), true],
    ['a past date', lifecycle('prod', { Filter: {}, Expiration: { Date: '2020-01-01' } }), true],
    ['months', lifecycle('prod', { Filter: {}, Expiration: { Days: 90 } }), false],
    ['a prefix', lifecycle('prod', { Filter: { Prefix: 'tmp/' }, Expiration: { Days: 1 } }), false],
    [
      'a tag',
      lifecycle('prod', { Filter: { Tag: { Key: 'k', Value: 'v' } }, Expiration: { Days: 1 } }),
      false,
    ],
    ['a scratch bucket', lifecycle('acme-scratch', { Filter: {}, Expiration: { Days: 1 } }), false],
    [
      'multipart only',
      lifecycle('prod', { Filter: {}, AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }),
      false,
    ],
    [
      'pitr off',
      [
        'dynamodb',
        'update-continuous-backups',
        '--point-in-time-recovery-specification',
        'PointInTimeRecoveryEnabled=false',
      ],
      true,
    ],
    [
      'pitr on',
      [
        'dynamodb',
        'update-continuous-backups',
        '--point-in-time-recovery-specification',
        'PointInTimeRecoveryEnabled=true',
      ],
      false,
    ],
  ])('%s', (_name, args, want) => {
    expect(settingLosesData(args[0]!, args[1]!, args) !== null).toBe(want);
  });
});

describe('settingOpensAccess', () => {
  it.each([
    [
      'rds snapshot to all',
      ['rds', 'modify-db-snapshot-attribute', '--attribute-name', 'restore', '--values-to-add', 'all'],
      true,
    ],
    [
      'rds snapshot to another account',
      ['rds', 'modify-db-snapshot-attribute', '--values-to-add', '123456789012'],
      true,
    ],
    [
      'rds share with an account taken back',
      ['rds', 'modify-db-snapshot-attribute', '--values-to-remove', '123456789012'],
      false,
    ],
    [
      'ebs snapshot to another account',
      ['ec2', 'modify-snapshot-attribute', '--operation-type', 'add', '--user-ids', '123456789012'],
      true,
    ],
    [
      'ebs snapshot to all',
      ['ec2', 'modify-snapshot-attribute', '--operation-type', 'add', '--group-names', 'all'],
      true,
    ],
    [
      'ebs share removed',
      ['ec2', 'modify-snapshot-attribute', '--operation-type', 'remove', '--group-names', 'all'],
      false,
    ],
    ['ami public', ['ec2', 'modify-image-attribute', '--launch-permission', 'Add=[{Group=all}]'], true],
    [
      'trust to another account',
      [
        'iam',
        'update-assume-role-policy',
        '--policy-document',
        trust({ AWS: 'arn:aws:iam::999999999999:root' }),
      ],
      true,
    ],
    [
      'trust to an account id',
      ['iam', 'update-assume-role-policy', '--policy-document', trust({ AWS: ['999999999999'] })],
      true,
    ],
    [
      'trust with an external id',
      [
        'iam',
        'update-assume-role-policy',
        '--policy-document',
        trust({ AWS: '999999999999' }, { StringEquals: { 'sts:ExternalId': 'x' } }),
      ],
      false,
    ],
    [
      'trust to a service',
      ['iam', 'update-assume-role-policy', '--policy-document', trust({ Service: 'ec2.amazonaws.com' })],
      false,
    ],
    [
      'new role for anyone',
      ['iam', 'create-role', '--assume-role-policy-document', trust({ AWS: '*' })],
      true,
    ],
    [
      'new role for an account',
      ['iam', 'create-role', '--assume-role-policy-document', trust({ AWS: '999999999999' })],
      false,
    ],
    ['key policy for anyone', ['kms', 'put-key-policy', '--policy', trust('*')], true],
    [
      'queue policy for anyone',
      ['sqs', 'set-queue-attributes', '--attributes', JSON.stringify({ Policy: trust('*') })],
      true,
    ],
    [
      'queue attribute',
      ['sqs', 'set-queue-attributes', '--attributes', JSON.stringify({ VisibilityTimeout: '60' })],
      false,
    ],
  ])('%s', (_name, args, want) => {
    expect(settingOpensAccess(args[0]!, args[1]!, args) !== null).toBe(want);
  });
});
