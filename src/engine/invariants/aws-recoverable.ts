/**
 * aws operations that AWS-AST-001 would call a loss but that lose nothing for good (R14 FPs): a
 * non-production service scaled to zero (scaled back up at will), a secret deleted with a recovery
 * window (restore-secret brings it back), an IAM user's inactive or one named access key
 * deleted (key hygiene: the user keeps its other keys and can be given new ones), and a Glue
 * table's partition index or column statistics dropped (derived from data that stays).
 */
import { PRODUCTION, disposableOnly } from '../knowledge/ephemeral-names.js';
import { optionValue } from './aws-settings.js';

/** The values of the options that name what a scaling operation acts on. */
const SCALE_TARGETS = ['--cluster', '--service', '--auto-scaling-group-name'];

/** An access key id as AWS prints it. */
const ACCESS_KEY_ID = /^(?:AKIA|ASIA)[A-Z0-9]{12,}$/;

/**
 * Whether `service operation args` loses nothing for good. `inactiveSweep`: the input is code that
 * compares a key's status with 'Inactive', so a per-key delete over a listing keeps the live keys.
 */
export function recoverableChange(
  service: string,
  operation: string,
  args: readonly string[],
  inactiveSweep: boolean,
): boolean {
  switch (`${service} ${operation}`) {
    case 'ecs update-service':
    case 'autoscaling update-auto-scaling-group': {
      // Scaling to zero stops tasks and keeps the service; on a staging or test copy that is routine.
      const names = SCALE_TARGETS.map((o) => optionValue(args, o)).filter(
        (v): v is string => v !== undefined,
      );
      return names.length > 0 && disposableOnly(names);
    }
    case 'secretsmanager delete-secret': {
      const days = Number(optionValue(args, '--recovery-window-in-days'));
      const id = optionValue(args, '--secret-id') ?? '';
      return (
        Number.isInteger(days) &&
        days >= 7 &&
        !args.includes('--force-delete-without-recovery') &&
        id !== '' &&
        !PRODUCTION.test(id)
      );
    }
    case 'iam delete-access-key': {
      const key = optionValue(args, '--access-key-id') ?? '';
      return ACCESS_KEY_ID.test(key) || (inactiveSweep && /^\$\w+$/.test(key));
    }
    // An index or statistics over a table that stays (CDK's partition-index handler on stack delete):
    // rebuilt from the data at will, nothing of the data goes.
    case 'glue delete-partition-index':
    case 'glue delete-column-statistics-for-table':
    case 'glue delete-column-statistics-for-partition':
      return true;
    default:
      return false;
  }
}
