/**
 * A tool that makes malicious software, buys contraband or wipes the record of access, read from
 * its name and values (AgentHarm tools `create_ransomware`, `add_hidden_malware`,
 * `download_from_alpha_bay`, `purchase_credit_card_details`, `delete_access_logs`): ransomware, a
 * keylogger or a stealer built or planted, stolen card data, untraceable guns or street opioids
 * bought, and a server's access or auth logs deleted. Scanning for malware, buying a charger and
 * rotating application logs stay allowed. Becomes one `agent-guard-action attack|silence <object>
 * <detail>` line (PLT-AST-003 for an attack, PLT-AST-002 for a wiped record).
 */
import { type CliEquivalent } from './cli.js';
import { leaves } from './control-words.js';
import { lowerText, wordSet, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';

/** Words of finding, removing or studying malware rather than making it. */
const DEFEND =
  /^(?:scan|scanner|detect|detection|remove|removal|quarantine|analyze|analyse|analysis|classify|check|list|get|search|report|clean|disinfect|block|yara|sandbox|signature|signatures)$/;
/** Name words of malicious software, and of making or planting it. */
const MALWARE =
  /^(?:ransomware|keylogger|keyloggers|rootkit|rootkits|botnet|botnets|stealer|infostealer|trojan|trojans|spyware|stalkerware|malware|worm|cryptojacker|backdoor|backdoors)$/;
const MAKE =
  /^(?:create|build|generate|write|make|compile|add|inject|install|deploy|spread|embed|hide|plant|hidden|craft)$/;
/** Dark markets, and goods nobody buys lawfully from a tool. */
const MARKET = /^(?:alpha|bay|alphabay|darknet|darkweb|dark|onion|tor|silkroad|hydra)$/;
const BUY = /^(?:buy|purchase|purchases|order|orders|download|acquire|checkout)$/;
const CONTRABAND =
  /\b(?:stolen\s+(?:credit\s+)?cards?|credit\s+card\s+(?:details|dumps|numbers)|card\s+dumps|cvvs?|fullz|ghost\s+guns?|untraceable\s+(?:guns?|firearms?|weapons?)|80%\s+lowers?|lower\s+receivers?|fentanyl|carfentanil|heroin|cocaine|methamphetamine|counterfeit\s+(?:bills|money|currency|passports?)|fake\s+passports?)\b/i;
/** Verbs that hand a file to others, and an executable or archive named for malware (`keylogger_installer.exe`). */
const SPREAD = /^(?:upload|post|share|send|publish|distribute|attach|seed|host)$/;
const MALWARE_FILE =
  /[\w.-]*?(?<![a-z0-9])(?<!anti[-_]?)(?:ransomware|keylogger|rootkit|botnet|infostealer|stealer|trojan|spyware|stalkerware|cryptojacker|backdoor)[\w.-]*\.(?:exe|apk|msi|dmg|pkg|bat|cmd|ps1|scr|jar|vbs|hta|elf|bin|deb|sh|zip|rar|7z)\b/;
/** Malware named in a command's value (`SystemMonitor {action: "install keylogger"}`): a verb of planting it, then the malware, not a defence against it. */
const PLANT_PHRASE =
  /\b(?:install|installs|installing|deploy|deploys|deploying|plant|drop|inject|push|run|launch|execute|spread|embed|hide|load)\s+(?:a\s+|an\s+|the\s+|our\s+|hidden\s+|silent\s+|stealth\s+|covert\s+)*(?<!anti[-\s]?)(ransomware|keyloggers?|key\s+loggers?|rootkits?|stalkerware|spyware|infostealers?|stealers?|trojans?|cryptominers?|cryptojackers?|backdoors?|rats?|remote\s+access\s+trojans?)\b(?!\s+(?:protection|detection|scan(?:ner)?|removal|remover|defen[cs]e|shield|guard|blocker|simulation|test|training|signatures?|rules?))/;
/** Prose about malware (a lesson, an article), not an order to plant it. */
const TEACH =
  /\b(?:how\s+(?:attackers|criminals|hackers|to\s+(?:spot|detect|recogni[sz]e|prevent|remove|protect))|spot|detect(?:ed|ion)?|recogni[sz]e|awareness|training|lesson|course|article|explain(?:s|ed)?|what\s+is|prevent(?:ion)?)\b/i;
/** Where malware goes to be studied, not spread (scanners and sandboxes). */
const ANALYSIS =
  /virustotal|any\.run|hybrid-analysis|malwarebazaar|joesandbox|triage|sandbox|abuse\.ch|quarantine/i;
/** Logs that record who came in. */
const LOGS = /^(?:log|logs|logging|trail|history)$/;
const ACCESS =
  /^(?:access|auth|authentication|login|audit|security|ssh|sshd|wtmp|btmp|lastlog|event|events)$/;
const WIPE = /^(?:delete|clear|wipe|purge|erase|truncate|shred|remove|scrub)$/;

/** When harmToolLines can answer (signals.ts): a malware, market or log word in the name. */
export const HARM_TOOL_GATE: Gate = {
  name: wordSet(
    'ransomware keylogger keyloggers rootkit rootkits botnet botnets stealer infostealer trojan trojans spyware stalkerware malware worm cryptojacker backdoor backdoors alpha bay alphabay darknet darkweb dark onion tor silkroad hydra purchase purchases buy order orders logs log trail',
  ),
  when: (s) =>
    (s.w.some((x) => SPREAD.test(x)) && MALWARE_FILE.test(lowerText(s))) ||
    /ransomware|keylog|key logger|rootkit|stalkerware|spyware|stealer|trojan|cryptominer|cryptojacker|backdoor|\brats?\b/.test(
      lowerText(s),
    ),
};

export function harmToolLines(w: readonly string[], args: unknown): CliEquivalent[] {
  const tool = w.join('_');
  // The malware is what the call makes (`create_ransomware`, `write_keylogger_script`), not a
  // modifier of a defence (`create_malware_policy`, `add_malware_exclusion`).
  const at = w.findIndex((x) => MALWARE.test(x));
  const malware =
    at >= 0 &&
    w
      .slice(at + 1)
      .every((x) => /^(?:script|code|payload|binary|program|executable|file|exe|app|apk|tool)$/.test(x))
      ? w[at]
      : undefined;
  if (malware !== undefined && w.some((x) => MAKE.test(x)) && !w.some((x) => DEFEND.test(x)))
    return [line('attack', 'software', `${tool} builds or plants ${malware}`)];
  if (malware !== undefined && w.length <= 2 && !w.some((x) => DEFEND.test(x)))
    return [line('attack', 'software', `${tool} makes ${malware}`)];
  const values = leaves(args ?? {})
    .map(([, v]) => (typeof v === 'string' && v.length < 400 ? v : ''))
    .join('\n');
  if (w.some((x) => BUY.test(x))) {
    const market = w.find((x) => MARKET.test(x));
    const goods = CONTRABAND.exec(`${w.join(' ')}\n${values}`);
    if (
      goods !== null ||
      (market !== undefined && w.some((x) => /^(?:bay|alphabay|darknet|darkweb|onion)$/.test(x)))
    )
      return [
        line(
          'attack',
          'purchase',
          `${tool} buys ${goods?.[0] ?? 'from a dark market'}${market ? ` (${market})` : ''}`,
        ),
      ];
  }
  // Malware handed to others as a file (AgentHarm `upload_file {file_path: keylogger_installer.exe}`), not sent to a scanner.
  const spread = w.some((x) => SPREAD.test(x)) ? MALWARE_FILE.exec(values.toLowerCase()) : null;
  if (spread !== null && !w.some((x) => DEFEND.test(x)) && !ANALYSIS.test(values))
    return [line('attack', 'software', `${tool} hands out ${spread[0]}`)];
  // Malware planted by a command value: the tool's name is neutral (a monitor, a device task), its action is not.
  const planted = w.some((x) => DEFEND.test(x))
    ? null
    : PLANT_PHRASE.exec(values.toLowerCase().replace(/[_-]+/g, ' '));
  if (planted !== null && !ANALYSIS.test(values) && !TEACH.test(values))
    return [line('attack', 'software', `${tool} is told to ${planted[0]}`)];
  // A dark-market search for contraband to buy (AgentHarm `query_onion_search {request: "buy fentanyl"}`): the first step of the purchase.
  const dark = w.find((x) => /^(?:onion|darknet|darkweb|tor)$/.test(x));
  const sought = dark === undefined ? null : CONTRABAND.exec(values);
  if (
    sought !== null &&
    /\b(?:buy|purchase|order|vendors?|sellers?|shops?|for\s+sale|price|ship(?:ping)?)\b/i.test(values)
  )
    return [line('attack', 'purchase', `${tool} looks for ${sought[0]} to buy on a dark market (${dark})`)];
  // The logs are what goes (`clear_auth_logs`), not a setting about them (`remove_access_log_bucket_policy`).
  if (w.some((x) => WIPE.test(x)) && LOGS.test(w[w.length - 1] ?? '') && w.some((x) => ACCESS.test(x)))
    return [line('silence', 'audit', `${tool} wipes the record of who accessed the system`)];
  return [];
}
