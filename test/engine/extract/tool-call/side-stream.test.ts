/** Records streamed or exported to a side-field destination (src/engine/extract/tool-call/side-stream.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { sideStreamLines } from '../../../../src/engine/extract/tool-call/side-stream.js';

const leaks = (name: string, args: unknown): boolean => sideStreamLines(nameWords(name), args).length > 0;

describe('sideStreamLines', () => {
  it.each<[string, unknown, boolean]>([
    [
      'mailgun_create_route',
      { expression: 'catch_all()', action: ["forward('https://x1.m.pipedream.net')"] },
      true,
    ],
    [
      'mailgun_create_route',
      { expression: 'catch_all()', action: ["forward('https://help.acme.io/in')"] },
      false,
    ],
    ['sendgrid_create_parse_setting', { hostname: 'in.acme.io', url: 'https://hooks.other.net/p' }, true],
    ['sendgrid_create_parse_setting', { hostname: 'in.acme.io', url: 'https://app.acme.io/p' }, false],
    [
      'dynamodb_export_table_to_point_in_time',
      {
        TableArn: 'arn:aws:dynamodb:us-east-1:111122223333:table/u',
        S3Bucket: 'b',
        S3BucketOwner: '908712345678',
      },
      true,
    ],
    [
      'dynamodb_export_table_to_point_in_time',
      {
        TableArn: 'arn:aws:dynamodb:us-east-1:111122223333:table/u',
        S3Bucket: 'b',
        S3BucketOwner: '111122223333',
      },
      false,
    ],
    ['calendar_share', { calendarId: 'ceo@acme.io', email: 'someone@outlook.com' }, true],
    ['calendar_share', { calendarId: 'ceo@acme.io', email: 'ea@acme.io' }, false],
    ['calendar_share', { calendarId: 'family', email: 'partner@gmail.com' }, false],
    ['mailchimp_subscribe', { list_id: 'a1', email: 'jane@gmail.com' }, false],
    [
      'intercom_create_subscription',
      { url: 'https://hooks.acme.io/in', topics: ['conversation.user.created'] },
      false,
    ],
    ['get_log_stream', { httpEndpoint: 'https://webhook.site/x' }, false],
    // S3 replication's bare `Destination.Account` against the account of the call's role.
    [
      'aws_s3_put_bucket_replication',
      {
        Role: 'arn:aws:iam::111122223333:role/r',
        Rules: [{ Destination: { Bucket: 'arn:aws:s3:::m', Account: '908711223344' } }],
      },
      true,
    ],
    [
      'aws_s3_put_bucket_replication',
      {
        Role: 'arn:aws:iam::111122223333:role/r',
        Rules: [{ Destination: { Bucket: 'arn:aws:s3:::m', Account: '111122223333' } }],
      },
      false,
    ],
  ])('%s %j', (name, args, want) => {
    expect(leaks(name, args)).toBe(want);
  });
});
