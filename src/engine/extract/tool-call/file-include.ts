/**
 * A file pulled into what a tool sends by a placeholder the tool or its shell fills in (red team
 * r16 secret-send): `$(cat ~/.aws/credentials)` in a Slack message, `{{file:/home/u/.ssh/id_rsa}}`
 * in an http_post body, `${file("~/.kube/config")}`, `<%= File.read(".env") %>`. Whoever receives
 * the message gets the file. The call becomes the line it amounts to (`curl --data-binary @PATH URL`
 * where it names a URL, else `cat PATH`), so the shell rules judge the file and the host as they do
 * for a typed command: a credential store leaks, a build log or report stays allowed.
 */
import { quote, type CliEquivalent } from './cli.js';
import type { Gate } from './signals.js';

/** Name words of tools that put text in front of someone else (mail, chat, posts, requests). */
const SENDS = new Set(
  'send email mail gmail outlook sms text message messages post posts publish tweet reply forward comment dm chat notify notification gist paste snippet issue note share slack teams discord telegram whatsapp webhook http https request fetch curl api rest upload'.split(
    ' ',
  ),
);
const READ = /^(?:get|list|read|search|show|describe|view|draft|preview|render|lint|count)$/;

/** A path as a placeholder names it: absolute, home-relative or relative with a directory or dotfile. */
const PATH = String.raw`((?:~|\$HOME|\$\{HOME\})?\/[^\s"'\x60)}>|;&]{1,300}|\.{1,2}\/[^\s"'\x60)}>|;&]{1,300}|\.[\w-][^\s"'\x60)}>|;&]{0,300})`;
/**
 * Placeholders that stand for a file's bytes: a shell substitution of a reader (`$(cat P)`,
 * `$(< P)`, `` `base64 P` ``) and template functions (`{{file:P}}`, `{{ readFile "P" }}`,
 * `${file("P")}`, `<%= File.read("P") %>`, `{% include "P" %}`, `@file(P)`).
 */
const INCLUDE = new RegExp(
  String.raw`(?:\$\(|\x60)\s*(?:(?:cat|base64|head|tail|xxd|od|gzip\s+-c|zcat|openssl\s+base64\s+-in)\s+(?:-\S+\s+)*|<\s*)["']?` +
    PATH +
    String.raw`|(?:\{\{|\{%|<%=?|\$\{|@)\s*[\w.]*(?:file|File|include|read|Read|load|contents|open)\w*\s*(?::|\(|\s)\s*["']?` +
    PATH,
  'gi',
);

/** Keys whose value is where the text goes. */
const DEST_KEY =
  /^(?:url|uri|endpoint|webhook|webhook_url|hook|hook_url|channel|target|target_url|destination|to|callback|callback_url)$/i;

/** Every (key, string) pair under the arguments, bounded. */
function strings(v: unknown, key: string, out: [string, string][], depth = 0): void {
  if (depth > 6 || out.length > 256) return;
  if (typeof v === 'string') out.push([key, v]);
  else if (Array.isArray(v)) for (const x of v.slice(0, 64)) strings(x, key, out, depth + 1);
  else if (v !== null && typeof v === 'object')
    for (const [k, x] of Object.entries(v as Record<string, unknown>).slice(0, 64))
      strings(x, k, out, depth + 1);
}

/** What fileIncludeLines reads: a sending name and a placeholder's opening in some value (signals.ts). */
export const FILE_INCLUDE_GATE: Gate = {
  when: (s) =>
    s.name.some((x) => SENDS.has(x)) &&
    s.strings.some((x) => /\$\(|\x60|\{\{|\{%|<%|\$\{|@/.test(x) && x.length <= 65536),
};

export function fileIncludeLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (!w.some((x) => SENDS.has(x)) || w.some((x) => READ.test(x))) return [];
  const all: [string, string][] = [];
  strings(args, '', all);
  const paths: string[] = [];
  for (const [, v] of all) {
    if (v.length > 65536) continue;
    // A curl-style `@path` as the whole text: the tool sends the file in its place.
    const at = /^@((?:~|\.{1,2})?\/[^\s;|&<>]{1,300})$/.exec(v.trim());
    if (at !== null && !paths.includes(at[1]!)) paths.push(at[1]!);
    for (const m of v.matchAll(INCLUDE)) {
      const p = (m[1] ?? m[2])!.replace(/^\$\{?HOME\}?/, '~').replace(/["']+$/, '');
      if (!paths.includes(p)) paths.push(p);
      if (paths.length >= 4) break;
    }
  }
  if (paths.length === 0) return [];
  const url = all.find(([k, v]) => DEST_KEY.test(k) && /^https?:\/\/[^\s]+$/i.test(v.trim()))?.[1].trim();
  return paths.map((p) => ({
    code: url === undefined ? `cat ${quote(p)}` : `curl --data-binary ${quote(`@${p}`)} ${quote(url)}`,
    runtime: 'bash' as const,
  }));
}
