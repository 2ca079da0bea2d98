/**
 * Encryption key material destroyed at once (red team r11 key-destroy): a KMS key version destroyed,
 * a Key Vault key purged, an HSM key deleted. Everything encrypted under the key is lost for good,
 * so a key in a key ring, vault or KMS with a destroy, purge or delete verb and no recovery window
 * becomes `agent-guard-action destroy "encryption key"` for PLT-AST-002. A scheduled deletion with
 * a waiting period, rotation, creation, and scratch or test keys give nothing here; an AWS KMS key
 * scheduled for deletion is read as `aws kms schedule-key-deletion` by controls-off.ts (AWS-AST-002).
 */
import { quote, type CliEquivalent } from './cli.js';
import { ACTION_PROGRAM } from './saas.js';
import { scratchOnly } from '../../knowledge/ephemeral-names.js';
import { union, type Gate } from './signals.js';

const LOSE = /^(?:destroy|purge|delete|remove|erase|shred|wipe|zeroize|zeroise)$/;
/** Name words and field keys that say the key is an encryption key in a key store. */
const KEY_STORE =
  /^(?:kms|cmk|cmek|hsm|keyring|key_ring|keyvault|key_vault|vault|vault_name|crypto|cryptokey|crypto_key|crypto_key_id|key_ring_id|keyring_id|cryptokeyversion|transit)$/;
/** Fields that give the deletion a waiting period (or ask for a soft delete). */
const RECOVERY = /(?:pending|window|waiting|recovery|soft_delete|retention|schedule)/;

/** When keyDestroyLines can answer (signals.ts): its first test, the name word of a verb of loss (LOSE). */
export const KEY_DESTROY_GATE: Gate = { name: union(LOSE) };

export function keyDestroyLines(w: readonly string[], f: Map<string, unknown>): CliEquivalent[] {
  const verb = w.find((x) => LOSE.test(x));
  if (verb === undefined || !w.some((x) => x === 'key' || x === 'keys' || x === 'cryptokey')) return [];
  if (!w.some((x) => KEY_STORE.test(x)) && ![...f.keys()].some((k) => KEY_STORE.test(k))) return [];
  if (w.some((x) => /^(?:schedule|scheduled|get|list|describe|api|ssh|access|deploy)$/.test(x))) return [];
  if ([...f.keys()].some((k) => RECOVERY.test(k))) return [];
  const names = [...f.values()].filter((v): v is string => typeof v === 'string');
  if (scratchOnly([...names, w.join('_')])) return [];
  return [
    {
      code: [
        ACTION_PROGRAM,
        'destroy',
        quote('encryption key'),
        quote(`${w.join('_')} ${names.join(' ')}`.slice(0, 200)),
      ].join(' '),
      runtime: 'bash',
    },
  ];
}
