/**
 * src/proxy/prescrub.ts: a large body's strings are scrubbed ahead, in slices; the adapter's walk
 * over the memo gives exactly the one-shot walk's body and redactions.
 */
import { describe, expect, it } from 'vitest';
import { ANTHROPIC_SPEC } from '../../src/proxy/adapters/anthropic.js';
import { OPENAI_SPEC } from '../../src/proxy/adapters/openai.js';
import { scrubPromptBody, type WalkSpec } from '../../src/proxy/adapters/prompt-walker.js';
import { bodyStrings, prescrub, type ScrubAnswer } from '../../src/proxy/prescrub.js';
import { SLICE_CHARS } from '../../src/scrub/cooperative.js';
import { createScrubber } from '../../src/scrub/index.js';
import { AWS_ID, GH } from '../scrub/helpers.js';

const scrubber = createScrubber({ salt: 'prescrub-salt-0123456789' });
const PNG = 'data:image/png;base64,' + 'iVBORw0KGgo'.repeat(50);

/** A large chat body with secrets in every place the walk looks. */
function bigBody(): Record<string, unknown> {
  const prose = `Some notes about the deploy, key ${GH} and ${AWS_ID} in the middle. `.repeat(200);
  return {
    model: 'm',
    user: `user-${GH}`,
    metadata: { [GH]: 'a secret as a member name' },
    messages: [
      ...Array.from({ length: 40 }, (_, i) => ({
        role: i % 2 ? 'assistant' : 'user',
        content: `${i} ${prose}`,
      })),
      // One string longer than a slice: scrubbed through the stream, a secret across a slice edge.
      { role: 'user', content: 'x'.repeat(SLICE_CHARS - 10) + ` ${GH} ` + prose },
      { role: 'user', content: [{ type: 'image_url', image_url: { url: PNG } }] },
      {
        role: 'assistant',
        tool_calls: [
          {
            id: 'c1',
            type: 'function',
            function: { name: 'f', arguments: JSON.stringify({ token: GH, n: 1 }) },
          },
        ],
      },
    ],
    tools: [{ type: 'function', function: { name: 't', description: `uses ${AWS_ID}` } }],
  };
}

function walkWith(body: unknown, spec: WalkSpec, lookup?: Map<string, ScrubAnswer>) {
  const families: string[] = [];
  const out = scrubPromptBody(body, spec, (text) => {
    const r = lookup?.get(text) ?? scrubber.scrub(text);
    for (const x of r.redactions) families.push(x.family);
    return r.sanitized;
  });
  return { out, families };
}

describe('prescrub', () => {
  it.each<[string, WalkSpec]>([
    ['openai', OPENAI_SPEC],
    ['anthropic', ANTHROPIC_SPEC],
  ])('the %s walk over the memo equals the one-shot walk', async (_name, spec) => {
    const body = bigBody();
    const memo = await prescrub(body, scrubber, () => false);
    const oneShot = walkWith(body, spec);
    const ahead = walkWith(body, spec, memo);
    expect(ahead.out).toEqual(oneShot.out);
    expect(ahead.families).toEqual(oneShot.families);
    expect(JSON.stringify(ahead.out)).not.toContain(GH);
  });

  it('covers values, member names and strings inside JSON text; skips binary data', () => {
    const strings = bodyStrings({
      a: ['x', { [GH]: 1 }],
      args: '{"token": "t0k"}',
      img: PNG,
      src: { type: 'base64', media_type: 'image/png', data: 'AAAA' },
      doc: { type: 'base64', media_type: 'text/plain', data: 'dGV4dA==' },
    });
    expect([...strings]).toEqual(
      expect.arrayContaining(['x', GH, 'args', '{"token": "t0k"}', 'token', 't0k', 'dGV4dA==']),
    );
    expect(strings.has(PNG)).toBe(false);
    expect(strings.has('AAAA')).toBe(false);
  });

  it('stops when the agent hangs up', async () => {
    await expect(prescrub(bigBody(), scrubber, () => true)).rejects.toMatchObject({
      code: 'AG_ERR_PROXY_CLIENT_ABORTED',
    });
  });
});
