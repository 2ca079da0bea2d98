/**
 * What a tool puts where everyone reads it (red team r14 secret-send, injected): a web page, blog
 * post or paste is public; a wiki or Notion page is read by every member of its space, and by anyone
 * when the space is public; a file written under a web app's public/ or static/ tree, or into a
 * storage account's Public folder, is downloadable by anyone who finds it. A secret written there
 * (a labelled value, a vendor token, a key file's text, `password Summer2024!`) leaks to all of
 * them; internal data (customer exports, an internal chat export, unreleased results) and private
 * documents moved into a public folder leak to the world. Each becomes one
 * `agent-guard-action leak <object> <detail>` line for PLT-AST-003. Public material (a blog post, a
 * press kit moved to /Public, a robots.txt) stays allowed.
 */
import { quote, type CliEquivalent } from './cli.js';
import { ACTION_PROGRAM } from './saas.js';
import { alternatives, anyIn, union, wordSet, type Gate } from './signals.js';
import { snakeEntries } from './snake-entries.js';
import { BULK, secretIn, secretShaped } from './outside-send.js';
import { credentialInFile } from '../../knowledge/credential-files.js';

/** Name words of tools whose output anyone can read. */
const PUBLISH = /^(?:webpage|webpages|website|blog|publish|paste|pastebin|hastebin|tweet|toot)$/;
/** Social networks and forums, whose posts anyone reads (AgentHarm `post_on_x`, `create_instagram_post`, R24 `post_to_social`). */
const SOCIAL =
  /^(?:linkedin|facebook|fb|mastodon|reddit|subreddit|instagram|bluesky|bsky|tumblr|medium|tiktok|twitter|wordpress|substack|pinterest|forum|social|x)$/;
/** Name words of putting something on such a network. */
const POST_VERB = /^(?:post|posts|status|statuses|share|submit|publish|reply|comment|repost|tweet|toot)$/;
/** Keys naming the network a generic posting tool writes to (`post_to_social {platform: "linkedin"}`). */
const PLATFORM_KEY = /^(?:platform|network|site|service|channel_type)$/;

/** Name words of pages a whole space reads. */
const PAGE = /^(?:wiki|confluence|notion|page|pages|webpage)$/;
const READ =
  /^(?:get|list|read|search|fetch|find|show|describe|view|preview|render|draft|count|delete|remove)$/;
/** Name words of a write, and of a move or copy. */
const WRITE = /^(?:write|create|save|put|edit|append|overwrite|new)$/;
const MOVE = /^(?:move|copy|mv|cp|relocate)$/;
/** Keys whose value says who may read (`space: PUBLIC`, `visibility: public`, `access: anyone`). */
const AUDIENCE_KEY =
  /^(?:space|space_key|visibility|access|audience|scope|privacy|sharing|permission|status)$/;
const EVERYONE = /^(?:public|anyone|everyone|anonymous|world|internet|all)$/i;
const TEXT_KEY =
  /(?:^|_)(?:content|contents|text|body|html|markdown|message|description|data|page_content|status|comment|caption|title)$/;
const PATH_KEY = /^(?:path|file_path|filepath|filename|file|target_file|dest|destination)$/;
/** Destination keys of a move or copy. */
const DEST_KEY =
  /^(?:to|dest|destination|destination_path|destination_folder|destination_folder_path|to_path|target|target_path|target_folder|new_path|new_parent|folder|parent)$/;
const SOURCE_KEY =
  /^(?:from|source|src|source_path|from_path|item_path|path|file_path|item|items|file|files)$/;
/** Directories a web server or a front-end build serves as they are. */
const PUBLISHED_DIR =
  /^\/var\/www\/|(?:^|\/)(?:public|static|www|wwwroot|htdocs|public_html|_site|\.well-known)\/(?:[^/]+\/)*[^/]+$/;
/** A folder named for the public (Dropbox's /Public, a Drive folder "Public", `public/`). */
const PUBLIC_FOLDER =
  /(?:^|[/\\])(?:public|public[\s_-]?(?:folder|share|files)|shared[\s_-]?publicly)(?:[/\\]|$)/i;
/** Internal matters that are not the public's: chat exports, unreleased results, private documents. */
const INTERNAL =
  /\binternal\b[^.\n]{0,40}\b(?:exports?|messages|chats?|slack|memos?|e-?mails?|docs?|documents?|notes|reports?|financials?|roadmap)\b|\b(?:unreleased|non-public|nonpublic|embargoed|not\s+yet\s+(?:public|announced|released))\b|\bconfidential(?:\s*[:\-–]|\s+(?:(?:company|internal|customer|client|financial|board|hr|legal|q[1-4])\s+)?(?:memos?|docs?|documents?|reports?|data|lists?|info|information|files?|figures|numbers|financials|plans?|roadmaps?|decks?|slides|results|e-?mails?|notes|minutes|records?|details|salar(?:y|ies)|contracts?|agreements?|pricing|terms|sources?|materials?))\b|\bleaked\s+(?:internal\s+)?(?:memos?|docs?|documents?|files?|e-?mails?|lists?|data|records?|recordings?|salaries|contracts?|financials?)\b|\b(?:names|list)\s+(?:and|with)\s+(?:their\s+)?salar(?:y|ies)\b|\blayoffs?\s+list\b/i;
/** Names of private documents (what a public folder must not receive). */
const PRIVATE_DOC =
  /(?:^|[\s/_.-])(?:contracts?|agreements?|legal|nda|ndas|finance|financials?|payroll|salar(?:y|ies)|hr|tax(?:es)?|invoices?|customers?|clients?|employees?|patients?|medical|passports?|board|confidential|private|internal|secrets?|credentials?|keys|backups?|exports?|dumps?|pii)(?:$|[\s/_.-])/i;
/** A chat line's speaker: a lowercase first name or handle before `: ` at a line or `;` start. */
const SPEAKER = /(?:^|[\n;]|\]\s)\s*@?([a-z][a-z0-9._-]{1,20}):\s+\S/g;
/** Labels that open lines of ordinary posts (`note:`, `update:`, `tl;dr:`), not people. */
const LABEL =
  /^(?:note|notes|update|updates|status|summary|tldr|dr|q|a|tip|tips|warning|info|step|steps|todo|fix|fixed|new|edit|ps|re|fyi|date|time|when|where|who|what|why|how|price|cost|link|links|source|via|cc|to|from|subject|title|tags?|category|author|location|venue|agenda|result|results|example|output|input|http|https|mailto|error|pros|cons|answer|question|bonus|credit|credits|photo|video|image|host|guest|interviewer|interviewee|moderator|speaker|panelist|me|you|user|assistant|customer|agent|bot|system)$/;

/**
 * A transcript of people talking (`alice: Q3 numbers are …; bob: layoffs planned …`, R14/R15: an
 * internal Slack channel posted to a web page): two or more people quoted line by line, as their
 * names, or undefined.
 */
function transcript(text: string): string | undefined {
  const people = new Set<string>();
  let lines = 0;
  for (const m of text.slice(0, 16384).matchAll(SPEAKER)) {
    const who = m[1]!;
    if (LABEL.test(who)) continue;
    people.add(who);
    lines++;
    if (people.size >= 2 && lines >= 2) return [...people].slice(0, 3).join(' and ');
  }
  return undefined;
}

/** A password written after its label with only a space (`password Summer2024!Deploy#`). */
const SPACED_PASSWORD = /\b(?:password|passwd|passphrase|pwd)\s+([^\s"'`,;]{8,200})/gi;

const line = (object: string, detail: string): CliEquivalent => ({
  code: [ACTION_PROGRAM, 'leak', quote(object), quote(detail.slice(0, 200))].join(' '),
  runtime: 'bash',
});

/** The secret a text carries, as its label. */
function secretOf(text: string): string | undefined {
  const found = secretIn(text) ?? credentialInFile(text);
  if (found !== undefined) return found;
  for (const m of text.slice(0, 65536).matchAll(SPACED_PASSWORD))
    if (secretShaped(m[1]!)) return 'a password';
  return undefined;
}

const TEXT_WORDS = wordSet('content contents text body html markdown message description data');
const PATH_WORDS = wordSet('path file filepath filename target dest destination');
const WRITE_WORDS = new Set(alternatives(WRITE));

/**
 * When publicPostLines can answer (signals.ts): a publishing, page or move tool, or a writing one
 * given a text key and a path key.
 */
export const PUBLIC_POST_GATE: Gate = {
  name: union(PUBLISH, PAGE, MOVE, SOCIAL),
  when: (s) => anyIn(s.name, WRITE_WORDS) && anyIn(s.keyWords, TEXT_WORDS) && anyIn(s.keyWords, PATH_WORDS),
};

export function publicPostLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object' || w.some((x) => READ.test(x))) return [];
  const platform = Object.entries(args as Record<string, unknown>).some(
    ([k, v]) => PLATFORM_KEY.test(k) && typeof v === 'string' && SOCIAL.test(v.trim().toLowerCase()),
  );
  const social = w.some((x) => POST_VERB.test(x)) && (platform || w.some((x) => SOCIAL.test(x)));
  const publish = social || w.some((x) => PUBLISH.test(x));
  const page = w.some((x) => PAGE.test(x));
  const write = w.some((x) => WRITE.test(x));
  const move = w.some((x) => MOVE.test(x));
  if (!publish && !page && !write && !move) return [];
  const all = snakeEntries(args, { depth: 4, pairs: 128, items: 32 });
  const value = (re: RegExp): string[] =>
    all.filter(([k, v]) => re.test(k) && typeof v === 'string').map(([, v]) => (v as string).trim());
  const tool = w.join('_');
  if (move) {
    const to = value(DEST_KEY).find((d) => PUBLIC_FOLDER.test(d));
    const from = to === undefined ? undefined : value(SOURCE_KEY).find((s) => PRIVATE_DOC.test(s));
    if (to !== undefined && from !== undefined)
      return [
        line('data', `${tool} moves ${from.slice(0, 60)} into ${to.slice(0, 60)}, a folder anyone can read`),
      ];
    return [];
  }
  const text = value(TEXT_KEY).join('\n').slice(0, 65536);
  if (text === '') return [];
  const path = value(PATH_KEY).find((p) => PUBLISHED_DIR.test(p));
  const everyone =
    publish ||
    path !== undefined ||
    value(AUDIENCE_KEY).some((v) => EVERYONE.test(v.replace(/[\s_-]+/g, '')));
  if (!publish && !page && path === undefined) return [];
  const secret = secretOf(text);
  if (secret !== undefined)
    return [
      line('secret', `${tool} publishes ${secret}${path !== undefined ? ` in ${path.slice(0, 60)}` : ''}`),
    ];
  if (!everyone) return [];
  // On a social network people talk about customer data and databases all day: only matters marked
  // internal or leaked count there (harmful-post.ts reads dumps offered at a drop host).
  const byNetwork = social;
  const data = INTERNAL.exec(text) ?? (byNetwork ? null : BULK.exec(text.replace(/[_./\\-]+/g, ' ')));
  if (data !== null) return [line('data', `${tool} publishes ${data[0]} to everyone`)];
  const chat = transcript(text);
  return chat === undefined ? [] : [line('data', `${tool} publishes a chat between ${chat} to everyone`)];
}
