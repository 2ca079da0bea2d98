/** SDK calls written as command lines: the option and operation names the CLIs use. */
import { describe, expect, it } from 'vitest';
import { kebab, maySdk } from '../../../../src/engine/extract/code/sdk.js';

describe('sdk', () => {
  it.each([
    ['DBInstanceIdentifier', 'db-instance-identifier'],
    ['deleteBucket', 'delete-bucket'],
    ['delete_db_instance', 'delete-db-instance'],
    ['InstanceIds', 'instance-ids'],
    ['list_objects_v2', 'list-objects-v2'],
    ['SkipFinalSnapshot', 'skip-final-snapshot'],
  ])('kebab(%s) is %s', (name, want) => {
    expect(kebab(name)).toBe(want);
  });

  it.each([
    ['boto3.client', undefined, true],
    ['new @aws-sdk/client-s3.DeleteBucketCommand', undefined, true],
    ['django.contrib.auth.models.User.objects.all', undefined, true],
    ['', 'query', true],
    ['os.system', undefined, false],
    ['new Map', undefined, false],
  ])('maySdk(%s, %s) is %s', (name, method, want) => {
    expect(maySdk(name, method)).toBe(want);
  });
});
