/**
 * The local passkey file: the passports an operator has issued (`agent-guard passkey issue`), each
 * with its public key and the tools it may call. Only public material lives here; private keys go
 * to separate 0600 files. The server re-reads the file when its modification time changes.
 */
import { readFileSync, statSync } from 'node:fs';
import { z } from 'zod';
import { AgentGuardError } from '../errors.js';

export const PASSPORT_PATTERN = /^nhi:([A-Za-z0-9._-]{1,64}):ed25519:([0-9a-fA-F]{64})$/;
export const PREFIX_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

const entrySchema = z
  .object({
    prefix: z.string().regex(PREFIX_PATTERN),
    public_key: z.string().regex(/^[0-9a-f]{64}$/),
    passport: z.string().regex(PASSPORT_PATTERN),
    tools: z.array(z.string().min(1).max(256)),
    created: z.string(),
  })
  .strict();

export const passkeyFileSchema = z
  .object({ version: z.literal(1), passports: z.array(entrySchema) })
  .strict();

export type PasskeyEntry = z.infer<typeof entrySchema>;
export type PasskeyFile = z.infer<typeof passkeyFileSchema>;

export function passportOf(prefix: string, publicKeyHex: string): string {
  return `nhi:${prefix}:ed25519:${publicKeyHex.toLowerCase()}`;
}

export function parsePassport(value: string): { prefix: string; publicKeyHex: string } | null {
  const m = PASSPORT_PATTERN.exec(value);
  return m && m[1] && m[2] ? { prefix: m[1], publicKeyHex: m[2].toLowerCase() } : null;
}

export function readPasskeyFile(path: string): PasskeyFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { version: 1, passports: [] };
    throw new AgentGuardError('AG_ERR_PASSKEY_FILE_INVALID', { path, reason: code ?? 'unreadable' });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AgentGuardError('AG_ERR_PASSKEY_FILE_INVALID', { path, reason: 'not valid JSON' });
  }
  const parsed = passkeyFileSchema.safeParse(json);
  if (!parsed.success) {
    const reason = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new AgentGuardError('AG_ERR_PASSKEY_FILE_INVALID', { path, reason });
  }
  for (const p of parsed.data.passports) {
    if (p.passport !== passportOf(p.prefix, p.public_key)) {
      throw new AgentGuardError('AG_ERR_PASSKEY_FILE_INVALID', {
        path,
        reason: `passport of prefix "${p.prefix}" does not match its prefix and public key`,
      });
    }
  }
  return parsed.data;
}

/** Passports by their `nhi:` string, refreshed when the file changes (checked at most once a second). */
export class PasskeyRegistry {
  readonly #path: string | undefined;
  readonly #now: () => number;
  #byPassport = new Map<string, PasskeyEntry>();
  #mtimeMs = -1;
  #checkedMs = -Infinity;

  constructor(path: string | undefined, options: { now?: () => number } = {}) {
    this.#path = path;
    this.#now = options.now ?? Date.now;
    this.#refresh(true);
  }

  get size(): number {
    return this.#byPassport.size;
  }

  lookup(passport: string): PasskeyEntry | undefined {
    this.#refresh(false);
    const parsed = parsePassport(passport);
    return parsed ? this.#byPassport.get(passportOf(parsed.prefix, parsed.publicKeyHex)) : undefined;
  }

  #refresh(force: boolean): void {
    if (!this.#path) return;
    const now = this.#now();
    if (!force && now - this.#checkedMs < 1000) return;
    this.#checkedMs = now;
    let mtimeMs = 0;
    try {
      mtimeMs = statSync(this.#path).mtimeMs;
    } catch {
      mtimeMs = 0;
    }
    if (!force && mtimeMs === this.#mtimeMs) return;
    try {
      const file = readPasskeyFile(this.#path);
      this.#byPassport = new Map(file.passports.map((p) => [p.passport, p]));
      this.#mtimeMs = mtimeMs;
    } catch (err) {
      // At start a broken file is fatal; later, keep the last good set rather than open or close everything.
      if (force) throw err;
    }
  }
}
