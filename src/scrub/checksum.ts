/**
 * Checksums some token formats embed: CRC32 (IEEE) as GitHub's `ghp_`-style tokens use it, encoded
 * in base62 (https://github.blog/2021-04-05-behind-githubs-new-authentication-token-formats/).
 */

const TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** CRC32 of an ASCII string (token bodies are ASCII; other code units are truncated to 8 bits). */
export function crc32(text: string): number {
  let crc = 0xffffffff;
  for (let i = 0; i < text.length; i++) crc = TABLE[(crc ^ text.charCodeAt(i)) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const B62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function base62(n: number, width: number): string {
  let s = '';
  let v = n >>> 0;
  while (v > 0) {
    s = B62[v % 62] + s;
    v = Math.floor(v / 62);
  }
  return s.padStart(width, '0');
}

/** `ghp_` + 30 random base62 characters + 6-character base62 CRC32 of those 30. */
export function githubChecksumValid(token: string): boolean {
  const underscore = token.indexOf('_');
  const rest = token.slice(underscore + 1);
  if (rest.length !== 36) return false;
  return base62(crc32(rest.slice(0, 30)), 6) === rest.slice(30);
}
