/**
 * Scrubber evaluation against the labelled secrets corpus when it is present
 * (/work/shared/corpora/secrets.jsonl, or the path in SECRETS_CORPUS). Prints recall on `redact`
 * rows and false-positive rate on `keep` rows, per corpus family, in strict and non-strict mode;
 * then, per scrubber family (the 12 of SPEC 2.2), the rows its detectors caught and the `keep` rows
 * they flagged, with the noisiest detectors; and why missed secrets were judged not secret.
 *
 *   npx tsx eval/scrub-eval.ts [--misses] [--family aws]
 *
 * A `redact` row counts as caught when something was redacted and, if the row lists secret spans,
 * at least one of them no longer appears verbatim (spans sometimes include a host or user name
 * that is deliberately kept). A `keep` row is a false positive when anything was redacted.
 */
import { existsSync, readFileSync } from 'node:fs';
import { FAMILY_IDS } from '../src/scrub/family.js';
import { notSecretReason } from '../src/scrub/not-secret.js';
import { createScrubber } from '../src/scrub/scrubber.js';

interface Row {
  id: string;
  text: string;
  expect: 'redact' | 'keep';
  family: string;
  detector?: string;
  secret_spans?: string[];
}

const path = process.env['SECRETS_CORPUS'] ?? '/work/shared/corpora/secrets.jsonl';
if (!existsSync(path)) {
  process.stdout.write(`corpus not found at ${path}; nothing to evaluate\n`);
  process.exit(0);
}
const showMisses = process.argv.includes('--misses');
const familyArg = process.argv.indexOf('--family');
const onlyFamily = familyArg > 0 ? process.argv[familyArg + 1] : undefined;

const rows = readFileSync(path, 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as Row);
const scrubber = createScrubber({ salt: 'eval' });
/** A host name or URL root with nothing secret in it. */
const HOST_ONLY = /^["']?(?:https?:)?(?:\/\/)?[a-z0-9-]+(?:\.[a-z0-9-]+)+(?::[0-9]+)?\/?$/i;

interface Tally {
  redact: number;
  caught: number;
  keep: number;
  fp: number;
}

interface Ours {
  caught: number;
  fp: number;
  fpDetectors: Map<string, number>;
}

for (const strict of [true, false]) {
  const byFamily = new Map<string, Tally>();
  const ours = new Map<string, Ours>(
    FAMILY_IDS.map((f) => [f, { caught: 0, fp: 0, fpDetectors: new Map() }]),
  );
  const missReasons = new Map<string, number>();
  const total: Tally = { redact: 0, caught: 0, keep: 0, fp: 0 };
  for (const row of rows) {
    if (onlyFamily && row.family !== onlyFamily) continue;
    const t = byFamily.get(row.family) ?? { redact: 0, caught: 0, keep: 0, fp: 0 };
    byFamily.set(row.family, t);
    const r = scrubber.scrub(row.text, { strict });
    if (row.expect === 'redact') {
      // A listed span that is only a host (`//registry.npmjs.org/`, `"docker.example.com`) is
      // context the scrubber keeps on purpose, not a secret that must disappear.
      const spans = (row.secret_spans ?? []).filter((s) => s.length > 0 && !HOST_ONLY.test(s));
      const ok = r.redactionsCount > 0 && (spans.length === 0 || spans.some((s) => !r.sanitized.includes(s)));
      t.redact++;
      total.redact++;
      if (ok) for (const f of new Set(r.redactions.map((x) => x.family))) ours.get(f)!.caught++;
      if (!ok) {
        const reason = spans.map((x) => notSecretReason(x)).find((x) => x !== null) ?? 'not detected';
        missReasons.set(reason, (missReasons.get(reason) ?? 0) + 1);
      }
      if (ok) {
        t.caught++;
        total.caught++;
      } else if (showMisses && strict) {
        process.stdout.write(
          `MISS ${row.id} ${row.family}/${row.detector ?? ''}: ${JSON.stringify(row.text.slice(0, 240))}\n`,
        );
      }
    } else {
      t.keep++;
      total.keep++;
      if (r.redactionsCount > 0) {
        t.fp++;
        total.fp++;
        for (const x of r.redactions) {
          const o = ours.get(x.family)!;
          o.fp++;
          o.fpDetectors.set(x.detector, (o.fpDetectors.get(x.detector) ?? 0) + 1);
        }
        if (showMisses && strict) {
          process.stdout.write(
            `FP   ${row.id} ${row.family}: ${JSON.stringify(r.sanitized.slice(0, 240))}\n`,
          );
        }
      }
    }
  }
  const pct = (a: number, b: number): string =>
    b === 0 ? '   -  ' : `${((100 * a) / b).toFixed(1).padStart(5)}%`;
  process.stdout.write(`\n## ${strict ? 'strict' : 'non-strict'} (${path})\n\n`);
  process.stdout.write(
    '| corpus family | redact rows | recall | keep rows | false positives |\n|---|---:|---:|---:|---:|\n',
  );
  const families = [...byFamily.entries()].sort(
    (a, b) => b[1].redact + b[1].keep - (a[1].redact + a[1].keep),
  );
  for (const [family, t] of families) {
    process.stdout.write(
      `| ${family} | ${t.redact} | ${pct(t.caught, t.redact)} | ${t.keep} | ${pct(t.fp, t.keep)} |\n`,
    );
  }
  process.stdout.write(
    `| **all** | ${total.redact} | ${pct(total.caught, total.redact)} | ${total.keep} | ${pct(total.fp, total.keep)} |\n`,
  );
  process.stdout.write(
    `\n### by scrubber family (${strict ? 'strict' : 'non-strict'})\n\n| scrubber family | redact rows caught | keep rows flagged | noisiest detectors |\n|---|---:|---:|---|\n`,
  );
  for (const [f, o] of ours) {
    const noisy = [...o.fpDetectors.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([d, n]) => `${d} ${n}`)
      .join(', ');
    process.stdout.write(`| ${f} | ${o.caught} | ${o.fp} | ${noisy} |\n`);
  }
  const reasons = [...missReasons.entries()].sort((a, b) => b[1] - a[1]);
  process.stdout.write(
    `\nmissed redact rows by why: ${reasons.map(([r, n]) => `${r} ${n}`).join(', ')} (a listed span the shared not-secret check rejects, else "not detected")\n`,
  );
}
