/**
 * The policy file's schema (docs/policy.md): version, packs, the team's own deny rules and
 * exceptions. One zod schema validates files and generates the published JSON Schema
 * (docs/policy.schema.json, `npm run docs`). Unknown keys are errors at every level.
 */
import { z } from 'zod';
import { INVARIANT_NAMES } from '../engine/types.js';

/** Custom rule ids: `<PREFIX>-AST-<nnn>`, the prefix not one of the built-in ones. */
export const CUSTOM_RULE_ID = /^[A-Z][A-Z0-9]{0,15}-AST-\d{3}$/;

const SQL_KINDS = [
  'select',
  'insert',
  'update',
  'delete',
  'truncate',
  'drop',
  'alter',
  'create',
  'grant',
  'revoke',
  'copy',
  'load',
  'call',
  'other',
] as const;

const glob = z.string().min(1);
const oneOrMany = <T extends z.ZodType>(item: T) => z.union([item, z.array(item).min(1)]);

const matchSchema = z
  .object({
    command: oneOrMany(glob)
      .optional()
      .describe(
        "Glob(s) over each program run's normalised argv, at any nesting depth ('terraform destroy*').",
      ),
    path: oneOrMany(glob)
      .optional()
      .describe("Glob(s) over file paths the input touches, as written or resolved ('/srv/data/**')."),
    host: oneOrMany(glob)
      .optional()
      .describe("Glob(s) over network hosts the input reaches ('*.prod.example.com')."),
    sql: oneOrMany(z.enum(SQL_KINDS))
      .optional()
      .describe('SQL statement kinds (drop, truncate, delete, ...).'),
  })
  .strict()
  .refine((m) => Object.values(m).some((v) => v !== undefined), { message: 'match needs at least one key' });

export const customRuleSchema = z
  .object({
    id: z
      .string()
      .regex(CUSTOM_RULE_ID, 'must look like TEAM-AST-001 (an upper-case prefix, -AST-, three digits)')
      .describe('Reported as rule_id; a prefix of your own (TEAM-AST-001).'),
    reason: z.string().min(1).describe('Reported as reason.'),
    suggested_alternative: z.string().min(1).optional().describe('Reported as suggested_alternative.'),
    remediation_hint: z.string().min(1).optional().describe('Advice for the model; default: the reason.'),
    invariant: z
      .enum(INVARIANT_NAMES)
      .optional()
      .describe('Invariant (threat class) it reports under. Default NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE.'),
    match: matchSchema.describe('Every key given must be met by some fact of the input.'),
  })
  .strict();

export const allowSchema = z
  .object({
    rule: z.string().min(1).describe('Rule id the exception lifts (built-in or custom).'),
    command: glob.optional().describe('Glob over the normalised argv of the run the finding is about.'),
    cwd: glob.optional().describe('Glob over the workspace directory (engine.workspaceRoot).'),
    reason: z.string().optional().describe('Why the exception exists (for reviewers; not used).'),
  })
  .strict();

export const policySchema = z
  .object({
    version: z.literal(1).describe('Policy file format version: 1.'),
    packs: z
      .object({
        enable: z.array(z.string().min(1)).optional().describe('Packs (or prefix.* patterns) kept on.'),
        disable: z.array(z.string().min(1)).optional().describe('Packs (or prefix.* patterns) switched off.'),
      })
      .strict()
      .optional()
      .describe('Every pack is on by default; enable wins over disable.'),
    rules: z.array(customRuleSchema).optional().describe("The team's own deny rules."),
    allow: z.array(allowSchema).optional().describe('Exceptions to any rule, built-in or custom.'),
  })
  .strict();

export type PolicyDocument = z.output<typeof policySchema>;
export type CustomRuleDocument = z.output<typeof customRuleSchema>;

/** The JSON Schema of policy files (published as docs/policy.schema.json). */
export function policyJsonSchema(): string {
  const schema = z.toJSONSchema(policySchema, { target: 'draft-2020-12', unrepresentable: 'any' });
  const withId = {
    $id: 'https://agent-guard.dev/schemas/policy.schema.json',
    title: 'agent-guard policy file',
    ...schema,
  };
  return `${JSON.stringify(withId, null, 2)}\n`;
}
