/**
 * Resources a program made, or tagged as its own run, in the same input (R17 false positives): a
 * CI script terminating the instances its listing narrowed to one run's tag (`tag:ci-run` = 8812,
 * `tag:env` = test), or scheduling the deletion of the KMS key it has just created. The id the
 * delete takes comes from that listing or that create (a variable, never a literal id), and no
 * listing of the account's other resources is in the input.
 */
import type { ExecFact } from '../facts.js';
import { ephemeralOnly } from '../knowledge/ephemeral-names.js';

/** A tag filter of an EC2-style listing: `"Name": "tag:KEY", "Values": [...]` (python or node spelling). */
const TAG_FILTER = /["']?Name["']?\s*:\s*["']tag:([\w.:/+-]+)["']\s*,\s*["']?Values["']?\s*:\s*\[([^\]]*)\]/g;

/** Whether a filter argument narrows to one test run's tag (its key or its values name the run, none production). */
function runTag(filters: string): boolean {
  TAG_FILTER.lastIndex = 0;
  for (let m = TAG_FILTER.exec(filters); m !== null; m = TAG_FILTER.exec(filters)) {
    const values = [...m[2]!.matchAll(/["']([^"']*)["']/g)].map((v) => v[1]!);
    if (values.length > 0 && ephemeralOnly([m[1]!, ...values])) return true;
  }
  return false;
}

const fromCode = (e: ExecFact): boolean => e.program === 'aws' && (e.via === 'python' || e.via === 'node');

/**
 * Code whose every listing of `service` resources (`describe-instances`) is narrowed by a tag filter
 * naming one test run: the ids it hands a delete are that run's own.
 */
export function runTaggedListing(execs: Iterable<ExecFact>, service: string): boolean {
  let listed = false;
  for (const e of execs) {
    if (e.program !== 'aws' || e.argv[1] !== service || !/^(?:describe|list)-/.test(e.argv[2] ?? ''))
      continue;
    const at = e.argv.indexOf('--filters');
    if (!fromCode(e) || at < 0 || !runTag(e.argv[at + 1] ?? '')) return false;
    listed = true;
  }
  return listed;
}

/**
 * Code that created a `service` resource (`kms create-key`) and lists none of the account's others:
 * a delete by a variable id acts on what it made.
 */
export function madeInInput(execs: Iterable<ExecFact>, service: string): boolean {
  let made = false;
  for (const e of execs) {
    if (e.program !== 'aws' || e.argv[1] !== service) continue;
    if (/^(?:list|describe)-/.test(e.argv[2] ?? '') && e.argv[2] !== 'describe-key') return false;
    if (/^create-/.test(e.argv[2] ?? '') && fromCode(e)) made = true;
  }
  return made;
}

/** The ids an operation takes are all variables (an id the program read from a listing or a create). */
export const variableIds = (ids: readonly string[]): boolean =>
  ids.length > 0 && ids.every((id) => /^\$\w+$/.test(id));
