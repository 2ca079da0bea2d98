/**
 * SSH keys an image build puts into an authorized_keys file from the Dockerfile's own text or from
 * the network (r6: `echo "ssh-ed25519 AAAA... ops@x-collect" >> /root/.ssh/authorized_keys` with sshd
 * started): whoever holds that key logs into every container run from the image. A key copied from
 * the build context or a build argument (`COPY id.pub ...`, `echo "$SSH_PUBKEY" >> ...`) is the
 * builder's own and stays allowed.
 */

/** A public key written out in full (`ssh-ed25519 AAAA...`, `ecdsa-sha2-nistp256 AAAA...`). */
const LITERAL_KEY =
  /\b(?:ssh-(?:rsa|dss|ed25519)|ecdsa-sha2-[\w-]+|sk-(?:ssh-ed25519|ecdsa-sha2-[\w-]+)@openssh\.com)\s+AAAA[A-Za-z0-9+/]/;

/** An authorized_keys file (sshd's AuthorizedKeysFile, either name). */
export const AUTHORIZED_KEYS = /(?:^|\/)authorized_keys2?$/;

/** Fetched from the network into a file in the same command (`curl URL >> ...`, `wget -O ...`). */
const FETCHED =
  /\b(?:curl|wget)\b[^;&|\n]*https?:\/\/[^;&|\n]*authorized_keys|authorized_keys[^;&|\n]*\b(?:curl|wget)\b/;

/** Whether code (a RUN line with its variables, a heredoc) writes such a key into authorized_keys. */
export function plantsKey(code: string): boolean {
  if (code.length > 65536 || !code.includes('authorized_keys')) return false;
  return (
    LITERAL_KEY.test(code) ||
    FETCHED.test(code) ||
    (/\|\s*(?:sudo\s+)?tee\b[^;&|\n]*authorized_keys/.test(code) && /\b(?:curl|wget)\b/.test(code))
  );
}

/** Whether a file body (a `COPY <<EOF` heredoc) holds a public key written out in full. */
export function holdsLiteralKey(body: string): boolean {
  return body.length <= 65536 && LITERAL_KEY.test(body);
}
