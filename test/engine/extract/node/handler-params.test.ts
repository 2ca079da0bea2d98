/**
 * Request handlers found by their shape (src/engine/extract/node/handler-params.ts): the parameter
 * holding the client's request, or none for ordinary functions.
 */
import { describe, expect, it } from 'vitest';
import { requestParam } from '../../../../src/engine/extract/node/handler-params.js';

describe('requestParam', () => {
  it.each([
    ['(req, res)', undefined, '', 'req'],
    ['(request: NextApiRequest, response)', undefined, '', 'request'],
    ['(ctx, next)', undefined, '', 'ctx'],
    ['(event, context)', undefined, '', 'event'],
    ['(request)', 'POST', '', 'request'],
    ['(req)', undefined, 'export const GET = async ', 'req'],
    ['(a, b)', undefined, '', undefined],
    ['(request)', 'fetchUser', '', undefined],
    ['(event)', undefined, 'el.onclick = ', undefined],
  ])('%s %s %s -> %s', (params, name, before, want) => {
    expect(requestParam(params, name, before)).toBe(want);
  });
});
