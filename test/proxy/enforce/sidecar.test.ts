/**
 * Tool-call enforcement as the sidecar wires it: the setting and its deprecated alias, receipts and
 * alerts on a refusal, identity requested upstream and compressed answers decoded, an unreadable
 * coding refused, and text that reaches the agent while a later tool call is still streaming.
 */
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertInput } from '../../../src/alerts/event.js';
import { ReceiptService } from '../../../src/api/receipts.js';
import { configuredToolCalls, toolCallsFor } from '../../../src/proxy/enforce/index.js';
import { createSigner } from '../../../src/receipts/index.js';
import { METRIC } from '../../../src/telemetry/metric-names.js';
import { fixture, metricValue, request, startSidecar, startUpstream, type TestUpstream } from '../helpers.js';

let upstream: TestUpstream;
beforeAll(async () => {
  upstream = await startUpstream(() => undefined);
});
afterAll(() => upstream.close());

const chatBody = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });
const post = (url: string) =>
  request(`${url}/openai/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip, br' },
    body: chatBody,
  });
const answerWith = (text: string, headers: Record<string, string> = {}): void => {
  upstream.handler = (_req, res) => {
    const body = headers['content-encoding'] === 'gzip' ? gzipSync(text) : Buffer.from(text);
    res.writeHead(200, {
      'content-type': 'application/json',
      'content-length': String(body.length),
      ...headers,
    });
    res.end(body);
  };
};

describe('proxy.toolCalls', () => {
  it.each([
    [{ mode: 'enforce' }, 'enforce'],
    [{ mode: 'audit' }, 'observe'],
    [{ mode: 'enforce', toolCalls: 'off' }, 'off'],
    [{ mode: 'audit', toolCalls: 'enforce' }, 'enforce'],
    [{ mode: 'enforce', observeToolCalls: false }, 'off'],
    [{ mode: 'enforce', observeToolCalls: true }, 'enforce'],
    [{ mode: 'audit', observeToolCalls: true }, 'observe'],
    [{ mode: 'enforce', observeToolCalls: false, toolCalls: 'observe' }, 'observe'],
  ] as const)('%j → %s', (config, want) => {
    expect(configuredToolCalls(config)).toBe(want);
  });

  it('a route in audit observes under a global enforce', () => {
    expect(toolCallsFor('enforce', 'audit')).toBe('observe');
    expect(toolCallsFor('enforce', 'enforce')).toBe('enforce');
    expect(toolCallsFor('off', 'enforce')).toBe('off');
  });

  it('the deprecated alias still switches reading off, and says it is deprecated', async () => {
    const sidecar = await startSidecar({ proxy: { openaiUpstream: upstream.url, observeToolCalls: false } });
    try {
      const original = fixture('openai-chat-response.json');
      answerWith(original);
      const res = await post(sidecar.url);
      expect(res.text).toBe(original);
      expect(sidecar.logs.some((l) => String(l.msg).includes('observeToolCalls'))).toBe(true);
      expect(await metricValue(sidecar.registry, METRIC.proxyProposedToolCallsTotal, {})).toBe(0);
    } finally {
      await sidecar.close();
    }
  });
});

describe('enforce on the wire', () => {
  it('asks for identity, decodes a gzip answer anyway, signs and alerts the refusal', async () => {
    const alerts: AlertInput[] = [];
    const receipts = new ReceiptService(createSigner(new Uint8Array(32).fill(7)), {
      sign: 'deny-only',
      ephemeral: true,
    });
    const sidecar = await startSidecar(
      { proxy: { openaiUpstream: upstream.url } },
      { receipts, alerts: { notify: (a) => void alerts.push(a) } },
    );
    try {
      answerWith(fixture('openai-chat-response.json'), { 'content-encoding': 'gzip' });
      const before = upstream.received.length;
      const res = await post(sidecar.url);
      expect(upstream.received[before]!.headers['accept-encoding']).toBe('identity');
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      const body = res.json() as { choices: Array<{ message: { content: string }; finish_reason: string }> };
      expect(body.choices[0]!.finish_reason).toBe('stop');
      expect(body.choices[0]!.message.content).toMatch(/Receipt: ed25519:[0-9a-f]+ \(seal 0x[0-9a-f]+\)/);
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({ headline: 'BLOCKED' });
      expect(alerts[0]!.receipt).toMatch(/^ed25519:/);
    } finally {
      await sidecar.close();
    }
  });

  it('a response in a coding it cannot read is refused (502), not relayed unchecked', async () => {
    const sidecar = await startSidecar({ proxy: { openaiUpstream: upstream.url } });
    try {
      answerWith('{"choices":[]}', { 'content-encoding': 'zstd' });
      const res = await post(sidecar.url);
      expect(res.status).toBe(502);
      expect(res.headers['content-type']).toBe('application/problem+json');
    } finally {
      await sidecar.close();
    }
  });

  it('text reaches the agent while a later tool call is still being streamed', async () => {
    const sidecar = await startSidecar({ proxy: { openaiUpstream: upstream.url } });
    const events = fixture('openai-chat-stream-tools.sse')
      .split('\n\n')
      .filter((e) => e.trim() !== '');
    // The upstream sends the first three events (role, two text deltas), then waits for the agent
    // to have read the text before it streams the tool calls.
    let go: (() => void) | null = null;
    upstream.handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const e of events.slice(0, 3)) res.write(`${e}\n\n`);
      go = () => {
        for (const e of events.slice(3)) res.write(`${e}\n\n`);
        res.end();
      };
    };
    try {
      const text = await new Promise<string>((resolve, reject) => {
        const req = http.request(
          `${sidecar.url}/openai/v1/chat/completions`,
          { method: 'POST', agent: false, headers: { 'content-type': 'application/json' } },
          (res) => {
            let seen = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              seen += chunk;
              if (seen.includes(' and the weather.') && go) {
                const release = go;
                go = null;
                release();
              }
            });
            res.on('end', () => resolve(seen));
          },
        );
        req.on('error', reject);
        req.end(chatBody);
      });
      expect(text.startsWith(`${events[0]}\n\n${events[1]}\n\n${events[2]}\n\n`)).toBe(true);
      expect(text).toContain('get_weather');
      expect(text).not.toContain('"run_shell"');
      expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true);
    } finally {
      await sidecar.close();
    }
  });
});
