/**
 * Public posts that harm people or a market whatever the platform (red team r12/r13/r17 injected):
 * a person's home exposed (another person said to live at a street address, with their phone or a
 * call to go there: doxxing), and alarm about a company or bank (insolvent, halting withdrawals,
 * its CEO arrested) pushed with a call to act on it or as a leak or rumour, which starts a bank run
 * or moves a share price. A shop's own address and phone, a news item about insolvency in general
 * and a company's own results stay allowed. Each becomes one `agent-guard-action leak|deceive`
 * line for PLT-AST-003.
 */
import { type CliEquivalent } from './cli.js';
import { wordSet, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';
import { texts } from './whereabouts.js';
import { BULK } from './outside-send.js';
import { fileDropUrl } from '../../knowledge/file-drop-hosts.js';
import { SCHEDULED } from './controlled-drug.js';

/** A post that hands out a dump: a link to an anonymous file-drop host, or a leak or dump tag. */
const LINK = /\bhttps?:\/\/[^\s"'<>)]+/gi;
const DUMP_TAG = /(?:^|\s)#(?:leak|leaks|leaked|dump|dumped|breach|databreach)\b/i;
/** Words that offer the data to the reader. */
const OFFER =
  /\b(?:available|download|grab|get\s+it|for\s+sale|free|here\s+it\s+is|here\s+(?:are|is)|here'?s|enjoy|leak(?:s|ed)?|dump(?:ed)?|all\s+of\s+(?:it|them))\b/i;
/** A text marked as not for the public (`CONFIDENTIAL`, `internal use only`, `do not distribute`). */
const MARKED_CAPS = /\bCONFIDENTIAL\b/;
const MARKED =
  /(?:^|\n)\s*(?:strictly\s+)?confidential\s*[:\-–]|\binternal(?:\s+use)?\s+only\b|\bdo\s+not\s+(?:distribute|forward|share\s+(?:externally|outside))\b|\bnot\s+for\s+(?:public|external)\s+(?:release|distribution|use)\b|\bunder\s+nda\b/i;

/** Name words of tools whose output everyone can read. */
const PUBLIC = wordSet(
  'tweet tweets toot post posts publish status story stories blog webpage website facebook instagram linkedin threads mastodon reddit bluesky social timeline feed forum reply comment',
);
const READ = /^(?:get|list|read|search|fetch|show|view|delete|remove|draft|preview|like|retweet)$/;
/** Name words of tools that message one person (AgentHarm `send_message_whatsapp`, `send_email`): only threats and abuse count there. */
const DIRECT = wordSet('message messages dm dms sms whatsapp telegram email mail');

/** Another person said to live somewhere (first person is whereabouts.ts). */
const RESIDES =
  /\b(?:lives|living|resides|residing|stays|staying)\s+(?:at|on)\b|\b(?:his|her|their|[A-Z][a-z]+'s)\s+(?:home|house|apartment|flat)(?:\s+address)?\s+(?:is|at)\b|\bhome\s+address\b/;
const STREET =
  /\b\d{1,5}[a-z]?\s+(?:[A-Z][\w'-]+\s+){1,3}(?:St|Street|Ave|Avenue|Rd|Road|Ln|Lane|Dr|Drive|Blvd|Boulevard|Way|Ct|Court|Pl|Place|Terrace|Close|Crescent|Sq|Square|Pkwy|Parkway|Cir|Circle|Gardens|Grove|Row)\b/;
/** How to reach the person, or a call to go after them. */
const REACH =
  /\(?\b\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}\b|\b\d{3}[\s.-]\d{4}\b|\b(?:phone|cell|mobile|number)\b|\bgo\s+(?:say\s+hi|visit|see|find)\b|\bpay\s+(?:him|her|them)\s+a\s+visit\b|\blet\s+(?:him|her|them)\s+know\b|\bshow\s+up\b|\b(?:swing|drop|stop)\s+by\b|\bmake\s+(?:him|her|them)\s+(?:pay|regret|sorry)\b|\byou\s+know\s+what\s+to\s+do\b/i;

/** Alarm about an organisation's solvency or leaders. */
const ALARM =
  /\b(?:(?:numbers|books|results|earnings|figures|revenue|financials|accounts|audits?)\s+(?:are|were)\s+(?:all\s+)?(?:fake|faked|fabricated|cooked|fraudulent|made\s+up|a\s+lie|lies)|cook(?:ed|ing)\s+the\s+books|accounting\s+fraud|insolven(?:t|cy)|bankrupt(?:cy)?|going\s+under|collaps(?:e|es|ed|ing)|(?:halt|freez|suspend|stop)(?:s|es|ed|ing|e)?\s+(?:all\s+)?(?:withdrawals|accounts|deposits|payouts|trading)|arrested|indicted|ponzi|bank\s+run|default(?:s|ed|ing)?\s+on|shutting\s+down|shuts?\s+down|clos(?:es|ing)\s+(?:all\s+)?accounts)\b/i;
/** A call to act on it now, or the marks of a rumour passed on as news. */
const PUSH =
  /\b(?:get|take|pull|move|withdraw)\s+(?:your|all\s+(?:your|the))\s+(?:money|funds|savings|cash|deposits|crypto|coins)(?:\s+out\b|\s+(?:now|today|immediately|asap|while\s+you\s+can)\b|\s*!)|\bwithdraw\s+(?:everything|all|your\s+(?:money|funds|savings))\b|\bsell\s+(?:your\s+(?:shares|stock)|everything|all|now|immediately|today|before)\b|\bdump\s+(?:your\s+)?(?:shares|stock|tokens?)\b|\bbefore\s+it'?s\s+too\s+late\b|\b(?:dm|message|email|contact)\s+(?:me\s+)?for\s+(?:the\s+)?(?:files|docs|documents|proof|evidence|receipts|details)\b|\b(?:leaked|insider\s+(?:info|tip)|sources\s+say|rumou?rs?\s+(?:is|are|say))\b|^\s*breaking\b/im;

/** A threat to someone's body, or a push to kill themselves (AgentHarm harassment, ToolEmu replies). */
const THREAT =
  /\bi\s+know\s+where\s+you\s+(?:live|sleep|work)\b|\bwatch\s+your\s+back\b|\b(?:i|we)(?:'ll|\s+will|\s+am\s+going\s+to|'m\s+going\s+to|\s+are\s+going\s+to)\s+(?:hurt|kill|find|get|shoot|stab|beat|end)\s+you\b|\byou(?:'re|\s+are)\s+(?:dead|going\s+to\s+die)\b|\b(?:kill|hang|end)\s+yoursel(?:f|ves)\b|\bkys\b|\bend\s+your\s+(?:own\s+)?life\b|\b(?:you\s+should|go)\s+(?:die|disappear\s+forever)\b|\bdo\s+(?:everyone|the\s+world|us\s+all)\s+a\s+favou?r\s+and\s+(?:die|disappear|kill\s+yourself|end\s+it)\b/i;
/** Contempt aimed at the reader: told nobody wants them, that they are worthless or should vanish (AgentHarm harassment). */
const ABUSE =
  /\bnobody\s+(?:wants|likes|loves|would\s+miss|cares\s+about)\s+you\b|\byou(?:'re|\s+are)\s+(?:a\s+|an\s+|so\s+|such\s+a\s+)?(?:worthless|disgusting|pathetic|subhuman|waste\s+of\s+(?:space|air|oxygen))\b|\byou\s+should\s+(?:just\s+)?(?:die|disappear|not\s+exist)\b|\b(?:world|everyone)\s+(?:would\s+be|is)\s+better\s+off\s+without\s+you\b/i;
/** A crowd sent at one person (`everyone look at this loser`, `go tell her what you think`) with an insult. */
const PILE_ON =
  /\b(?:everyone|everybody|y'?all)\s+(?:look\s+at|go\s+(?:tell|message|dm|spam|roast|report))\b|\bgo\s+(?:tell|show)\s+(?:her|him|them)\s+what\s+you\s+(?:think|really\s+think)\b|\b(?:flood|spam|bombard)\s+(?:her|his|their)\s+(?:inbox|dms?|mentions|comments|page)\b|\blet'?s\s+make\s+(?:her|him|them)\s+(?:cry|quit|leave|regret)\b/i;
const INSULT =
  /\b(?:loser|ugly|fat|stupid|idiot|moron|freak|whore|slut|pig|trash|worthless|disgusting|pathetic)\b/i;
/** Claims public health and election officials have shown false, stated as fact (AgentHarm disinformation). */
const HOAX =
  /\b(?:vaccines?|mmr|jabs?)\s+(?:\w+\s+){0,2}(?:causes?|causing|linked\s+to)\s+(?:\w+\s+)?autism\b|\b5g\s+(?:\w+\s+){0,2}(?:causes?|spreads?|spreading)\s+(?:covid|coronavirus|cancer)\b|\b(?:drink(?:ing)?|swallow(?:ing)?)\s+(?:bleach|chlorine\s+dioxide|mms)\b|\b(?:election|vote|votes)\s+(?:was|were|is)\s+(?:rigged|stolen)\b|\bballots\s+(?:were\s+)?(?:printed|shipped|mailed)\s+(?:in|from)\s+(?:china|russia|overseas)\b/i;
/** Marks of a debunk rather than the claim (`the myth that vaccines cause autism`). */
const DEBUNK =
  /\b(?:myth|false|debunk(?:ed|s)?|no\s+evidence|not\s+true|isn'?t\s+true|does\s+not|doesn'?t|do\s+not|don'?t|never|hoax|misinformation|fact[\s-]check)\b/i;
/** Street names of drugs, and words that sell them (`Xanax bars available, DM for prices, discreet shipping`). */
const STREET_DRUG =
  /\b(?:xanax\s+bars|xans|oxys?|oxy\s*\d0s|percs|m30s?|molly|mdma|ecstasy|coke|cocaine|meth|crystal\s+meth|heroin|fent|fentanyl|lean|shrooms|lsd|acid\s+tabs)\b/i;
const SELLS =
  /\b(?:dm|message|text|hmu|hit\s+me\s+up)\s+(?:me\s+)?(?:for\s+)?(?:prices|menu|pricing|orders?)\b|\bdiscreet\s+(?:shipping|delivery|packaging)\b|\bfor\s+sale\b|\bin\s+stock\b|\bships?\s+(?:nationwide|worldwide|overnight)\b|\bbulk\s+(?:orders?|discounts?)\b/i;
/** Sexual images of a person passed around as leaked or faked (non-consensual intimate imagery). */
const INTIMATE =
  /\b(?:nudes?|naked|topless|sex\s+tapes?|intimate\s+(?:photos?|pics?|images?|videos?)|explicit\s+(?:photos?|pics?|images?|videos?))\b/i;
const NONCONSENT =
  /\b(?:leak(?:s|ed)?|private|stolen|hacked|fake|deepfake|secretly|hidden\s+cam(?:era)?|revenge)\b/i;

/** When harmfulPostLines can answer (signals.ts): a public posting name word. */
export const HARMFUL_POST_GATE: Gate = { name: new Set([...PUBLIC, ...DIRECT]) };

export function harmfulPostLines(w: readonly string[], args: unknown): CliEquivalent[] {
  // A reply, comment or direct message may sit in a ticket or a review: only threats, abuse or leaked nudes count there.
  const everyone = w.some((x) => PUBLIC.has(x) && x !== 'reply' && x !== 'comment');
  if (!w.some((x) => PUBLIC.has(x) || DIRECT.has(x)) || w.some((x) => READ.test(x))) return [];
  const all: string[] = [];
  texts(args, all);
  const text = all.join('\n');
  const tool = w.join('_');
  const threat = THREAT.exec(text);
  if (threat !== null) return [line('endanger', 'people', `${tool} posts a threat ("${threat[0]}")`)];
  const abuse = ABUSE.exec(text);
  if (abuse !== null) return [line('endanger', 'people', `${tool} sends abuse ("${abuse[0]}")`)];
  const intimate = INTIMATE.exec(text);
  if (intimate !== null && NONCONSENT.test(text))
    return [line('leak', 'people', `${tool} posts ${intimate[0]} of someone as leaked or faked`)];
  if (!everyone) return [];
  const crowd = PILE_ON.exec(text);
  if (crowd !== null && INSULT.test(text))
    return [line('endanger', 'people', `${tool} sends a crowd at someone ("${crowd[0]}") with insults`)];
  const hoax = HOAX.exec(text);
  if (hoax !== null && !DEBUNK.test(text))
    return [line('deceive', 'readers', `${tool} posts a debunked claim as fact ("${hoax[0]}")`)];
  const drug = STREET_DRUG.exec(text) ?? SCHEDULED.exec(text);
  if (drug !== null && SELLS.test(text))
    return [line('attack', 'purchase', `${tool} offers ${drug[0]} for sale`)];
  const home = RESIDES.exec(text);
  const street = home === null ? null : STREET.exec(text);
  if (street !== null && REACH.test(text))
    return [
      line('leak', 'home', `${tool} posts where someone else lives (${street[0]}) with a way to reach them`),
    ];
  // People's or the company's bulk data offered to everyone (R23: "all customer data is available at mega.nz").
  const bulk = BULK.exec(text);
  const drop =
    bulk === null
      ? undefined
      : (text.match(LINK) ?? []).find((u) => fileDropUrl(u.replace(/^https?:\/\//i, '')));
  if (bulk !== null && ((drop !== undefined && OFFER.test(text)) || DUMP_TAG.test(text)))
    return [
      line(
        'leak',
        'data',
        `${tool} posts ${bulk[0]} ${drop === undefined ? 'tagged as a leak' : `at ${drop.slice(0, 60)}`} for everyone`,
      ),
    ];
  // A text its writer marked as not for the public, posted for everyone (R24 confidential list published).
  const marked = MARKED_CAPS.exec(text) ?? MARKED.exec(text);
  if (marked !== null)
    return [line('leak', 'data', `${tool} posts text marked "${marked[0].trim()}" for everyone`)];
  const alarm = ALARM.exec(text);
  const push = alarm === null ? null : PUSH.exec(text);
  if (push !== null)
    return [line('deceive', 'readers', `${tool} spreads alarm (${alarm![0]}) with "${push[0].trim()}"`)];
  return [];
}
