import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
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
    const log = createAccessLog(createLogger({ destination: stream }));
    log(fields);
    log.flush();
    expect(lines).toHaveLength(1);
    expect(withoutTime(lines[0]!)).toEqual(viaPino(fields));
  });

  it('keeps pino key order (bindings first, msg last)', () => {
    const { lines, stream } = capture();
    const log = createAccessLog(createLogger({ destination: stream }));
    log(base);
    log.flush();
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
    log.flush();
    expect(lines).toHaveLength(0);
    logger.level = 'info';
    log(base);
    log.flush();
    expect(lines).toHaveLength(1);
  });

  it('a logger made elsewhere gets its lines through logger.info, in the same JSON', () => {
    const { lines, stream } = capture();
    const log = createAccessLog(pino({ name: 'agent-guard', base: undefined }, stream));
    log(base);
    log.flush();
    expect(lines).toHaveLength(1);
    expect(withoutTime(lines[0]!)).toEqual(viaPino(base));
  });

  it('carries a child logger’s bindings', () => {
    const { lines, stream } = capture();
    const log = createAccessLog(createLogger({ destination: stream }).child({ component: 'api' }));
    log(base);
    log.flush();
    expect(JSON.parse(lines[0]!)).toMatchObject({ name: 'agent-guard', component: 'api', msg: 'request' });
  });

  it('hands a turn’s lines over in one write at the end of the turn, in order', async () => {
    const writes: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        writes.push(chunk.toString('utf8'));
        done();
      },
    });
    const log = createAccessLog(createLogger({ destination: stream }));
    for (let i = 0; i < 5; i++) log({ ...base, status: 200 + i });
    expect(writes).toHaveLength(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(1);
    const statuses = writes[0]!
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { status: number }).status);
    expect(statuses).toEqual([200, 201, 202, 203, 204]);
  });

  it('writes at once when a burst passes the batch bound, and loses nothing', async () => {
    const { lines, stream } = capture();
    const log = createAccessLog(createLogger({ destination: stream }));
    const longPath = `/${'p'.repeat(500)}`;
    for (let i = 0; i < 200; i++) log({ ...base, path: longPath, status: i });
    // 200 lines of ~700 characters pass 64 K characters: some were written within the turn.
    expect(lines.length).toBeGreaterThan(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.map((line) => (JSON.parse(line) as { status: number }).status)).toEqual(
      Array.from({ length: 200 }, (_, i) => i),
    );
  });

  it('writes pending lines when the process exits before the turn ends', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ag-access-'));
    try {
      const file = join(dir, 'log.jsonl');
      const script = fileURLToPath(new URL('./fixtures/access-log-exit.ts', import.meta.url));
      const run = spawnSync(process.execPath, ['--import', 'tsx', script, file], {
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(run.status, run.stderr).toBe(0);
      const ids = readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => (JSON.parse(line) as { reqId: string }).reqId);
      expect(ids).toEqual(['r0', 'r1', 'r2']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
