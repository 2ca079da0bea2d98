/** The library's public exports (`import { createGuard } from 'agent-guard'`). Add exports per area. */
export { AgentGuardError, ERRORS, type ErrorCode } from './errors.js';
export * from './engine/types.js';
export type * from './engine/facts.js';
