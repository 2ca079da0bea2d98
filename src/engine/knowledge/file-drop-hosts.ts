/**
 * Anonymous file-drop and paste hosts (transfer.sh, file.io, 0x0.st, catbox, pastebin): whatever is
 * uploaded there is served to anyone holding the link, with no account of the owner's behind it.
 * Data that lands there has left its owner (red team r14: a customers export to transfer.sh, a
 * production backup to file.io).
 */

const DROP_HOST =
  /(?:^|\.)(?:transfer\.sh|file\.io|0x0\.st|catbox\.moe|tmpfiles\.org|temp\.sh|bashupload\.com|oshi\.at|gofile\.io|anonfiles\.com|anonfile\.com|pixeldrain\.com|uguu\.se|filebin\.net|ufile\.io|keep\.sh|sendspace\.com|mediafire\.com|wetransfer\.com|we\.tl|pastebin\.com|paste\.ee|hastebin\.com|termbin\.com|ix\.io|sprunge\.us|dpaste\.(?:org|com)|paste\.rs|rentry\.co|justpaste\.it|controlc\.com|privatebin\.net|mega\.nz|mega\.io)$/i;

/** Whether a URL's host is an anonymous file-drop or paste host. */
export function fileDropUrl(url: string): boolean {
  const m = /^(?:https?:\/\/)?([^/?#:\s]+)/i.exec(url.trim());
  return m !== null && DROP_HOST.test(m[1]!);
}

/**
 * Request-capture and tunnel hosts (webhook.site, requestbin, pipedream, ngrok, interactsh): whatever
 * is sent there is read by whoever made the endpoint, not by a service of the sender's.
 */
const CAPTURE_HOST =
  /(?:^|\.)(?:webhook\.site|requestbin\.(?:com|net|io)|pipedream\.net|m\.pipedream\.net|hookbin\.com|beeceptor\.com|requestcatcher\.com|mockbin\.org|postb\.in|ngrok\.io|ngrok-free\.app|ngrok\.app|ngrok\.dev|trycloudflare\.com|loca\.lt|serveo\.net|localhost\.run|interact\.sh|oast\.(?:pro|live|site|online|fun|me)|burpcollaborator\.net|canarytokens\.com|dnslog\.cn|ceye\.io|requestrepo\.com|webhook\.cool|typedwebhook\.tools)$/i;

/** Whether a host is a request-capture or tunnel endpoint. */
export function captureHost(host: string): boolean {
  return CAPTURE_HOST.test(host.trim().replace(/\.$/, ''));
}
