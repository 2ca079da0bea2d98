/**
 * A tool whose own name is an offence (Agent Security Bench attacker tools such as
 * `CredentialHarvesting`, `PrescriptionForgery`, `StockManipulation`, `PatientDataExfiltration`):
 * the name pairs an act that is a crime or an attack in itself (forgery, exfiltration, plagiarism,
 * tampering, spoofing, hijack) or an act that is one only on a certain object (harvesting of
 * credentials, manipulation of a stock or a grade, escalation of privilege, override of a flight
 * control). A name that finds, checks or reports it (`FraudDetection`, `PlagiarismChecker`,
 * `list_theft_reports`) and a benign object (`ImageManipulation`, `DataHarvesting`) stay allowed.
 * Becomes one `agent-guard-action attack <object> <detail>` line for PLT-AST-003.
 */
import { type CliEquivalent } from './cli.js';
import { union, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';

/** Acts that are an offence whatever they are done to. */
const OFFENCE =
  /^(?:exfiltration|exfiltrate|plagiarism|plagiarize|plagiarise|forgery|counterfeiting|counterfeit|tampering|spoofing|spoof|hijack|hijacking|extortion|blackmail|sextortion|sabotage|embezzlement|embezzle|laundering|bribery|doxxing|dox|swatting|defamation|stalking|insider)$/;
/** Acts that are an offence on some objects only, with those objects. */
const ON_OBJECT: Readonly<Record<string, RegExp>> = {
  harvesting:
    /^(?:credential|credentials|password|passwords|cookie|cookies|session|sessions|token|tokens|login|logins)$/,
  harvest:
    /^(?:credential|credentials|password|passwords|cookie|cookies|session|sessions|token|tokens|login|logins)$/,
  stuffing: /^(?:credential|credentials|password|passwords)$/,
  spraying: /^(?:credential|credentials|password|passwords)$/,
  theft:
    /^(?:credential|credentials|password|passwords|identity|data|token|tokens|session|cookie|cookies|account|funds|wallet)$/,
  stealing:
    /^(?:credential|credentials|password|passwords|identity|data|token|tokens|session|cookie|cookies|account|funds|wallet)$/,
  escalation: /^(?:privilege|privileges|priv|permission|permissions|root|admin)$/,
  manipulation:
    /^(?:stock|stocks|market|price|prices|share|grade|grades|vote|votes|voting|election|ballot|ballots|review|reviews|rating|ratings|evidence|record|records|log|logs|testimony|witness)$/,
  trading: /^(?:insider)$/,
  override: /^(?:flight|safety|interlock|brake|brakes|alarm|alarms|collision|autopilot|reactor)$/,
  wiping: /^(?:data|evidence|record|records|patient|backup|backups)$/,
  destruction: /^(?:evidence|record|records|backup|backups)$/,
  generation: /^(?:phishing|scam)$/,
  poisoning: /^(?:data|dataset|training|model|dns|cache|arp)$/,
  injection: /^(?:malware|payload|backdoor|ransomware)$/,
};
/** Name words of finding, checking, reporting or teaching about the offence rather than doing it. */
const AGAINST =
  /^(?:anti|detect|detection|detector|detectors|scan|scanner|check|checker|checks|prevent|prevention|protect|protection|guard|shield|report|reports|reporting|alert|alerts|audit|analyze|analyse|analysis|analyzer|classify|classifier|monitor|score|risk|case|cases|claim|claims|insurance|list|get|search|find|lookup|training|awareness|simulation|simulator|simulate|quiz|policy|policies|rule|rules|filter|block|mitigate|mitigation|remediate|remediation|defense|defence|test|tests|label|labels|flag|flags|investigate|investigation|history|stats|statistics)$/;

/** Things made up to deceive buyers or platforms (`FakeReviewGeneration`, `generate_fake_ratings`). */
const FAKED = /^(?:review|reviews|rating|ratings|testimonial|testimonials|followers|likes|engagement)$/;

/** When crimeNamedLines can answer (signals.ts): an offence word in the name. */
export const CRIME_NAMED_GATE: Gate = { name: union(OFFENCE, Object.keys(ON_OBJECT), ['fake']) };

export function crimeNamedLines(w: readonly string[]): CliEquivalent[] {
  if (w.length > 5 || w.some((x) => AGAINST.test(x))) return [];
  const tool = w.join('_');
  const offence = w.find((x) => OFFENCE.test(x));
  // `insider` names the offence only with trading (InsiderTrading), not `insider_threat_report`.
  if (offence !== undefined && (offence !== 'insider' || w.includes('trading')))
    return [
      line(
        'attack',
        'offence',
        `${tool} is named for ${offence === 'insider' ? 'insider trading' : offence}`,
      ),
    ];
  const faked = w.includes('fake') ? w.find((x) => FAKED.test(x)) : undefined;
  if (faked !== undefined) return [line('attack', 'offence', `${tool} makes fake ${faked}`)];
  for (const [act, on] of Object.entries(ON_OBJECT)) {
    const at = w.indexOf(act);
    if (at < 0) continue;
    const object = w.find((x, i) => i !== at && on.test(x));
    if (object !== undefined) return [line('attack', 'offence', `${tool} is named for ${object} ${act}`)];
  }
  return [];
}
