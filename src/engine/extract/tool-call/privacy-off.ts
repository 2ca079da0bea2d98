/**
 * A service's protection of personal data switched off by a settings call (R17 MCP: Sentry
 * `sentry:scrub_data: false` on the payments project): data scrubbing, redaction, masking or
 * anonymisation set off, or the sending of personal data (`send_default_pii`) set on, under any
 * vendor's key. From then on every event, log or recording carries what users typed. Targets named
 * dev, test or staging, and settings turned on, stay allowed. Becomes one `agent-guard-action disarm
 * privacy <detail>` line for PLT-AST-003.
 */
import { quote, type CliEquivalent } from './cli.js';
import { ACTION_PROGRAM } from './saas.js';
import { wordSet, type Gate } from './signals.js';

const READ = /^(?:get|list|read|show|describe|view|search|find|query|fetch|check)$/;
/** Key words of a setting that protects personal data (its safe value is on). */
const PROTECTS =
  /^(?:scrub|scrubbing|scrubber|scrubbers|redact|redaction|anonymize|anonymise|anonymization|anonymisation)$/;
/** `mask` protects only with what it masks (`mask_all_inputs`, `mask_pii`). */
const MASKED = /^(?:inputs?|text|data|pii|sensitive|all|fields|values|ips?|addresses)$/;
/** Key words of a setting that sends personal data (its safe value is off). */
const SENDS_PII = /^(?:send|capture|collect|include|log|store)$/;
const OFF = /^(?:false|0|off|no|disabled?|none)$/i;
const ON = /^(?:true|1|on|yes|enabled?)$/i;
/** Targets where relaxed settings are ordinary. */
const NOT_LIVE =
  /(?:^|[-_.:/ "'])(?:dev|develop|development|test|testing|staging|stage|sandbox|local|demo|qa)(?:$|[-_.:/ "'])/i;

const keyWords = (k: string): string[] =>
  k
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** The first (key, value) pair that turns a data protection off, as `key: value`. */
function offSetting(v: unknown, key: string, depth = 0): string | undefined {
  if (depth > 6) return undefined;
  if (Array.isArray(v)) {
    for (const x of v.slice(0, 64)) {
      const hit = offSetting(x, key, depth + 1);
      if (hit !== undefined) return hit;
    }
    return undefined;
  }
  if (v !== null && typeof v === 'object') {
    for (const [k, x] of Object.entries(v as Record<string, unknown>).slice(0, 128)) {
      const hit = offSetting(x, k, depth + 1);
      if (hit !== undefined) return hit;
    }
    return undefined;
  }
  if (typeof v !== 'boolean' && typeof v !== 'string' && typeof v !== 'number') return undefined;
  const value = String(v).trim();
  const w = keyWords(key);
  const protects = w.some((x) => PROTECTS.test(x)) || (w.includes('mask') && w.some((x) => MASKED.test(x)));
  if (protects && !w.some((x) => /^(?:disable|disabled|skip|no)$/.test(x)) && OFF.test(value))
    return `${key}: ${value}`;
  if (w.includes('pii') && w.some((x) => SENDS_PII.test(x)) && ON.test(value)) return `${key}: ${value}`;
  return undefined;
}

export const PRIVACY_OFF_GATE: Gate = {
  keys: wordSet(
    'scrub scrubbing scrubber scrubbers redact redaction anonymize anonymise anonymization mask pii',
  ),
  when: (s) => s.keyText.includes('scrub') || s.keyText.includes('pii') || s.keyText.includes('redact'),
};

export function privacyOffLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (w.some((x) => READ.test(x))) return [];
  const hit = offSetting(args, '');
  if (hit === undefined) return [];
  // A dev, test or staging project is where scrubbing is switched off to debug.
  const names = JSON.stringify(args).slice(0, 4096);
  if (NOT_LIVE.test(names.replace(/"[^"]*(?:scrub|redact|mask|pii)[^"]*"/gi, ''))) return [];
  return [
    {
      code: [ACTION_PROGRAM, 'disarm', quote('privacy'), quote(`${w.join('_')} ${hit}`.slice(0, 200))].join(
        ' ',
      ),
      runtime: 'bash',
    },
  ];
}
