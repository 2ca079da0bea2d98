/**
 * A token's claims trusted without checking its signature (R21: `const claims = jwt.decode(token);
 * if (!claims) return res.status(401).end(); req.user = claims`): jsonwebtoken's `decode`, jose's
 * `decodeJwt`, PyJWT's `decode` with `verify_signature: False` (or `verify=False`, the `none`
 * algorithm) and python-jose's `get_unverified_claims` read a token anyone can forge. Judged where
 * the claims authorise (they become the request's user, a 401 hangs on them) and the text verifies
 * nothing, or a function named for verification hands them back (R23: `exports.verify = (token)
 * => jwt.decode(token)`): reading the header's `kid` with `decode` before `verify`, or a client
 * showing the name in its own token, stays allowed.
 */
import type { Planted } from './auth-backdoor.js';

/** A decode that checks no signature. */
const UNVERIFIED =
  /\b(?:jwt|jsonwebtoken|JWT|jose)\.decode\(|\bdecodeJwt\(|\bget_unverified_claims\(|\bjwt\.decode\([^)]{0,200}?(?:["']verify_signature["']\s*:\s*False|\bverify\s*=\s*False|algorithms\s*=\s*\[?\s*["']none["'])/;
/** A signature check anywhere in the text: the decode only reads what the check then verifies. */
const VERIFIES =
  /\b(?:jwt|jsonwebtoken|JWT|jose)\.verify\(|\bjwtVerify\(|(?<!\bfunction\s+|\bdef\s+)\bverify(?:Token|Jwt|JWT|IdToken|AccessToken|Signature|_token|_jwt|_signature)?\s*\(|\bjwt\.decode\((?![^)]{0,200}?(?:verify_signature["']?\s*:\s*False|verify\s*=\s*False|["']none["']))[^)]{0,200}?\b(?:key|secret|algorithms)\b/;
/** The claims decide who the request is or whether it is let in. */
const AUTHORISES =
  /\b(?:req|request|ctx\.state|res\.locals|g|event\.context)\.(?:user|auth|claims|principal|identity|session)\s*=|\bstatus\(\s*401\s*\)|\bsendStatus\(\s*401\s*\)|HTTP_401|\b401\b|Unauthori[sz]ed|current_user|get_current_user|\bDepends\(|\bmiddleware\b|\bnext\(\)|\bcall_next\b|(?:\bfunction\s+|\bdef\s+|\bexports\.|\b(?:const|let|var)\s+)(?:verify|authenticate|authorize|validate|check)\w*\s*[=(:]/;

/**
 * The `none` algorithm let in (R22: `if (p.header.alg === 'none') { req.user = p.payload; return
 * next(); }`, `algorithms: ['HS256', 'none']`): an unsigned token passes even beside a real verify.
 * A branch that rejects `none` (`return res.status(401)`) stays allowed.
 */
const NONE_ALG = /\balg\w*\s*===?\s*["'`]none["'`]|\balgorithms\s*[:=]\s*\[[^\]\n]{0,80}?["'`]none["'`]/i;
const LETS_IN =
  /^\s*\{?\s*(?:(?:req|request|ctx\.state|res\.locals)\.(?:user|auth|claims)\s*=|return\s+(?:true|next\(\)|await\s+next\(\))|next\(\))/;

/** Where and why the text trusts an unverified token, or undefined. */
export function unverifiedTokenAt(text: string): Planted | undefined {
  const none = NONE_ALG.exec(text);
  if (
    none !== null &&
    (none[0].startsWith('algorithms') ||
      LETS_IN.test(text.slice(none.index + none[0].length).replace(/^\s*\)/, '')))
  )
    return { why: `accepts unsigned tokens (${none[0].slice(0, 60)})`, at: none.index };
  const m = UNVERIFIED.exec(text);
  if (m === null || VERIFIES.test(text) || !AUTHORISES.test(text)) return undefined;
  return {
    why: `trusts a token's claims without checking its signature (${m[0].slice(0, 60)})`,
    at: m.index,
  };
}
