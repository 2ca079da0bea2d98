/**
 * A Docker or compose secret (/run/secrets/<name>) handed to a client's sign-in: a login call's
 * arguments (`ftp.login(user, open('/run/secrets/ftp_pw').read())`) or a credential-named keyword
 * or option field (`password=`, `privateKey:`). That read is marked as a sign-in, so SEC-AST-001
 * sees the container's own secret used as meant (R19 FP); a secret printed, written or sent as
 * data is judged as before, and where the client connects stays SEC-AST-010's.
 */
import type { FileOpFact } from '../../facts.js';
import { isDockerSecret } from '../../paths.js';
import type { Collector } from './collector.js';
import { deepSources, type Val } from './value.js';

/** Calls that sign a client in with what they are given. */
const LOGIN_METHOD = /^(?:login|auth|authenticate|connect|bind|sign_?in|log_?in)$/i;
/** Argument and field names that hold a sign-in secret. */
const CREDENTIAL_NAME =
  /passw|^pwd$|^pass$|private_?key|^pkey$|passphrase|token|secret|api_?key|credential|^auth$/i;

/** Marks the latest unmarked read of each Docker secret this call signs in with. */
export function markSecretLogins(
  col: Collector,
  method: string | undefined,
  args: readonly Val[],
  kw: ReadonlyMap<string, Val>,
): void {
  const used: Val[] = [];
  if (method !== undefined && LOGIN_METHOD.test(method)) used.push(...args);
  for (const [k, v] of kw) if (CREDENTIAL_NAME.test(k)) used.push(v);
  for (const a of args) for (const [k, v] of a.fields ?? []) if (CREDENTIAL_NAME.test(k)) used.push(v);
  for (const v of used)
    for (const s of deepSources(v)) if (s.kind === 'file' && isDockerSecret(s.path)) markSignIn(col, s.path);
}

/** Marks the latest unmarked read of the Docker secret at `path` as a sign-in (also request-auth.ts). */
export function markSignIn(col: Collector, path: string): void {
  for (let i = col.facts.length - 1; i >= 0; i--) {
    const f = col.facts[i]!;
    if (f.kind !== 'file' || f.op !== 'read' || f.path !== path || f.use !== undefined) continue;
    col.facts[i] = { ...f, use: 'sign-in' } satisfies FileOpFact;
    break;
  }
}
