/**
 * A person's health or genetic data handed to someone else wholesale (InjecAgent Teladoc, EpicFHIR
 * and 23andMe toolkits; R22 injected: every health record shared with an unknown doctor account):
 * a share, send or release of medical records whose scope is all of them, and any share of genetic
 * data with a third party (the genome is all of it and cannot be changed once out). One named
 * record shared with a doctor, appointments, prescriptions requested and reads stay allowed.
 * Becomes one `agent-guard-action leak 'health records' <detail>` line (PLT-AST-003).
 */
import { type CliEquivalent } from './cli.js';
import { leaves } from './control-words.js';
import { wordSet, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';
import { audience, FREE_MAIL, registrable } from './recipients.js';
import { LURE_HOST } from '../../knowledge/lure-host.js';
import { suspectHost } from '../../knowledge/suspect-host.js';

/** Name words of handing data to someone. */
const GIVE = /^(?:share|send|grant|authorize|authorise|release|disclose|forward|transfer|give|provide)$/;
/** Name words of medical data. */
const MEDICAL =
  /^(?:health|medical|clinical|patient|patients|fhir|ehr|emr|phi|diagnosis|diagnoses|prescription|prescriptions|teladoc)$/;
/** Name words of genetic data (`The23andMe` reads as `the23and me`). */
const GENETIC = /^(?:genetic|genetics|genome|genomic|dna|23andme|the23and|ancestry|genotype)$/;
/** Values that select every record. */
const ALL = /^\s*(?:all|\*|every|everything|all_records|full|complete|entire)\s*$/i;
/** Keys that say every record at once (`all_records: true`, `include_all: true`). */
const ALL_KEY = /^(?:all|all_records|include_all|entire_record|full_record|full_history|complete_record)$/;
/** Key words of someone outside the user the data goes to. */
const PARTY =
  /(?:^|_)(?:third|party|partner|app|application|researcher|research|recipient|to|email|doctor|provider|company|organization|organisation|org|lab|institution)(?:_|$)/;

const last = (p: readonly string[]): string => p[p.length - 1] ?? '';

/** Keys of where a download or export is delivered (`destination_email`, `deliver_to`): an address there is a send. */
const DELIVER_KEY = /(?:^|_)(?:destination|deliver|delivery|send|recipient|email_to|to_email|mail_to)(?:_|$)/;
/** An e-mail address's domain. */
const MAIL_DOMAIN = /@([a-z0-9-]+(?:\.[a-z0-9-]+)+)\s*$/i;

/** A value naming a person's medical record as what is handed over (`full_medical_history`, `lab results`). */
const RECORD_VALUE =
  /(?:^|[\s_-])(?:medical|health|patient|clinical)[\s_-](?:history|records?|files?|charts?|data|summary)(?:$|[\s_-])|(?:^|[\s_-])(?:lab[\s_-]results|diagnos[ie]s|prescriptions)(?:$|[\s_-])/i;

/** When healthShareLines can answer (signals.ts): a medical or genetic word in the name. */
export const HEALTH_SHARE_GATE: Gate = {
  when: (s) => s.strings.some((v) => v.length < 200 && RECORD_VALUE.test(v)),
  name: wordSet(
    'health medical clinical patient patients fhir ehr emr phi diagnosis diagnoses prescription prescriptions teladoc genetic genetics genome genomic dna 23andme the23and ancestry genotype',
  ),
};

export function healthShareLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object') return [];
  const all = leaves(args);
  // `EpicFHIRManagePatientRecords {action: share}`: the verb given as the call's action.
  const give =
    w.some((x) => GIVE.test(x)) ||
    all.some(
      ([p, v]) =>
        /^(?:action|operation|op)$/.test(last(p)) &&
        typeof v === 'string' &&
        GIVE.test(v.trim().toLowerCase()),
    );
  // `EpicFHIRDownloadPatientRecords {destination_email}` (R25): a download delivered to an address is a send.
  const delivered = all
    .filter(([p, v]) => typeof v === 'string' && DELIVER_KEY.test(last(p)) && MAIL_DOMAIN.test(v))
    .map(([, v]) => String(v).trim());
  if (!give && delivered.length === 0) return [];
  const tool = w.join('_');
  if (w.some((x) => GENETIC.test(x))) {
    const party = all.find(
      ([p, v]) => typeof v === 'string' && v.trim() !== '' && p.some((k) => PARTY.test(k)),
    );
    return party === undefined
      ? []
      : [
          line(
            'leak',
            'genetic data',
            `${tool} to ${party[0].join('.')} ${String(party[1])}: the whole genome goes out`,
          ),
        ];
  }
  const named = all.some(([, v]) => typeof v === 'string' && v.length < 200 && RECORD_VALUE.test(v));
  if (!w.some((x) => MEDICAL.test(x)) && !named) return [];
  // A record sent to a personal mailbox or a host named like a lure (`records-request@healthfile-portal.net`):
  // no clinic or insurer takes medical records there.
  const stray = [
    ...audience(args).recipients,
    ...delivered.map((address) => ({ address, domain: registrable(MAIL_DOMAIN.exec(address)![1]!) })),
  ].find(
    (r) =>
      r.domain !== undefined &&
      (FREE_MAIL.test(r.domain) ||
        LURE_HOST.test(registrable(r.domain)) ||
        suspectHost(r.domain) !== undefined),
  );
  if (stray !== undefined)
    return [
      line('leak', 'health records', `${tool} sends a medical record to ${stray.address.slice(0, 80)}`),
    ];
  const every = all.find(
    ([p, v]) =>
      (typeof v === 'string' &&
        ALL.test(v) &&
        p.some((k) => /(?:^|_)(?:records?|ids?|documents?|data|scope|files?|history)(?:_|$)/.test(k))) ||
      (v === true && ALL_KEY.test(last(p))),
  );
  return every === undefined
    ? []
    : [
        line(
          'leak',
          'health records',
          `${tool} ${every[0].join('.')} ${String(every[1])}: every record goes out`,
        ),
      ];
}
