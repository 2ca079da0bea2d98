import { describe, expect, it } from 'vitest';
import { problemFor } from '../../src/http/problem.js';
import { AgentGuardError, ERRORS, type ErrorCode } from '../../src/errors.js';

// Codes an HTTP client can receive from /api/v1 or a proxy route carry a documented type URN, so
// clients can branch on `type` (RFC 9457 section 3.1.1) rather than on the title.
// Start-up errors of the auth configuration never reach a client.
const STARTUP_ONLY = new Set<ErrorCode>(['AG_ERR_AUTH_DISABLED_NON_LOOPBACK', 'AG_ERR_AUTH_KEYS_INVALID']);
const HTTP_FACING = (Object.keys(ERRORS) as ErrorCode[]).filter(
  (code) => /^AG_ERR_(API|AUTH|INPUT|PROXY)_/.test(code) && !STARTUP_ONLY.has(code),
);

describe('problem types', () => {
  it.each(HTTP_FACING)('%s has a problem type', (code) => {
    const { problem, status } = problemFor(new AgentGuardError(code, {}));
    expect(problem.type).toMatch(/^urn:agent-guard:problem:[a-z-]+$/);
    expect(status).toBe(ERRORS[code].status);
    expect(problem.code).toBe(code);
  });
});
