/**
 * The table of CLI commands, in the order `agent-guard --help` lists them. A command's module (and
 * everything it imports: the server, the engine's parsers) loads only when that command runs, so
 * `--help`, `--version` and the light commands start without paying for the heavy ones.
 */
import type { CliCommand } from '../command.js';

export interface CommandEntry {
  readonly name: string;
  /** One line for `agent-guard --help`. */
  readonly summary: string;
  load(): Promise<CliCommand>;
}

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'serve',
    summary: 'Run the HTTP API and the sidecar proxy (default 127.0.0.1:8787)',
    load: async () => (await import('./serve.js')).serveCommand,
  },
  {
    name: 'validate',
    summary: 'Evaluate a command (or a JSON-lines stream of them) and print the decision',
    load: async () => (await import('./validate.js')).validateCommand,
  },
  {
    name: 'explain',
    summary: 'Show why a command is allowed or denied: facts, rules that matched, policy exceptions',
    load: async () => (await import('./explain.js')).explainCommand,
  },
  {
    name: 'sanitize',
    summary: 'Scrub credentials from text (file, stdin or JSON lines) and print the result',
    load: async () => (await import('./sanitize.js')).sanitizeCommand,
  },
  {
    name: 'exec',
    summary: 'Check a command, then run it (blocked: message on stderr, exit 126)',
    load: async () => (await import('./exec.js')).execCommand,
  },
  {
    name: 'hook',
    summary: 'Pre-tool-use hook for coding agents (claude-code, gemini-cli): JSON on stdin, decision out',
    load: async () => (await import('./hook.js')).hookCommand,
  },
  {
    name: 'verify',
    summary: 'Verify a signed receipt or a response body offline',
    load: async () => (await import('./verify.js')).verifyCommand,
  },
  {
    name: 'keygen',
    summary: 'Generate an Ed25519 receipt-signing key',
    load: async () => (await import('./keygen.js')).keygenCommand,
  },
  {
    name: 'passkey',
    summary: 'Issue and list agent passports (nhi:<prefix>:ed25519:<key>) in the passkey file',
    load: async () => (await import('./passkey.js')).passkeyCommand,
  },
  {
    name: 'inject',
    summary: 'Serve the Kubernetes sidecar-injection webhook (HTTPS)',
    load: async () => (await import('./inject.js')).injectCommand,
  },
];
