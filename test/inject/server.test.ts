import { readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { startInjectServer, type InjectServer } from '../../src/inject/server.js';
import { createLogger } from '../../src/telemetry/logger.js';
import { createRegistry } from '../../src/telemetry/registry.js';
import { tempDir } from '../support/temp-dir.js';

const dir = tempDir('ag-inject-');
const certFile = join(dir, 'tls.crt');
const keyFile = join(dir, 'tls.key');
const logLines: string[] = [];
let first: { cert: string; private: string };
let server: InjectServer;

async function certificate(cn: string): Promise<{ cert: string; private: string }> {
  return generate([{ name: 'commonName', value: cn }], {
    keySize: 2048,
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
}

interface Answer {
  status: number;
  body: string;
  peerCn: string;
}

function call(
  path: string,
  ca: string,
  init: { method?: string; body?: string | Buffer; type?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${server.url}${path}`,
      {
        method: init.method ?? 'POST',
        ca,
        agent: false,
        headers: init.body !== undefined ? { 'content-type': init.type ?? 'application/json' } : {},
        timeout: 5_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        const socket = res.socket as unknown as { getPeerCertificate(): { subject?: { CN?: string } } };
        const peerCn = socket.getPeerCertificate().subject?.CN ?? '';
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), peerCn }),
        );
      },
    );
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.end(init.body);
  });
}

beforeAll(async () => {
  first = await certificate('injector-one');
  writeFileSync(certFile, first.cert);
  writeFileSync(keyFile, first.private);
  const config = loadConfig({
    env: {},
    overrides: { inject: { host: '127.0.0.1', port: 0, certFile, keyFile, maxBodyBytes: 64 * 1024 } },
  }).inject;
  const destination = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  server = await startInjectServer({
    config,
    logger: createLogger({ level: 'info', destination }),
    registry: createRegistry({ processMetrics: false }),
    certReloadIntervalMs: 60_000,
  });
});

afterAll(async () => {
  await server.close();
});

const review = readFileSync(join(import.meta.dirname, '../fixtures/inject/labelled-namespace.json'), 'utf8');

describe('injector over HTTPS', () => {
  it('answers an AdmissionReview with a JSONPatch', async () => {
    const answer = await call('/mutate', first.cert, { body: review });
    expect(answer.status).toBe(200);
    const body = JSON.parse(answer.body) as { response: { allowed: boolean; patchType: string } };
    expect(body.response).toMatchObject({ allowed: true, patchType: 'JSONPatch' });
  });

  it('on the opt-in path leaves a pod that did not opt in alone', async () => {
    const answer = await call('/mutate/opt-in', first.cert, { body: review });
    const body = JSON.parse(answer.body) as { response: { allowed: boolean; patch?: string } };
    expect(body.response.allowed).toBe(true);
    expect(body.response.patch).toBeUndefined();
  });

  it.each([
    ['not JSON', '{"apiVersion": ', 'application/json', 'not valid JSON'],
    ['wrong content type', review, 'text/plain', 'content-type'],
    ['over the size limit', `{"x":"${'a'.repeat(70 * 1024)}"}`, 'application/json', 'exceeds'],
    ['invalid UTF-8', Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), 'application/json', 'not valid JSON'],
  ])('answers %s with an AdmissionReview message and stays up', async (_name, body, type, message) => {
    const answer = await call('/mutate', first.cert, { body, type });
    expect(answer.status).toBe(200);
    const parsed = JSON.parse(answer.body) as {
      kind: string;
      response: { allowed: boolean; status: { message: string } };
    };
    expect(parsed.kind).toBe('AdmissionReview');
    expect(parsed.response.allowed).toBe(false);
    expect(parsed.response.status.message).toContain(message);
    expect((await call('/health', first.cert, { method: 'GET' })).status).toBe(200);
  });

  it('answers unknown paths with 404 and wrong methods with 405', async () => {
    expect((await call('/nope', first.cert, { method: 'GET' })).status).toBe(404);
    expect((await call('/mutate', first.cert, { method: 'GET' })).status).toBe(405);
  });

  it('reloads a renewed certificate without a restart and keeps the last good one on a bad pair', async () => {
    const second = await certificate('injector-two');
    writeFileSync(certFile, second.cert);
    writeFileSync(keyFile, second.private);
    await server.reloadCertificates();
    const renewed = await call('/health', second.cert, { method: 'GET' });
    expect(renewed.peerCn).toBe('injector-two');

    writeFileSync(keyFile, first.private); // mismatched pair: must be refused
    await server.reloadCertificates();
    const still = await call('/health', second.cert, { method: 'GET' });
    expect(still.peerCn).toBe('injector-two');
    expect(logLines.join('')).toContain('certificate reload failed');
    expect(logLines.join('')).not.toContain('PRIVATE KEY');
  });
});
