/** AWS SDK v3 commands held while every client is an emulator's (code/aws-emulator.ts). */
import { describe, expect, it } from 'vitest';
import { awsClientMade, judgeCommand } from '../../../../src/engine/extract/code/aws-emulator.js';
import type { Collector } from '../../../../src/engine/extract/code/collector.js';

/** Runs `steps` on a fresh collector key; returns how many commands were judged. */
/** A step that makes a command; any other step makes a client for that endpoint (null: the default). */
const CMD = 'cmd';

function judged(steps: readonly (string | null)[]): number {
  const col = {} as Collector;
  let n = 0;
  for (const s of steps) {
    if (s === CMD) judgeCommand(col, () => n++);
    else awsClientMade(col, s);
  }
  return n;
}

describe('judgeCommand', () => {
  it.each([
    ['no client yet: judged as the cloud', ['cmd'], 1],
    ['a DynamoDB Local client only', ['http://localhost:8000', 'cmd'], 0],
    ['a LocalStack client only', ['http://localstack:4566', 'cmd'], 0],
    ['a default client', [null, 'cmd'], 1],
    ['an AWS endpoint', ['https://s3.eu-west-1.amazonaws.com', 'cmd'], 1],
    ['a look-alike host', ['http://localhost.evil.example:4566', 'cmd'], 1],
    ['a cloud client made after the command brings it back', ['http://127.0.0.1:4566', 'cmd', null], 1],
  ] as const)('%s', (_why, steps, want) => {
    expect(judged(steps)).toBe(want);
  });
});
