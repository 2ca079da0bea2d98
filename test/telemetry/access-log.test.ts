import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createAccessLog, type AccessFields } from '../../src/telemetry/access-log.js';
import { createLogger } from '../../src/telemetry/logger.js';

function capture(): { lines: string[]; stream: Writable } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

/** What the API logged through pino before the access line had its own formatter. */
function viaPino(f: AccessFields): Record<string, unknown> {
  const { lines, stream } = capture();
  const logger = createLogger({ destination: stream });
  const req = { method: f.method, url: f.path, headers: {} };
  logger.info(
    {
      reqId: f.reqId,
      req,
      status: f.status,
      endpoint: f.endpoint,
      ms: f.ms,
      ...(f.identity !== undefined ? { identity: f.identity } : {}),
    },
    'request',
  );
  return withoutTime(lines[0]!);
}

function withoutTime(line: string): Record<string, unknown> {
  const parsed = JSON.parse(line) as Record<string, unknown>;
  expect(typeof parsed['time']).toBe('number');
  delete parsed['time'];
  return parsed;
}

const base: AccessFields = {
  reqId: '5f0e6a1c-6c1e-4c71-8a0e-0d9c4d1e2f3a',
  method: 'POST',
  path: '/api/v1/validate',
  status: 200,
  endpoint: 'validate',
  ms: 0.317,
  identity: undefined,
};

describe('access line', () => {
  it.each<[string, AccessFields]>([
    ['plain', base],
    ['with an identity', { ...base, identity: 'key:0123456789ab' }],
    ['a problem status', { ...base, status: 422, endpoint: 'unknown', ms: 12 }],
    ['quotes, backslashes and control characters in the path', { ...base, path: '/a"b\\c\u0001\u2028' }],
    ['wide characters', { ...base, path: '/ünïcødé/日本', reqId: 'r-\u00e9' }],
    ['a non-finite duration', { ...base, ms: Number.NaN }],
  ])('%s: the same JSON as pino writes', (_name, fields) => {
    const { lines, stream } = capture();
    createAccessLog(createLogger({ destination: stream }))(fields);
    expect(lines).toHaveLength(1);
    expect(withoutTime(lines[0]!)).toEqual(viaPino(fields));
  });

  it('keeps pino key order (bindings first, msg last)', () => {
    const { lines, stream } = capture();
    createAccessLog(createLogger({ destination: stream }))(base);
    expect(Object.keys(JSON.parse(lines[0]!) as object)).toEqual([
      'level',
      'time',
      'name',
      'reqId',
      'req',
      'status',
      'endpoint',
      'ms',
      'msg',
    ]);
  });

  it('follows the logger level, also when it changes at run time', () => {
    const { lines, stream } = capture();
    const logger = createLogger({ destination: stream, level: 'warn' });
    const log = createAccessLog(logger);
    log(base);
    expect(lines).toHaveLength(0);
    logger.level = 'info';
    log(base);
    expect(lines).toHaveLength(1);
  });

  it('carries a child logger’s bindings', () => {
    const { lines, stream } = capture();
    createAccessLog(createLogger({ destination: stream }).child({ component: 'api' }))(base);
    expect(JSON.parse(lines[0]!)).toMatchObject({ name: 'agent-guard', component: 'api', msg: 'request' });
  });
});
